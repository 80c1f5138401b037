/**
 * web/build/precompress.ts: a text asset of 1 KB or more gets `.br` and `.gz` copies that decompress to it; a smaller
 * one gets none.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressFile } from './precompress';

const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressFile', () => {
  it('writes brotli and gzip copies of a big enough file, each smaller and decompressing to it', async () => {
    const file = path.join(dir, 'chunk.js');
    const text = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const part${i} = "Õlifilter ${i}";\n`).join(''));
    writeFileSync(file, text);
    const sizes = await precompressFile(file);
    expect(sizes.br).toBeGreaterThan(0);
    expect(sizes.gz).toBeGreaterThan(0);
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(br.length).toBe(sizes.br);
    expect(br.length).toBeLessThan(text.length);
    expect(brotliDecompressSync(br).equals(text)).toBe(true);
    expect(gunzipSync(gz).equals(text)).toBe(true);
  });

  it('leaves a file under the minimum alone', async () => {
    const file = path.join(dir, 'tiny.css');
    writeFileSync(file, 'a{color:red}'.padEnd(PRECOMPRESS_MIN_BYTES - 1, ' '));
    expect(await precompressFile(file)).toEqual({ br: null, gz: null });
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });
});
