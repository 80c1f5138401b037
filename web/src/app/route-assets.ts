/**
 * The assets of a server-rendered page (docs/architecture.md section 6, "Server rendering: route styles with the first
 * HTML" and "Server rendering: paint first, then the scripts"): for each lazy chunk the render used (lib/lazy-chunk.ts)
 * and the chunks it imports statically, its CSS files and JavaScript files, read from the browser build's Vite
 * manifest (web/dist/.vite/manifest.json).
 *
 * - Styles inlined: given the build's CSS texts, each stylesheet (the entry's and the route's) goes into the page as a
 *   `<style>`, so the first paint waits for no stylesheet request (a round trip each on a phone's network), and a
 *   browser without JavaScript is styled too. Beside it stays a `<link rel="stylesheet" disabled>` of the same file: a
 *   disabled stylesheet is neither fetched nor applied, but Vite's preload helper finds it by its href and so does not
 *   fetch the chunk's CSS again when the browser loads the chunk during hydration.
 * - Scripts after the first paint: the page's modules (the entry, the template's modulepreloads, the route's chunks)
 *   are listed in `<script type="application/json" id="app-modules">` instead of being requested from `<head>`;
 *   web/index.html's last script adds their modulepreload links and the entry's module script once the browser has
 *   painted the server's HTML. The page is readable and its links and forms work before any script (the server
 *   render), so the scripts, which only hydrate it, never compete with the first paint, on a phone's CPU or network.
 *   The single-page app's own pages (not rendered on the server) keep the template as built.
 *
 * Server only (entry-server.tsx): the browser never imports it.
 */

/** One entry of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  /** The output file, relative to the build's outDir, e.g. 'assets/product-view-QsUmaPxF.js'. */
  file: string;
  isEntry?: boolean;
  /** Manifest keys of the chunks it imports statically. */
  imports?: string[];
  /** Its CSS files, relative to outDir. */
  css?: string[];
}

/** Vite's build manifest: manifest key (a source path relative to web/, or '_name-hash.js' for a shared chunk) to chunk. */
export type BuildManifest = Record<string, ManifestChunk>;

/** The build's stylesheets' texts: file relative to outDir ('assets/index-1.css') to its CSS. */
export type BuildStyles = ReadonlyMap<string, string>;

/** The id of the JSON list of a server-rendered page's modules (web/index.html reads it). */
export const APP_MODULES_ID = 'app-modules';
/** The attribute of web/index.html's script that loads the listed modules after the first paint. */
const LOADER_MARK = '<script data-app-loader>';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * One stylesheet of the page: inlined as `<style>` plus the disabled link when `styles` has its text, else a plain
 * link. A text holding `</style` (it would end the element early) is linked, never inlined.
 */
function stylesheet(file: string, base: string, styles: BuildStyles | undefined): string {
  const href = escapeAttribute(base + file);
  const css = styles?.get(file);
  if (css === undefined || /<\/style/i.test(css)) return `<link rel="stylesheet" crossorigin href="${href}">`;
  return `<style data-href="${href}">${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
}

/** A server-rendered page's template: the built index.html made so, and the modules it requested from `<head>`. */
export interface ServerTemplate {
  /** The template without its module script and modulepreload links, its own stylesheets inlined. */
  html: string;
  /** The URLs of the template's module script (first) and modulepreloads, in order. */
  modules: string[];
}

/**
 * `template` (the built index.html) made the start of a server-rendered page (see the module comment): its own
 * stylesheet links (the entry's CSS) inlined, and its module script and modulepreloads taken out and returned as
 * `modules`, the entry first. A template without the loader script (`<script data-app-loader>`) keeps its scripts
 * (`modules` empty). Pure: the server entry keeps the result.
 */
export function serverRenderedTemplate(template: string, styles: BuildStyles, base = '/'): ServerTemplate {
  const entry: string[] = [];
  const preloads: string[] = [];
  const styled = template.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (link, href: string) =>
    href.startsWith(base) ? stylesheet(href.slice(base.length), base, styles) : link,
  );
  if (!template.includes(LOADER_MARK)) return { html: styled, modules: [] };
  const html = styled
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => (entry.push(src), ''))
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => (preloads.push(href), ''));
  return { html, modules: [...entry, ...preloads] };
}

/**
 * The `<script type="application/json" id="app-modules">` of a page: `modules` (URLs) as a JSON array, `<` escaped so
 * no text can end the element.
 */
export function appModulesScript(modules: readonly string[]): string {
  return `<script type="application/json" id="${APP_MODULES_ID}">${JSON.stringify(modules).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The assets of `chunkKeys` (manifest keys; unknown ones are skipped): `styles`, the `<head>` HTML of their
 * stylesheets in import order (a chunk's static imports before itself, as Vite loads them; inlined when
 * `buildStyles` has the text), and `modules`, the URLs of their JavaScript files in the same order. The entry chunk
 * and every file `template` (the built index.html) already references (the entry's CSS and JS, the vendor chunk)
 * are left out. `base` is the build's public path, '/'.
 */
export function routeAssets(
  manifest: BuildManifest,
  chunkKeys: Iterable<string>,
  template: string,
  base = '/',
  buildStyles?: BuildStyles,
): { styles: string; modules: string[] } {
  const sheets: string[] = [];
  const scripts: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!sheets.includes(css)) sheets.push(css);
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
  };
  for (const key of chunkKeys) visit(key);
  const fresh = (file: string) => !template.includes(`${base}${file}"`);
  return {
    styles: sheets.filter(fresh).map((file) => stylesheet(file, base, buildStyles)).join(''),
    modules: scripts.filter(fresh).map((file) => base + file),
  };
}
