/**
 * What a built browser chunk holds (`npm run bench:chunk-contents -- web-dist-dir chunk-name-prefix [packages|files]`):
 * build with source maps first (`WEB_SOURCEMAP=1 npx vite build --config web/vite.config.ts --outDir /tmp/webmap`),
 * then e.g. `npm run bench:chunk-contents -- /tmp/webmap vendor`. Prints the chunk's gzip size (zlib level 6, the size
 * vite and bench/storefront.bench.ts report) and, per npm package (or per source file), the bytes of minified code the
 * source map attributes to it, raw and gzipped on its own (so the parts add up to more than the whole: each part
 * loses the compression context it shares with the others). Used to decide what a first-load trim is worth
 * (docs/architecture.md, "First load and crash safety").
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const [dir, prefix, mode = 'packages'] = process.argv.slice(2);
if (!dir || !prefix) {
  console.error('usage: bench:chunk-contents -- <web dist dir> <chunk name prefix> [packages|files]');
  process.exit(2);
}
const assets = path.join(dir, 'assets');
const name = readdirSync(assets).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
if (!name) throw new Error(`no chunk ${prefix}*.js in ${assets}`);
const code = readFileSync(path.join(assets, name), 'utf8');
const map = JSON.parse(readFileSync(path.join(assets, `${name}.map`), 'utf8')) as { sources: string[]; mappings: string };
const lines = code.split('\n');
const parts = new Map<string, string[]>();
decode(map.mappings).forEach((segments, li) => {
  const line = lines[li] ?? '';
  segments.forEach((seg, i) => {
    if (seg.length < 2) return;
    const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
    const source = map.sources[seg[1]!];
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    const key = mode === 'files' ? source.replace(/^(\.\.\/)+/, '') : (pkg ?? source.replace(/^(\.\.\/)+/, '').split('/').slice(0, 3).join('/'));
    const list = parts.get(key) ?? [];
    list.push(line.slice(seg[0], end));
    parts.set(key, list);
  });
});
const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
console.log(`${name}: ${kb(code.length)} KB, ${kb(gzipSync(code, { level: 6 }).length)} KB gzip`);
const rows = [...parts].map(([key, list]) => {
  const text = list.join('');
  return { key, raw: text.length, gzip: gzipSync(text, { level: 6 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
for (const r of rows.slice(0, 60)) console.log(`${r.key.padEnd(70)} ${kb(r.raw)} ${kb(r.gzip)}`);
