import { NotFound } from '../../components/not-found';
import { usePageReady } from '../../lib/page-ready';

/** Any path no other route matches. */
export function NotFoundRoute() {
  usePageReady();
  return <NotFound />;
}
