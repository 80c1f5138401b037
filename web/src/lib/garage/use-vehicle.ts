/**
 * The active vehicle of a page (docs/architecture.md "Vehicle fitment": "the active vehicle is in the URL `?v=` so a link shares
 * it; opening a link with `?v=` makes that vehicle active and adds it to the garage").
 *
 * - `useActiveVehicle()`: the URL's well-formed `v=`, else the garage's active vehicle (after hydration), else null.
 *   Pages pass it to the api as `v=`; the server render reads only the URL (app/prefetch-route.ts).
 * - `useVehicleUrlSync()`: called once by a page that lists parts (listing, category URL, search results, product
 *   page). Keeps URL and garage in step, the side that changed winning: a new `v=` in the URL (a shared link, back or
 *   forward) becomes the garage's active vehicle; a change in the garage (the picker, a removal) or a URL without
 *   `v=` (a menu link) rewrites the URL in place (replace, keeping the scroll position), `page` dropped when the
 *   vehicle changes. A vehicle that came by URL gets its name from GET /v1/vehicles/makes/{make}/models/{model}
 *   (`resolveVehicleLabel`, ./resolve-label.ts); one the api does not know (404) leaves the garage again.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isVehicleParam } from '../../../../api/contracts/vehicle-param';
import { useRouteLanguage } from '../language';
import { garage, useGarage } from './store';

/** The URL's `v=` when well-formed, else null. */
export function vehicleParamOf(sp: URLSearchParams): string | null {
  const v = sp.get('v');
  return isVehicleParam(v) ? v : null;
}

/** The vehicle the page shows parts for: the URL's, else the garage's active one; null for none. */
export function useActiveVehicle(): string | null {
  const [sp] = useSearchParams();
  const { active } = useGarage();
  return vehicleParamOf(sp) ?? active;
}

/** The URL query `search` with `v` set to `vehicle` (or removed for null) and `page` dropped; '' or '?...'. */
export function searchWithVehicle(search: string, vehicle: string | null): string {
  const sp = new URLSearchParams(search);
  if (vehicle) sp.set('v', vehicle);
  else {
    sp.delete('v');
    sp.delete('unknown');
  }
  sp.delete('page');
  const qs = sp.toString();
  return qs ? `?${qs}` : '';
}

export function useVehicleUrlSync(): void {
  const { lang } = useRouteLanguage();
  const [sp] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { active } = useGarage();
  const urlVehicle = vehicleParamOf(sp);
  const previous = useRef<{ url: string | null; active: string | null } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { url: urlVehicle, active };
    if (urlVehicle && urlVehicle !== active && (!before || before.url !== urlVehicle)) {
      garage.activate(urlVehicle); // the URL changed (a link, back/forward): it wins
      // Its name, asked in a small chunk of its own (only a vehicle that came by URL needs it).
      if (!garage.get().vehicles.find((v) => v.id === urlVehicle)?.label) void import('./resolve-label').then((m) => m.resolveVehicleLabel(urlVehicle, lang));
      return;
    }
    if (urlVehicle !== active && (active !== null || urlVehicle !== null)) {
      void navigate(`${pathname}${searchWithVehicle(search, active)}`, { replace: true, state: { keepScroll: true } });
    }
  }, [urlVehicle, active, pathname, search, navigate, lang]);
}
