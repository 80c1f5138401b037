/**
 * The URL form of a vehicle (`v=`, docs/architecture.md "Vehicle fitment"), without zod, so the storefront's first chunk can check a
 * `?v=` value (web/src/lib/garage) without the schema library: `{make}.{model}.{generation}` (`mg.mgb.1962-1980`) or
 * `{make}.{model}.{year}` (`triumph.tr6.1972`). Slugs are lower-case letters, digits and '-'; a generation slug
 * always holds a '-', a year is four digits. `vehicles.ts` builds its zod schema on this pattern.
 */
export const VEHICLE_PARAM_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*\.(?:\d{4}|[a-z0-9]+(?:-[a-z0-9]+)+)$/;

/** Longest `v=` the api accepts. */
export const VEHICLE_PARAM_MAX_LENGTH = 200;

/** True when `value` is a well-formed `v=` (the api may still answer 404 for a vehicle it does not know). */
export function isVehicleParam(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= VEHICLE_PARAM_MAX_LENGTH && VEHICLE_PARAM_PATTERN.test(value);
}
