/**
 * Runs the generated demo history on the shop's runtime: shared by `npm run demo:history` and `npm start`'s opt-in
 * (DEMO_HISTORY_DAYS). Once per database (the marker stream `setup-demo-history`).
 */
import path from 'node:path';
import { orderNumbersOf } from '../api/plugins/order-ports.js';
import { seedWarehouses } from '../commands/warehouse/seed-warehouses.js';
import type { Config } from '../platform/config.js';
import { demoCatalogProducts, type DemoHistoryReport, hasDemoHistory, simulateDemoHistory } from './demo-history-simulation.js';
import { repoRoot, type Runtime } from './runtime.js';

/**
 * Generates `days` days of history ending yesterday (UTC), unless one was generated already.
 * @returns the report, or null when the database already had a history
 * @throws Error when the demo catalog was not imported yet (run `npm start` once first)
 */
export async function runDemoHistory(rt: Pick<Runtime, 'store' | 'db'>, config: Pick<Config, 'vatRatePercent' | 'orderReservationTtlMs'>, options: { days: number; seed: number; log: (line: string) => void }): Promise<DemoHistoryReport | null> {
  const { log } = options;
  if (await hasDemoHistory(rt.store)) {
    log('demo history: this database already has one (stream setup-demo-history); nothing added');
    return null;
  }
  if (!(await rt.store.readStream('setup-demo-catalog', { maxCount: 1 })).exists) throw new Error('the demo catalog is not imported yet: run `npm start` once first');
  const started = Date.now();
  const catalog = await demoCatalogProducts(path.join(repoRoot, 'data', 'demo-catalog.csv'));
  await seedWarehouses(rt.store, new Date().toISOString());
  const end = new Date().toISOString().slice(0, 10);
  log(`demo history: generating ${options.days} days before ${end} (seed ${options.seed}) through the commands ...`);
  const report = await simulateDemoHistory(rt.store, {
    days: options.days,
    seed: options.seed,
    end,
    products: catalog.sellable,
    searchCatalog: catalog.all,
    warehouseId: 'tallinn',
    vatRatePercent: config.vatRatePercent,
    reservationTtlMs: config.orderReservationTtlMs,
    nextOrderNumber: () => orderNumbersOf(rt.db).next(),
    log,
  });
  log(
    `demo history: ${report.from} to ${report.to} (GENERATED): ${report.searches} searches (${report.zeroResultSearches} without results), ` +
      `${report.ordersPlaced} orders (${report.ordersPaid} paid, ${report.ordersExpired} expired, ${report.ordersFilled} filled; ${report.ordersRefused} refused for stock), ` +
      `${report.stockReceipts} stock receipts, ${report.backInStockRequests} back-in-stock requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return report;
}
