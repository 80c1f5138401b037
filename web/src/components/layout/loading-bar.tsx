import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/** Thin progress bar while data or a route loads (spec 2 "Header"). Decorative: regions set aria-busy. */
export function LoadingBar() {
  const fetching = useIsFetching();
  const navigation = useNavigation();
  const active = fetching > 0 || navigation.state !== 'idle';
  return <div className={`loading-bar${active ? ' is-active' : ''}`} aria-hidden="true" />;
}
