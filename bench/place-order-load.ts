/**
 * The place-order load of the benchmarks (bench/place-order.bench.ts, bench/connections.bench.ts): `HOT` products
 * with a large limited stock, and shoppers that place orders of 1-3 random hot products (1 unit each, their own
 * Idempotency-Key) over real HTTP for a while, so writers conflict on the hot stock streams and retry.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ImportRow } from '../commands/catalog/catalog-csv.js';
import { checkoutBody, productRow } from '../tests/support/order-test-kit.js';

/** Products every order draws from; each has `stock` units (default 1,000,000) of one warehouse. */
export function hotProductRows(count = 10, stock = 1_000_000): ImportRow[] {
  return Array.from({ length: count }, (_, i) => productRow(`HOT-${i}`, { grossCents: 1000 + i, stock }));
}

export interface PlaceOrderLoadResult {
  /** Request latencies in milliseconds, in completion order. */
  latencies: number[];
  /** HTTP status -> count. */
  statuses: Map<number, number>;
  /** Units of the accepted (200) orders. */
  units: number;
  /** Wall time of the load in seconds. */
  seconds: number;
}

/**
 * Runs `shoppers` concurrent shoppers against the api at `address` (e.g. http://127.0.0.1:3000) for `durationS`
 * seconds, each order 1-3 of `productIds`, 1 unit each. Shares one CSRF cookie and token (api/plugins/csrf.ts).
 */
export async function runPlaceOrderLoad(options: { address: string; productIds: string[]; shoppers: number; durationS: number }): Promise<PlaceOrderLoadResult> {
  const { address, productIds: ids } = options;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let units = 0;
  const tokenAnswer = await fetch(`${address}/v1/csrf-token`);
  const csrf = { cookie: tokenAnswer.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), 'x-csrf-token': ((await tokenAnswer.json()) as { data: { token: string } }).data.token };
  const until = performance.now() + options.durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.shoppers }, async () => {
      while (performance.now() < until) {
        const lines = [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ids[Math.floor(Math.random() * ids.length)]))];
        const t = performance.now();
        const res = await fetch(`${address}/v1/place-order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...csrf },
          body: JSON.stringify(checkoutBody(lines.map((product_id) => ({ product_id, amount: 1 })))),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) units += lines.length;
      }
    }),
  );
  return { latencies, statuses, units, seconds: (performance.now() - started) / 1000 };
}
