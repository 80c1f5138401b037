/**
 * Staff badge lag (`npm run bench:staff-badge`, "A new order shows in the badge of an open admin page
 * within a second"): a signed-in staff page holds the websocket GET /v1/live; a shopper places `ORDERS` orders
 * (default 20, one at a time) over real HTTP with every projector running in this process. For each order: the
 * time from the place-order answer until the page, refetching GET /v1/site-summary on each `{type: 'badges'}`
 * push as the web app does, shows the new count; and until the first push. Prints median and p95 in milliseconds.
 * Figures only; it never fails on time.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { checkoutBody } from '../tests/support/order-test-kit.js';
import { fmt, percentile, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const ORDERS = Number(process.env.ORDERS ?? 20);

async function main() {
  const bench = await startStaffBench('staff_badge', ['bench-admin']);
  try {
    const staff = await bench.signIn('bench-admin');
    const summary = async () => {
      const res = await fetch(`${bench.base}/v1/site-summary`, { headers: { cookie: staff.cookie } });
      return ((await res.json()) as { data: { unfilledOrders: number } }).data.unfilledOrders;
    };
    const socket = new WebSocket(`${bench.base.replace('http', 'ws')}/v1/live`, { headers: { cookie: staff.cookie } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let pushes = 0;
    socket.on('message', (m) => {
      if (JSON.parse(String(m)).type === 'badges') pushes++;
    });
    await new Promise((r) => setTimeout(r, 200));
    const shopper = await bench.csrf();
    const shown: number[] = [];
    const firstPush: number[] = [];
    let count = await summary();
    for (let i = 0; i < ORDERS; i++) {
      const res = await fetch(`${bench.base}/v1/place-order`, {
        method: 'POST',
        headers: { cookie: shopper.cookie, 'x-csrf-token': shopper.token, 'content-type': 'application/json' },
        body: JSON.stringify(checkoutBody([{ product_id: productIdForCode('BENCH-1'), amount: 1 }], { client: { email: `bench-${i}@example.ee` } } as never)),
      });
      if (res.status !== 200) throw new Error(`place-order answered ${res.status}: ${await res.text()}`);
      const t0 = performance.now();
      const pushesBefore = pushes;
      let seen = pushes;
      let first = Number.NaN;
      for (;;) {
        if (performance.now() - t0 > 10_000) throw new Error('no badge within 10 s');
        if (pushes > seen) {
          if (Number.isNaN(first) && pushes > pushesBefore) first = performance.now() - t0;
          seen = pushes;
          const now = await summary();
          if (now > count) {
            count = now;
            break;
          }
        } else await new Promise((r) => setTimeout(r, 2));
      }
      shown.push(performance.now() - t0);
      firstPush.push(first);
      await new Promise((r) => setTimeout(r, 150));
    }
    socket.close();
    console.log(`\n${ORDERS} orders, one at a time; ms after the place-order answer:`);
    printTable([
      { measure: 'first {type: badges} push', median: fmt(percentile(firstPush, 50)), p95: fmt(percentile(firstPush, 95)), max: fmt(Math.max(...firstPush)) },
      { measure: 'badge shows the order (push + refetch)', median: fmt(percentile(shown, 50)), p95: fmt(percentile(shown, 95)), max: fmt(Math.max(...shown)) },
    ]);
  } finally {
    await bench.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
