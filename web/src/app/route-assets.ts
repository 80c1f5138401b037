/**
 * The `<head>` links of a server-rendered page's lazy chunks (docs/architecture.md section 6, "Server rendering: route
 * styles with the first HTML"): for each chunk the render used (lib/lazy-chunk.ts) and the chunks it imports
 * statically, a `<link rel="stylesheet">` per CSS file and a `<link rel="modulepreload">` per JavaScript file, read
 * from the browser build's Vite manifest (web/dist/.vite/manifest.json). So the page paints with its route's styles
 * (no unstyled flash, no layout shift when the chunk's CSS arrives), a browser without JavaScript gets them too, and
 * the chunks download while the entry does. Vite's preload helper in the browser skips a stylesheet or script whose
 * absolute URL a `<link>` in the document already has, so nothing is fetched or applied twice.
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

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The links for `chunkKeys` (manifest keys; unknown ones are skipped), stylesheets first in import order (a chunk's
 * static imports before itself, as Vite loads them), then modulepreloads; the entry chunk and every file `template`
 * already references (the entry's CSS and JS, the vendor chunk) are left out. `base` is the build's public path, '/'.
 */
export function routeAssetLinks(manifest: BuildManifest, chunkKeys: Iterable<string>, template: string, base = '/'): string {
  const styles: string[] = [];
  const scripts: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
  };
  for (const key of chunkKeys) visit(key);
  const fresh = (file: string) => !template.includes(`${base}${file}"`);
  return [
    ...styles.filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(base + file)}">`),
    ...scripts.filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(base + file)}">`),
  ].join('');
}
