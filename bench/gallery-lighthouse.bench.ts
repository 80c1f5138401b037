/**
 * Lighthouse for the gallery (`npm run bench:gallery-lighthouse`, performance figures; spec 2 "Gallery", spec 1
 * layouts gallery and gallery-detail): a fresh bench database with the seeded site content and the demo album (six
 * generated pictures through the real upload path, commands/gallery/seed-demo-album.ts), a content page of layout
 * `gallery` and one of `gallery-detail` linking the album, served with the built web app (server-rendered) on a local
 * port. Lighthouse (the npm package, on Debian's Chromium, as bench/storefront.bench.ts) measures /gallery, the album
 * page and the two content pages with the `PRESETS` (default desktop and mobile), `RUNS` runs each (default 3): the
 * median performance score and CLS are printed, with every run's score. Lighthouse simulates a slow network and CPU;
 * on the shared 2-core machine scores move by a few points. Figures only, never asserted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildWebIfStale } from '../bin/web-build.js';
import { DEMO_ALBUM_ID, seedDemoAlbum } from '../commands/gallery/seed-demo-album.js';
import { publishPage } from '../commands/page/publish-page.js';
import { savePageDraft } from '../commands/page/save-page-draft.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { FileStorage } from '../platform/files/file-storage.js';
import { ensureChromium } from '../platform/services/ensure-services.js';
import { fmt, median, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 3);
const PRESETS = (process.env.PRESETS ?? 'desktop,mobile').split(',').filter((p): p is 'desktop' | 'mobile' => p === 'desktop' || p === 'mobile');
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  buildWebIfStale(log);
  const chromePath = await ensureChromium(log);
  const filesDir = await mkdtemp(path.join(tmpdir(), 'bench-gallery-lh-'));
  const bench = await startStaffBench('gallery_lighthouse', [], { api: { webRoot: path.join(repoRoot, 'web', 'dist'), files: { dir: filesDir, maxBytes: 10 * 1024 * 1024 } } });
  try {
    const now = new Date().toISOString();
    await seedSiteContent(bench.store, now);
    await seedDemoAlbum(bench.store, new FileStorage(filesDir), now);
    const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now });
    const layoutPage = async (layout: 'gallery' | 'gallery-detail', slug: string, html: string) => {
      const pageId = randomUUID();
      const text = { et: html, en: html };
      await savePageDraft(bench.store, { pageId, expectedVersion: 0, layout, title: { et: 'Pildid', en: 'Pictures' }, slug: { et: slug, en: slug }, content: text, metaDescription: { et: 'Pildid.', en: 'Pictures.' }, itemContainers: {} }, ctx());
      await publishPage(bench.store, { pageId, expectedVersion: 1 }, ctx());
    };
    await layoutPage('gallery', 'pildid', '<p>Meie albumid.</p>');
    await layoutPage('gallery-detail', 'naidis-album', `<p>Vaadake <a href="/gallery/${DEMO_ALBUM_ID}">albumit</a>.</p>`);
    await bench.settle();
    const pages = [
      { name: '/gallery', path: '/gallery' },
      { name: 'album page', path: `/gallery/${DEMO_ALBUM_ID}` },
      { name: 'page, layout gallery', path: '/pildid' },
      { name: 'page, layout gallery-detail', path: '/naidis-album' },
    ];
    for (const page of pages) {
      const res = await fetch(`${bench.base}${page.path}`);
      if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    }
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    const rows: Record<string, string | number>[] = [];
    try {
      for (const page of pages) {
        for (const preset of PRESETS) {
          const scores: number[] = [];
          const cls: number[] = [];
          const lcp: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const result = await lighthouse(
              `${bench.base}${page.path}`,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
              preset === 'desktop' ? desktopConfig : undefined,
            );
            const lhr = result!.lhr;
            scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
            cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
            lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
          }
          rows.push({ page: page.name, preset, runs: RUNS, 'performance (median)': median(scores), 'all runs': scores.join(' '), CLS: fmt(median(cls), 3), 'LCP ms': fmt(median(lcp), 0) });
        }
      }
    } finally {
      chrome.kill();
    }
    console.log('\nLighthouse on the gallery (median of the runs; Lighthouse throttles network and CPU)');
    printTable(rows);
  } finally {
    await bench.close();
    await rm(filesDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
