/**
 * Precompressed copies of the browser build's text assets (Vite plugin, browser build only): beside each emitted
 * `.js`, `.css`, `.svg` or `.json` file of at least 1 KB, `<file>.br` (brotli, quality 11, the smallest) and `<file>.gz`
 * (gzip, level 9), written once at build time. The api serves them with @fastify/static's `preCompressed` (api/app.ts):
 * a browser gets the smallest encoding it accepts and the server compresses no asset per request (it compressed every
 * asset request at brotli quality 4, through a stream: docs/architecture.md section 6, "First load and crash
 * safety"). A copy is written only when it is smaller than the file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The asset files worth compressing (text); images and fonts are compressed formats already. */
export const PRECOMPRESSED_ASSET = /\.(js|css|svg|json)$/;
/** Smallest file (bytes) given compressed copies: below it the headers outweigh the saving. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside `file` (a path) when it is at least PRECOMPRESS_MIN_BYTES and each copy is
 * smaller than it. @returns the sizes written (bytes; null: not written).
 */
export async function precompressFile(file: string): Promise<{ br: number | null; gz: number | null }> {
  const data = await readFile(file);
  if (data.length < PRECOMPRESS_MIN_BYTES) return { br: null, gz: null };
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzipAsync(data, { level: 9 }),
  ]);
  const written = { br: br.length < data.length ? br.length : null, gz: gz.length < data.length ? gz.length : null };
  await Promise.all([written.br !== null && writeFile(`${file}.br`, br), written.gz !== null && writeFile(`${file}.gz`, gz)]);
  return written;
}

/** The plugin: after the bundle is written, precompresses its text assets (the zlib thread pool runs them side by side). */
export function precompressPlugin(): Plugin {
  return {
    name: 'shop-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(Object.keys(bundle).filter((name) => PRECOMPRESSED_ASSET.test(name)).map((name) => precompressFile(path.join(dir, name))));
    },
  };
}
