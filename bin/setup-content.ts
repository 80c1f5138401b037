/**
 * `npm run setup:content`: records the site's global fields, main menu, content pages and filter labels
 * (commands/site/seed-site-content.ts), the gallery's demo album once (commands/gallery/seed-demo-album.ts), the parcel machine locations from the snapshots in data/delivery/ and the postage products
 * (commands/delivery/setup-delivery.ts) and the demo stock's warehouses (commands/warehouse/seed-warehouses.ts), where
 * they differ from what is stored: a second run appends nothing.
 * `npm start` does the same on every start; deployments that run the roles alone run this once (docker-compose.yml).
 * Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop).
 */
import path from 'node:path';
import { seedDemoAlbum } from '../commands/gallery/seed-demo-album.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { seedWarehouses } from '../commands/warehouse/seed-warehouses.js';
import { loadConfig } from '../platform/config.js';
import { FileStorage } from '../platform/files/file-storage.js';
import { openRuntime, repoRoot } from './runtime.js';

async function main(): Promise<void> {
  const rt = await openRuntime(loadConfig(), 'import');
  try {
    const now = new Date().toISOString();
    await seedSiteContent(rt.store, now);
    await setupDelivery(rt.store, now, { vatRatePercent: rt.config.vatRatePercent });
    await seedWarehouses(rt.store, now);
    await seedDemoAlbum(rt.store, new FileStorage(path.resolve(repoRoot, rt.config.files.dir)), now);
    process.stdout.write('site content, delivery locations, postage products, warehouses and the demo album are set up\n');
  } finally {
    await rt.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`setup:content failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
