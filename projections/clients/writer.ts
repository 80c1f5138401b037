/**
 * The clients read model (schema `rm_clients`, spec 2 ClientList / ClientEdit), fed by the Client aggregate's
 * events (domain/client). Personal data arrives sealed: each batch loads the keys its events name from
 * `personal_data.keys` (in the batch's own transaction) and opens the seals; a seal whose key was deleted opens to
 * nothing, so a rebuild after 'forget' writes blanks. ClientForgotten blanks the row ('' in every personal column,
 * `forgotten`), so the live model and a rebuild end with the same rows (projections/rebuild.int.spec.ts).
 *
 * Tables: clients, client_orders (schema.ts), position (idempotent by stream position).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { CLIENT_EVENT_TYPES, type ClientDetails } from '../../domain/client/client.js';
import { keyIdsOf, toClientEvent } from '../../domain/client/events.js';
import { normaliseEmailAddress } from '../../domain/shared/email.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { loadPersonalDataKeys, sealOpener } from '../../platform/security/personal-data.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { ClientsTables } from './schema.js';

const T = (schema: string, table: string) => sql.id(schema, table);

async function createTables(db: Kysely<ClientsTables>, schema: string): Promise<void> {
  await sql`
    create table ${T(schema, 'clients')} (
      client_id text primary key,
      customer_type text not null,
      first_name text not null,
      last_name text not null,
      business_name text not null,
      email text not null,
      email_normalised text not null,
      phone text not null,
      vat_reg_nr text not null,
      address jsonb not null,
      search text not null,
      forgotten boolean not null,
      registered_at timestamptz not null,
      forgotten_at timestamptz,
      order_count integer not null,
      total_spent_cents bigint not null,
      last_order_at timestamptz,
      version integer not null
    )`.execute(db);
  await sql`
    create table ${T(schema, 'client_orders')} (
      order_id text primary key,
      client_id text not null,
      number integer not null,
      placed_at timestamptz not null,
      total_cents bigint not null
    )`.execute(db);
  await sql`create table ${T(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<ClientsTables>, schema: string): Promise<void> {
  await sql`create index ${sql.id('clients_search_trgm')} on ${T(schema, 'clients')} using gin (search gin_trgm_ops)`.execute(db);
  await sql`create index ${sql.id('clients_last_order')} on ${T(schema, 'clients')} (last_order_at desc nulls last, client_id)`.execute(db);
  await sql`create index ${sql.id('clients_email')} on ${T(schema, 'clients')} (email_normalised)`.execute(db);
  await sql`create index ${sql.id('client_orders_client')} on ${T(schema, 'client_orders')} (client_id, placed_at desc)`.execute(db);
}

const BLANK: ClientDetails = { firstName: '', lastName: '', businessName: '', email: '', phone: '', vatRegNr: '', address: { street: '', apartment: '', city: '', state: '', areaCode: '', country: '' } };

/** The lower-cased text a search matches: names, e-mail, the phone as typed and as digits. */
export function clientSearchText(d: ClientDetails): string {
  return [d.firstName, d.lastName, d.businessName, d.email, d.phone, d.phone.replace(/\D/g, '')].filter(Boolean).join(' ').toLowerCase();
}

function personalColumns(d: ClientDetails | null) {
  const x = d ?? BLANK;
  return {
    first_name: x.firstName,
    last_name: x.lastName,
    business_name: x.businessName,
    email: x.email,
    email_normalised: x.email ? normaliseEmailAddress(x.email) : '',
    phone: x.phone,
    vat_reg_nr: x.vatRegNr,
    address: JSON.stringify(x.address),
    search: clientSearchText(x),
  };
}

async function applyBatch(trx: Transaction<ClientsTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const clients = T(schema, 'clients');
  const orders = T(schema, 'client_orders');
  const open = sealOpener(await loadPersonalDataKeys(trx, keyIdsOf(events)));
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = toClientEvent(event, open);
    const version = Number(event.streamPosition);
    switch (e.type) {
      case 'ClientRegistered': {
        const d = e.data;
        const p = personalColumns(d.details);
        // A registration after 'forget' starts afresh: the forgotten registration's orders leave the list.
        await sql`delete from ${orders} where client_id = ${d.clientId}`.execute(trx);
        await sql`
          insert into ${clients} as c (client_id, customer_type, first_name, last_name, business_name, email, email_normalised, phone, vat_reg_nr, address, search,
            forgotten, registered_at, forgotten_at, order_count, total_spent_cents, last_order_at, version)
          values (${d.clientId}, ${d.customerType}, ${p.first_name}, ${p.last_name}, ${p.business_name}, ${p.email}, ${p.email_normalised}, ${p.phone}, ${p.vat_reg_nr},
            ${p.address}::jsonb, ${p.search}, false, ${d.registeredAt}, null, 1, ${d.order.totalCents}, ${d.order.placedAt}, ${version})
          on conflict (client_id) do update set customer_type = excluded.customer_type, first_name = excluded.first_name, last_name = excluded.last_name,
            business_name = excluded.business_name, email = excluded.email, email_normalised = excluded.email_normalised, phone = excluded.phone,
            vat_reg_nr = excluded.vat_reg_nr, address = excluded.address, search = excluded.search, forgotten = false, registered_at = excluded.registered_at,
            forgotten_at = null, order_count = 1, total_spent_cents = excluded.total_spent_cents, last_order_at = excluded.last_order_at, version = excluded.version`.execute(trx);
        await sql`insert into ${orders} (order_id, client_id, number, placed_at, total_cents) values (${d.order.orderId}, ${d.clientId}, ${d.order.number}, ${d.order.placedAt}, ${d.order.totalCents})
          on conflict (order_id) do update set client_id = excluded.client_id`.execute(trx);
        return;
      }
      case 'ClientOrderLinked': {
        const { clientId, order } = e.data;
        await sql`insert into ${orders} (order_id, client_id, number, placed_at, total_cents) values (${order.orderId}, ${clientId}, ${order.number}, ${order.placedAt}, ${order.totalCents})
          on conflict (order_id) do nothing`.execute(trx);
        await sql`
          update ${clients} set order_count = order_count + 1, total_spent_cents = total_spent_cents + ${order.totalCents},
            last_order_at = greatest(last_order_at, ${order.placedAt}::timestamptz), version = ${version}
          where client_id = ${clientId}`.execute(trx);
        return;
      }
      case 'ClientDetailsChanged': {
        const p = personalColumns(e.data.details);
        await sql`
          update ${clients} set customer_type = ${e.data.customerType}, first_name = ${p.first_name}, last_name = ${p.last_name}, business_name = ${p.business_name},
            email = ${p.email}, email_normalised = ${p.email_normalised}, phone = ${p.phone}, vat_reg_nr = ${p.vat_reg_nr}, address = ${p.address}::jsonb,
            search = ${p.search}, version = ${version}
          where client_id = ${e.data.clientId}`.execute(trx);
        return;
      }
      case 'ClientForgotten': {
        const p = personalColumns(null);
        await sql`
          update ${clients} set first_name = ${p.first_name}, last_name = ${p.last_name}, business_name = ${p.business_name}, email = ${p.email},
            email_normalised = ${p.email_normalised}, phone = ${p.phone}, vat_reg_nr = ${p.vat_reg_nr}, address = ${p.address}::jsonb, search = ${p.search},
            forgotten = true, forgotten_at = ${e.data.forgottenAt}, version = ${version}
          where client_id = ${e.data.clientId}`.execute(trx);
        return;
      }
    }
  });
}

export const clientsReadModel: ReadModel = {
  name: 'clients',
  version: 1,
  eventTypes: CLIENT_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'clients', orderBy: 't.client_id' },
    { table: 'client_orders', orderBy: 't.order_id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
