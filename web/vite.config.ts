/**
 * Vite config of the storefront (web/). Run from the repository root:
 *   npx vite build --config web/vite.config.ts   -> web/dist (assets under /assets)
 *   npx vite build --config web/vite.config.ts --ssr src/entry-server.tsx --outDir dist-server
 *                                                -> web/dist-server/entry-server.js (the server render's bundle)
 *   npx vite --config web/vite.config.ts         -> dev server; api paths (apiProxy) go to the API on :3000
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nextBrowserTrimPlugin } from './build/i18next-browser-trim';
import { pictogramSpritePlugin } from './build/pictogram-sprite';
import { precompressPlugin } from './build/precompress';
import { queryCoreLatePartsPlugin } from './build/query-core-late-parts';
import { reactDomClientOnlyPlugin } from './build/react-dom-client-only';
import { reactI18nextNoTransPlugin } from './build/react-i18next-no-trans';
import { reactRouterDeclarativePlugin } from './build/react-router-declarative';
import { routeChunksPlugin } from './build/route-chunks-plugin';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** What the api serves besides the app: its calls (with the live-stock websocket), set-language, sitemaps, orders. */
const apiProxy = {
  '/v1': { target: apiTarget, changeOrigin: true, ws: true },
  '/product/view': { target: apiTarget, changeOrigin: true },
  '/order/download': { target: apiTarget, changeOrigin: true },
  '^/(et|en)/site/set-language': { target: apiTarget, changeOrigin: true },
  '^/sitemap[^/]*\\.xml$': { target: apiTarget, changeOrigin: true },
  '/sandbox-bank': { target: apiTarget, changeOrigin: true },
};

/**
 * The only libraries in the long-cached vendor chunk: those that render a shopper's first screen. Every other library
 * (the staff side's forms, tables, charts and icons; the in-page editor's tiptap; the menu editor's dnd-kit; the date
 * picker; the version diff) stays with the lazy chunk that imports it, so a new staff library can never reach the first
 * load of /products by accident (a shopper never loads staff code: the storefront's JS budget).
 */
const FIRST_LOAD_LIBRARIES = [
  'react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser',
  '@tanstack/react-query', '@tanstack/query-core', 'i18next', 'react-i18next', 'html-parse-stringify', 'void-elements',
];
const SHOPPER_VENDOR = new RegExp(
  `node_modules[\\\\/](?:${FIRST_LOAD_LIBRARIES.map((name) => name.replace('/', '[\\\\/]')).join('|')})[\\\\/]`,
);

/**
 * The storefront's own modules a page loads before it starts (rolldown's `$initial` tag: statically imported by the
 * entry) stay in the entry chunk, rather than a small file for each module a lazy chunk also imports (the language,
 * the api client, the toasts, the page head, the pictograms, ...: /products loaded 16 files, round trips on a phone).
 * Lazy chunks (pages, staff screens) keep their own modules: a module joins the first load only if every page loads
 * it anyway.
 */
const isAppModule = (id: string) => !/[\\/]node_modules[\\/]/.test(id);

/**
 * The catalog's pieces the listing, the product page (related products), search and vehicle pages all render, with the
 * garage's vehicle hook the listing, product page, search and add to cart read (a file of its own before: one request
 * and 0.7 KB gzip more for 0.5 KB of code).
 */
const CATALOG_SHARED =
  /[\\/]src[\\/](features[\\/]catalog[\\/](components[\\/](product-grid|product-card|product-image|availability|price|fitment-badge|staff-marks-slot)|api[\\/](get-products|use-live-stock))|features[\\/]garage[\\/]|lib[\\/]garage[\\/]use-vehicle|components[\\/](pagination|category-pictogram))/;

/**
 * The staff side's chunks a shopper's entry can import dynamically (the staff app, the in-page editor with its page
 * settings): the entry's preload map lists only their CSS, not the names of every file they import (~0.4 KB gzip in
 * every shopper's first load). A member of staff's first visit fetches those files once the chunk is parsed (one
 * round trip more) instead of beside it.
 */
const STAFF_CHUNK = /(?:^|\/)(?:staff-app|page-editor-parts)-[\w-]+\.js$/;

/**
 * The browser's production build (`vite build` without --ssr), the only one the library trims and aliases apply to: the
 * server bundle keeps node_modules external, and the dev server keeps the libraries' development warnings.
 */
const browserBuild = (command: string, isSsrBuild: boolean | undefined) => command === 'build' && !isSsrBuild;

export default defineConfig(({ command, isSsrBuild }) => ({
  root: webRoot,
  base: '/',
  publicDir: false,
  // The category pictograms as one SVG sprite file (build/pictogram-sprite.ts), not JavaScript in the first load.
  // The server build reports the lazy chunks a render used (build/route-chunks-plugin.ts), so a page's HTML links their
  // CSS and JS from the browser build's manifest (web/dist/.vite/manifest.json, `build.manifest`).
  // react-router's parts a declarative router never runs (Form and its submission helpers, Link's framework prefetch, a
  // data router's error boundaries) and its console warnings are dropped from the browser's vendor chunk
  // (build/react-router-declarative.ts).
  plugins: [
    react(),
    pictogramSpritePlugin(),
    routeChunksPlugin(webRoot),
    reactRouterDeclarativePlugin(/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/),
    // i18next's backend connector (queue, retries, missing-key saving), a missing key's reporting, dir(),
    // cloneInstance(), the features the texts never use and the debug-only logging, which the browser never runs (no
    // backend, no debug, no saveMissing: build/i18next-browser-trim.ts).
    ...(browserBuild(command, isSsrBuild) ? [i18nextBrowserTrimPlugin(/[\\/]node_modules[\\/]i18next[\\/]dist[\\/]esm[\\/]i18next\.js$/)] : []),
    // react-i18next's HTML-entity table, read only by its <Trans> (build/react-i18next-no-trans.ts).
    ...(browserBuild(command, isSsrBuild) ? [reactI18nextNoTransPlugin(/[\\/]node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/]defaults\.js$/)] : []),
    // TanStack Query's mutation cache, Mutation class and infinite-query behaviour load with the staff chunks that use
    // them (useMutation, useInfiniteQuery), not with every shopper's first load (build/query-core-late-parts.ts).
    ...(browserBuild(command, isSsrBuild) ? [queryCoreLatePartsPlugin(/[\\/]node_modules[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]/)] : []),
    // React 18's legacy root (ReactDOM.render, hydrate, unmountComponentAtNode, findDOMNode): the app only uses
    // createRoot and hydrateRoot; and react-dom's registration with the React DevTools extension, which therefore does
    // not see the production storefront (build/react-dom-client-only.ts).
    ...(browserBuild(command, isSsrBuild) ? [reactDomClientOnlyPlugin(/[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom\.production\.min\.js$/)] : []),
    // Each text asset's brotli and gzip copies beside it, served by the api as they are (build/precompress.ts).
    ...(browserBuild(command, isSsrBuild) ? [precompressPlugin()] : []),
  ],
  // Browser build only (`browserBuild`): react-router's production build (its package exports name only the
  // development one, whose dev warnings then ship), and React 18's own useSyncExternalStore for the shim react-i18next
  // imports (build/use-sync-external-store-shim.cjs).
  resolve: {
    alias: !browserBuild(command, isSsrBuild) ? [] : [
      { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./build/use-sync-external-store-shim.cjs', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // WEB_SOURCEMAP=1: source maps, to measure what a chunk holds (bench/chunk-contents.ts); never in a served build.
    sourcemap: !!process.env.WEB_SOURCEMAP,
    manifest: !isSsrBuild,
    // No modulepreload polyfill in the entry (0.2 KB gzip): of the browsers Vite's default target covers, only Safari
    // 16.4-16.x lacks `<link rel="modulepreload">`; there a lazy chunk's imports load one after the other.
    // The staff chunks' own imports are not listed in the shopper's entry (resolveDependencies: STAFF_CHUNK keeps only
    // their CSS, which the preload helper must still load): the entry carried the names of the staff app's ~15 files.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => (STAFF_CHUNK.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      // The server bundle (--ssr src/entry-server.tsx) imports every language's texts up front: the lazy imports the
      // browser's i18n.ts makes of them are expected to stay in its chunks there.
      onwarn(warning, warn) {
        if (isSsrBuild && warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
        warn(warning);
      },
      output: {
        // The first screen's libraries (FIRST_LOAD_LIBRARIES) in one long-cached chunk, only their modules the entry
        // imports statically (`$initial`: react-query's mutation and infinite-query observers, which only staff
        // chunks use, stay with those); the app's own first-load modules
        // in the entry (`$initial`: the group joins the entry chunk, so a page starts with 3 files); the lazy routes in
        // their own, each taking the other libraries it imports.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: SHOPPER_VENDOR, tags: ['$initial'] },
            { name: 'shell', test: isAppModule, tags: ['$initial'] },
            // The catalog's modules that several lazy pages share (the listing, the product page, search results,
            // vehicle pages: the product grid, pager, pictograms, the garage's vehicle hook) in one file rather than
            // one small file each (every file is a request and its own compression window on a phone).
            { name: 'catalog-shared', test: CATALOG_SHARED, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // web/ imports the zod contracts from ../api/contracts.
    fs: { allow: [repoRoot] },
    proxy: apiProxy,
  },
  preview: {
    proxy: apiProxy,
  },
}));
