/**
 * Bulk fitment (`npm run bench:fitment-bulk`; docs/architecture.md "Vehicle fitment", back office: "500 products in one go must
 * finish within 60 s"): 500 products selected by a facet value, over real HTTP with every projector in this process.
 * Each run applies "add the Triumph TR6" to all 500, then "remove it" (so each apply changes all 500, each product its
 * own ProductFitmentChanged), timing POST /v1/admin/fitment/apply until its answer, which comes after the listing
 * index shows the change. Baseline in the same run: the same 500 changes in process (`applyFitmentOperation`, no
 * HTTP, no wait for the listing). Also the preview. Prints medians over RUNS (default 5) in milliseconds; figures
 * only, it never fails on time.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { importCatalog } from '../commands/catalog/import-catalog.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { applyFitmentOperation } from '../commands/fitment/bulk-fitment.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { productRow } from '../tests/support/order-test-kit.js';
import { fmt, median, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const PRODUCTS = Number(process.env.PRODUCTS ?? 500);
const RUNS = Number(process.env.RUNS ?? 5);
const code = (i: number) => `FIT-${String(i).padStart(5, '0')}`;

async function main() {
  const now = () => new Date().toISOString();
  const bench = await startStaffBench('fitment_bulk', ['bench-admin'], {
    setup: async (store) => {
      await loadVehicleReference(store, '/nonexistent-vehicles-folder', { now: now() });
      const rows = Array.from({ length: PRODUCTS }, (_, i) => ({ ...productRow(code(i + 1)), attributes: [{ name: 'Marque', value: 'Triumph' }] }));
      await importCatalog(store, rows, { vatRatePercent: 24, concurrency: 8, now });
    },
  });
  try {
    const staff = await bench.signIn('bench-admin');
    const tr6 = ((await (await fetch(`${bench.base}/v1/vehicles/makes/triumph/models/tr6`)).json()) as { data: { generations: { id: string }[] } }).data.generations[0]!.id.split('.')[2]!;
    const application = { make: 'triumph', model: 'tr6', generation: tr6 };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${bench.base}${path}`, { method: 'POST', headers: { cookie: staff.cookie, 'x-csrf-token': staff.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { changed?: number; summary?: { changed: number } } }).data;
    };
    const selection = { facet: 'Marque=Triumph' };
    const preview: number[] = [];
    const applyHttp: number[] = [];
    const inProcess: number[] = [];
    const ids = Array.from({ length: PRODUCTS }, (_, i) => productIdForCode(code(i + 1)));
    const resolved = { kind: 'generation' as const, make: 'triumph', model: 'tr6', generation: tr6, from: '1968-01', to: '1976-12', label: 'Triumph TR6 (1968-1976)' };
    for (let run = 0; run < RUNS; run++) {
      // The preview reads the catalog read model: wait until it has followed the previous run's removal.
      let t = 0;
      for (const until = performance.now() + 60_000; ; ) {
        t = performance.now();
        const p = await post('/v1/admin/fitment/preview', { selection, operation: { op: 'add', applications: [application] }, pageSize: 50 });
        if (p.summary!.changed === PRODUCTS) break;
        if (performance.now() > until) throw new Error(`preview: ${p.summary!.changed} would change`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      preview.push(performance.now() - t);
      t = performance.now();
      const added = await post('/v1/admin/fitment/apply', { selection, operation: { op: 'add', applications: [application] }, reason: `bench run ${run}` });
      applyHttp.push(performance.now() - t);
      if (added.changed !== PRODUCTS) throw new Error(`apply: ${added.changed} changed`);
      const removed = await post('/v1/admin/fitment/apply', { selection, operation: { op: 'remove', applications: [application] }, reason: `bench run ${run}` });
      if (removed.changed !== PRODUCTS) throw new Error(`remove: ${removed.changed} changed`);
      const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: now() });
      t = performance.now();
      const direct = await applyFitmentOperation(bench.store, ids, { add: [resolved], reason: `bench baseline ${run}` }, ctx);
      inProcess.push(performance.now() - t);
      if (direct.changed !== PRODUCTS) throw new Error(`in process: ${direct.changed} changed`);
      await applyFitmentOperation(bench.store, ids, { remove: [resolved], reason: `bench baseline ${run}` }, ctx);
    }
    printTable([
      { what: `preview, ${PRODUCTS} products (HTTP)`, 'median ms': fmt(median(preview)), runs: RUNS },
      { what: `apply, ${PRODUCTS} products (HTTP, until the listing shows it)`, 'median ms': fmt(median(applyHttp)), runs: RUNS },
      { what: `baseline: the same ${PRODUCTS} commands in process`, 'median ms': fmt(median(inProcess)), runs: RUNS },
    ]);
  } finally {
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
