/**
 * Live payment lag (`npx tsx bench/live-payment.bench.ts`, live payment page: the shopper's payment page learns 'paid'
 * over the websocket instead of asking every 5 s). For each of `ORDERS` orders (default 20, one at a time) a shopper
 * places it over real HTTP, a payment page socket watches it on GET /v1/live (`{"order": token}`) beside `PAGES`
 * other open payment pages (default 50, each watching its own unpaid order), and a staff member marks it paid
 * (POST /v1/admin/orders/{id}/paid) with every projector running in this process. Measured from the paid answer:
 * the `{type: 'payment', paid: true}` push, and the page showing paid (push + GET /v1/payment/{token}, as the web
 * app refetches). Prints median, p95 and max in milliseconds, and how many pushes reached the other pages (must be
 * 0). Figures only; it never fails on time.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { checkoutBody } from '../tests/support/order-test-kit.js';
import { fmt, percentile, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const ORDERS = Number(process.env.ORDERS ?? 20);
const PAGES = Number(process.env.PAGES ?? 50);

async function main() {
  const bench = await startStaffBench('live_payment', ['bench-admin']);
  const sockets: WebSocket[] = [];
  try {
    const staff = await bench.signIn('bench-admin');
    const shopper = await bench.csrf();
    const place = async (i: number) => {
      const res = await fetch(`${bench.base}/v1/place-order`, {
        method: 'POST',
        headers: { cookie: shopper.cookie, 'x-csrf-token': shopper.token, 'content-type': 'application/json' },
        body: JSON.stringify(checkoutBody([{ product_id: productIdForCode('BENCH-1'), amount: 1 }], { client: { email: `live-${i}@example.ee` } } as never)),
      });
      if (res.status !== 200) throw new Error(`place-order answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { order: { id: string; public_token: string } } }).data.order;
    };
    const watch = async (token: string, onPaid: () => void) => {
      const socket = new WebSocket(`${bench.base.replace('http', 'ws')}/v1/live`);
      sockets.push(socket);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.on('message', (m) => {
        const data = JSON.parse(String(m)) as { type?: string; paid?: boolean };
        if (data.type === 'payment' && data.paid) onPaid();
      });
      socket.send(JSON.stringify({ order: token }));
    };
    let strayPushes = 0;
    for (let i = 0; i < PAGES; i++) await watch((await place(1000 + i)).public_token, () => strayPushes++);

    const pushed: number[] = [];
    const shown: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const order = await place(i);
      let pushAt = Number.NaN;
      let resolvePush: () => void = () => {};
      const push = new Promise<void>((resolve) => (resolvePush = resolve));
      await watch(order.public_token, () => {
        pushAt = performance.now();
        resolvePush();
      });
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`${bench.base}/v1/admin/orders/${order.id}/paid`, {
        method: 'POST',
        headers: { cookie: staff.cookie, 'x-csrf-token': staff.token, 'content-type': 'application/json' },
        body: JSON.stringify({ paid: true }),
      });
      if (res.status !== 200) throw new Error(`paid answered ${res.status}: ${await res.text()}`);
      const t0 = performance.now();
      await Promise.race([push, new Promise((_, reject) => setTimeout(() => reject(new Error('no push within 10 s')), 10_000))]);
      pushed.push(pushAt - t0);
      const page = (await (await fetch(`${bench.base}/v1/payment/${order.public_token}`)).json()) as { data: { order: { isPaid: boolean } } };
      if (!page.data.order.isPaid) throw new Error('pushed paid, but the payment page still reads unpaid');
      shown.push(performance.now() - t0);
    }
    console.log(`\n${ORDERS} orders marked paid one at a time, ${PAGES} other payment pages open; ms after the paid answer:`);
    printTable([
      { measure: "{type: 'payment', paid: true} push", median: fmt(percentile(pushed, 50)), p95: fmt(percentile(pushed, 95)), max: fmt(Math.max(...pushed)) },
      { measure: 'page shows paid (push + GET /v1/payment)', median: fmt(percentile(shown, 50)), p95: fmt(percentile(shown, 95)), max: fmt(Math.max(...shown)) },
    ]);
    console.log(`pushes that reached another order's page: ${strayPushes}`);
  } finally {
    for (const s of sockets) s.close();
    await bench.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
