import { NotFound } from '../../components/not-found';

/** Any path no other route matches. */
export function NotFoundRoute() {
  return <NotFound />;
}
