/**
 * ClientList figures (clients): the clients read model's search (GET /v1/admin/clients' query,
 * projections/clients/queries.ts `listClients`) over CLIENTS clients. Run: `npm run bench:client-list`
 * (env: CLIENTS default 100000, QUERIES 400).
 *
 * Database `shop_bench_clients` on the local PostgreSQL server: the clients read model created as the projector
 * creates it (tables and indexes), then CLIENTS rows generated in SQL (names from 10 x 10 first and last names plus a
 * number, e-mail, phone, every eleventh a business, order counts and totals) and analysed. Then QUERIES calls of
 * `listClients`, a seeded mix of no filter, type, a surname, a surname and first name, an e-mail fragment, a phone
 * in spaces and a page 1-5. Prints p50 / p95 / p99 per kind in ms. Figures only; it never fails on time.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { clientsReadModel } from '../projections/clients/writer.js';
import { listClients } from '../projections/clients/queries.js';
import { ensureReadModel } from '../projections/read-model.js';
import { benchDatabaseUrl, fmt, percentile, printTable } from './support.js';

const CLIENTS = Number(process.env.CLIENTS ?? 100_000);
const QUERIES = Number(process.env.QUERIES ?? 400);

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Mari', 'Jaan', 'Kati', 'Peeter', 'Liis', 'Toomas', 'Anu', 'Rein', 'Kadri', 'Margus'];
const LAST = ['Tamm', 'Saar', 'Sepp', 'Mägi', 'Kask', 'Kukk', 'Rebane', 'Ilves', 'Pärn', 'Lepik'];

async function main() {
  const url = await benchDatabaseUrl('shop_bench_clients');
  const db = createDatabase(url, { max: 4 });
  await migrate(db);
  const store = new PostgresEventStore(db);
  await sql`drop schema if exists rm_clients cascade`.execute(db);
  await ensureReadModel(db, store, clientsReadModel);
  const t0 = performance.now();
  await sql`
    insert into rm_clients.clients (client_id, customer_type, first_name, last_name, business_name, email, email_normalised, phone, vat_reg_nr, address, search,
      forgotten, registered_at, forgotten_at, order_count, total_spent_cents, last_order_at, version)
    select c.id, c.type, c.first, c.last, c.business, c.email, lower(c.email), c.phone, '', '{"street":"","apartment":"","city":"Tallinn","state":"","areaCode":"","country":"EE"}'::jsonb,
      lower(concat_ws(' ', c.first, c.last, nullif(c.business, ''), c.email, c.phone, regexp_replace(c.phone, '\\D', '', 'g'))),
      false, c.at, null, 1 + g % 7, (1 + g % 7) * 2490, c.at, 1 + g % 5
    from generate_series(1, ${CLIENTS}) g,
    lateral (select md5(g::text)::uuid::text as id,
      case when g % 11 = 0 then 'business' else 'private' end as type,
      (${FIRST}::text[])[1 + g % 10] as first,
      (${LAST}::text[])[1 + (g / 10) % 10] || g::text as last,
      case when g % 11 = 0 then 'Firma ' || g::text || ' OÜ' else '' end as business,
      'klient' || g::text || '@example.ee' as email,
      '+372 5' || lpad((g % 1000000)::text, 6, '0') || lpad((g % 97)::text, 1, '0') as phone,
      timestamptz '2026-11-20T18:00:00Z' - (g || ' minutes')::interval as at) c`.execute(db);
  await sql`analyze rm_clients.clients`.execute(db);
  console.log(`${CLIENTS} clients generated in ${fmt((performance.now() - t0) / 1000)} s`);

  const random = rng(12);
  const kinds = {
    'no filter': () => ({}),
    'type=business': () => ({ type: 'business' as const }),
    'q=surname': () => ({ q: `${LAST[Math.floor(random() * 10)]}${1 + Math.floor(random() * CLIENTS)}` }),
    'q=first + surname prefix': () => ({ q: `${FIRST[Math.floor(random() * 10)]} ${LAST[Math.floor(random() * 10)].slice(0, 4)}` }),
    'q=e-mail fragment': () => ({ q: `klient${1 + Math.floor(random() * CLIENTS)}@` }),
    'q=phone with spaces': () => ({ q: `5${String(Math.floor(random() * 1_000_000)).padStart(6, '0').slice(0, 3)} ${String(Math.floor(random() * 1000)).padStart(3, '0')}` }),
  };
  const rows: Record<string, string | number>[] = [];
  for (const [kind, make] of Object.entries(kinds)) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < QUERIES / Object.keys(kinds).length; i++) {
      const page = 1 + Math.floor(random() * 5);
      const start = performance.now();
      const result = await listClients(db, { ...make(), page, pageSize: 48 });
      times.push(performance.now() - start);
      found += result.total;
    }
    rows.push({ query: kind, runs: times.length, 'avg total': Math.round(found / times.length), 'p50 ms': fmt(percentile(times, 50)), 'p95 ms': fmt(percentile(times, 95)), 'p99 ms': fmt(percentile(times, 99)) });
  }
  printTable(rows);
  await db.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
