/**
 * `npm start` (through bin/bootstrap.mjs): everything on one machine.
 * 1. PostgreSQL and Redis: DATABASE_URL / REDIS_URL when set, else local servers (started or installed when needed);
 * 2. platform migrations; the web app (browser and server bundles) built when missing or older than its sources;
 * 3. the demo catalog (data/demo-catalog.csv) imported through commands on the first start only; the site's global
 *    fields and main menu seeded (commands/site/seed-site-content.ts);
 *    the demo catalog's warehouses (tallinn, tartu) recorded as Warehouse aggregates when missing; on the first
 *    start the demo gallery album (generated pictures, commands/gallery/seed-demo-album.ts);
 * 4. every role in this process: projectors, workers, and the api serving the storefront on 127.0.0.1 unless HOST
 *    says otherwise; prints the URL, and a warning whenever the sandbox bank is on beyond loopback;
 * 5. on a start that finds no user, the first administrator (roles ADMIN and CLIENT): ADMIN_USERNAME /
 *    ADMIN_PASSWORD when set, else user `admin` with a generated password printed once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { importCatalogFile } from '../commands/catalog/import-catalog.js';
import { readCatalogCsv } from '../commands/catalog/catalog-csv.js';
import { DEMO_FITMENT_MARKER, recordDemoFitment } from '../commands/fitment/demo-fitment.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { seedDemoAlbum } from '../commands/gallery/seed-demo-album.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { seedWarehouses } from '../commands/warehouse/seed-warehouses.js';
import { toNewEvents } from '../commands/shared/command-handler.js';
import { isLoopbackHost, loadConfig, sandboxExposureWarning } from '../platform/config.js';
import { ensureDocumentFonts } from '../platform/documents/fonts.js';
import { FileStorage } from '../platform/files/file-storage.js';
import { startMailCatcher } from '../platform/mail/catcher.js';
import { ensureDatabase, ensurePostgres, ensureRedis } from '../platform/services/ensure-services.js';
import { runDemoHistory } from './demo-history-run.js';
import { openRuntime, repoRoot, startEveryRole } from './runtime.js';
import { buildWebIfStale } from './web-build.js';

const log = (line: string) => process.stdout.write(`[start] ${line}\n`);

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    const admin = await ensurePostgres(log);
    process.env.DATABASE_URL = await ensureDatabase(admin, 'shop');
  }
  if (!process.env.REDIS_URL) process.env.REDIS_URL = await ensureRedis(log);
  // One machine: the shop's address defaults to http://localhost:PORT and the sandbox bank is on (platform/config.ts).
  const config = loadConfig(process.env, 'one-machine');
  buildWebIfStale(log);
  const rt = await openRuntime(config, 'all');

  // Mail: the order PDF's font (fonts-dejavu-core), and maildev in this process receiving the shop's mail
  // (SMTP_URL's default) for its web UI; off with MAIL_CATCHER=off or when SMTP_URL names another server.
  await ensureDocumentFonts(log);
  const catcher = config.mail.catcher.enabled
    ? await startMailCatcher({ ...config.mail.catcher, log }).catch((error: Error) => (log(`mail catcher not started: ${error.message}`), null))
    : null;

  const roles = await startEveryRole(rt, log, {
    admin: { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD },
    prepare: async () => {
      // The first start imports the demo catalog and then records that it did, in a stream of its own: an interrupted
      // import is simply run again on the next start (the import is idempotent), a finished one never.
      const marker = 'setup-demo-catalog';
      if (!(await rt.store.readStream(marker, { maxCount: 1 })).exists) {
        const file = path.join(repoRoot, 'data', 'demo-catalog.csv');
        const total = readFileSync(file, 'utf8').split('\n').length - 2;
        log(`importing the demo catalog (${total} products) through commands ...`);
        const started = Date.now();
        const report = await importCatalogFile(rt.store, file, {
          vatRatePercent: config.vatRatePercent,
          onProgress: (done) => log(`import: ${done} of ${total} products`),
        });
        log(`import: ${report.imported} products, ${report.appended} events in ${((Date.now() - started) / 1000).toFixed(0)} s; ${report.errors.length} rows rejected`);
        for (const e of report.errors.slice(0, 10)) log(`  line ${e.line}: ${e.errors.join('; ')}`);
        const now = new Date().toISOString();
        const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now };
        await rt.store.appendToStream(marker, toNewEvents([{ type: 'DemoCatalogImported', data: { file: 'data/demo-catalog.csv', products: report.imported, rejected: report.errors.length } }], marker, ctx), { expectedVersion: 'any' });
      } else {
        log('demo catalog already imported: nothing to import');
      }
      // The vehicle reference (../shared/data/vehicles, read in place, and the classic cars), then the demo catalog's
      // generated fitment (commands/fitment/demo-fitment.ts): each recorded once, a later start reads one marker each.
      const referenceStarted = Date.now();
      const reference = await loadVehicleReference(rt.store, path.resolve(repoRoot, '..', 'shared', 'data', 'vehicles'));
      log(reference.loaded ? `vehicle reference: ${reference.added} vehicles of ${reference.makes} makes added in ${Date.now() - referenceStarted} ms (${reference.sources.join(', ') || 'classic cars only: ../shared/data/vehicles not found'})` : 'vehicle reference already loaded');
      if (!(await rt.store.readStream(DEMO_FITMENT_MARKER, { maxCount: 1 })).exists) {
        const fitmentStarted = Date.now();
        const demoRows: { code1: string; vehicles: string[] }[] = [];
        for await (const row of readCatalogCsv(path.join(repoRoot, 'data', 'demo-catalog.csv'))) if ('productId' in row && row.vehicles.length) demoRows.push(row);
        const fitment = await recordDemoFitment(rt.store, demoRows);
        log(`demo fitment: ${fitment.changed} of ${fitment.products} products recorded, ${fitment.vehiclesAdded} vehicles added, in ${((Date.now() - fitmentStarted) / 1000).toFixed(1)} s`);
      }
      // Global fields and the main menu (footer, header): recorded only where they differ from the seed.
      await seedSiteContent(rt.store, new Date().toISOString());
      // Delivery: parcel machine locations from the snapshots (the worker refreshes them from the carriers' feeds) and
      // the postage products priced like any catalog product.
      await setupDelivery(rt.store, new Date().toISOString(), { vatRatePercent: config.vatRatePercent });
      // The demo stock's warehouses (stock commands refuse an unknown warehouse), for a database imported
      // before warehouses were aggregates; the import creates them too.
      await seedWarehouses(rt.store, new Date().toISOString());
      // The gallery's demo album (generated pictures), once: a new shop shows a working gallery.
      const demo = await seedDemoAlbum(rt.store, new FileStorage(path.resolve(repoRoot, rt.config.files.dir)), new Date().toISOString());
      if (demo.recorded) log(`gallery: recorded the demo album /gallery/${demo.albumId}`);
    },
  });
  // The generated demo history (docs/analytics.md "A history to analyse"): an explicit opt-in, DEMO_HISTORY_DAYS=90,
  // generated once per database after the shop is up, so the start takes no longer; otherwise offered by a hint.
  const historyDays = Number(process.env.DEMO_HISTORY_DAYS ?? '');
  if (Number.isInteger(historyDays) && historyDays >= 1 && historyDays <= 365) {
    void runDemoHistory(rt, config, { days: historyDays, seed: Number(process.env.DEMO_HISTORY_SEED ?? '1') || 1, log }).catch((error: Error) => log(`demo history failed: ${error.message}`));
  } else if (!(await rt.store.readStream('setup-demo-history', { maxCount: 1 })).exists) {
    log('no order history yet: `npm run demo:history -- --days 90` (or DEMO_HISTORY_DAYS=90 npm start) adds 90 days of GENERATED history');
  }
  log(`the shop is running: http://localhost:${config.port}${isLoopbackHost(config.host) ? ' (this machine only; HOST=0.0.0.0 opens it to the network)' : ''}`);
  // The sandbox bank lets anyone pay for free: said plainly whenever the shop is reachable beyond this machine.
  const exposed = sandboxExposureWarning(config);
  if (exposed) log(exposed);
  if (catcher) log(`mail catcher: order confirmation mails at ${catcher.webUrl}`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping ...');
    await roles.stop();
    await catcher?.close();
    await rt.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  process.stderr.write(`[start] failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
