/**
 * Queries of the delivery read model (schema `rm_delivery`): the locations a provider offers, for
 * GET /v1/delivery-provider (spec 7) and for the checkout checks of place-order (spec 5 "Checkout").
 * Read-only; they never see the event store.
 */
import { type Kysely, sql } from 'kysely';
import type { DeliveryProviderId } from '../../domain/delivery/providers.js';
import { liveSchema } from '../read-model.js';
import type { LocationRow } from './projection.js';
import { deliveryReadModel } from './writer.js';
import type { DeliveryTables } from './schema.js';

const T = (table: string) => sql.id(liveSchema(deliveryReadModel), table);

/** A location as the read model holds it. */
export interface DeliveryLocationView {
  providerId: string;
  id: string;
  name: string;
  /** EE, LV, LT or FI. */
  country: string;
  city: string;
  address: string;
  postalCode: string | null;
  /** False once the carrier's feed no longer lists it: checkout must not offer or accept it. */
  offered: boolean;
}

/** The columns the queries read (the writer's row without its change time). */
type Row = Omit<LocationRow, 'changed_at'>;
const toView = (r: Row): DeliveryLocationView => ({
  providerId: r.provider_id,
  id: r.location_id,
  name: r.name,
  country: r.country,
  city: r.city,
  address: r.address,
  postalCode: r.postal_code,
  offered: r.offered,
});

/**
 * True when `providerId` offers the location `optionId` now (spec 5: a location provider needs a delivery_option;
 * a location the feed dropped is not offered).
 */
export async function isLocationOffered(db: Kysely<DeliveryTables>, providerId: string, optionId: string): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    select exists (select 1 from ${T('locations')} where provider_id = ${providerId} and location_id = ${optionId} and offered) as ok`.execute(db);
  return r.rows[0].ok;
}

/**
 * One location of a provider, offered or not (an order keeps the name of a parcel machine removed since), or null
 * when the provider never listed it.
 */
export async function getLocation(db: Kysely<DeliveryTables>, providerId: string, optionId: string): Promise<DeliveryLocationView | null> {
  const r = await sql<Row>`
    select provider_id, location_id, name, country, city, address, postal_code, offered
    from ${T('locations')} where provider_id = ${providerId} and location_id = ${optionId}`.execute(db);
  return r.rows[0] ? toView(r.rows[0]) : null;
}

/**
 * The offered locations of the given providers (optionally of one country), in no particular order (the API sorts
 * by name in the request's language).
 */
export async function listOfferedLocations(db: Kysely<DeliveryTables>, providerIds: readonly DeliveryProviderId[], country?: string): Promise<DeliveryLocationView[]> {
  if (!providerIds.length) return [];
  const r = await sql<Row>`
    select provider_id, location_id, name, country, city, address, postal_code, offered
    from ${T('locations')}
    where offered and provider_id = any(${[...providerIds]}::text[]) ${country ? sql`and country = ${country}` : sql``}`.execute(db);
  return r.rows.map(toView);
}

/**
 * The `offeredOption` predicate of `validateDelivery` (domain/delivery/providers.ts) for one checkout: looks the
 * chosen location up once, so the pure validation stays synchronous.
 */
export async function offeredOptionFor(db: Kysely<DeliveryTables>, providerId: string | null | undefined, optionId: string | null | undefined): Promise<(providerId: string, optionId: string) => boolean> {
  const offered = !!providerId && !!optionId && (await isLocationOffered(db, providerId.trim(), optionId.trim()));
  return (p, o) => offered && p === providerId?.trim() && o === optionId?.trim();
}

/** The last refresh of each provider's locations (source feed or snapshot, offered count, time ISO-8601). */
export async function locationRefreshes(db: Kysely<DeliveryTables>): Promise<{ providerId: string; source: string; offered: number; refreshedAt: string }[]> {
  const r = await sql<{ provider_id: string; source: string; offered: number; refreshed_at: Date }>`
    select provider_id, source, offered, refreshed_at from ${T('providers')} order by provider_id`.execute(db);
  return r.rows.map((x) => ({ providerId: x.provider_id, source: x.source, offered: x.offered, refreshedAt: new Date(x.refreshed_at).toISOString() }));
}
