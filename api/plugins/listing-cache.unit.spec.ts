import { describe, expect, it } from 'vitest';
import { ResultCache } from './listing-cache.js';

describe('ResultCache', () => {
  it('serves a value within its TTL, shares one load between concurrent callers, and reloads after clear()', async () => {
    let loads = 0;
    const cache = new ResultCache<number>(60_000);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    cache.clear();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not keep a failed load, expires entries, and never caches with a TTL of 0', async () => {
    const cache = new ResultCache<number>(30);
    await expect(cache.get('a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', async () => 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.get('a', async () => 2)).toBe(2);
    const off = new ResultCache<number>(0);
    expect(await off.get('a', async () => 1)).toBe(1);
    expect(await off.get('a', async () => 2)).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ResultCache<string>(60_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('drops only the entries a change reaches (dropWhere), keeping the others', async () => {
    const cache = new ResultCache<string[]>(60_000);
    await cache.get('brakes', async () => ['p1', 'p2']);
    await cache.get('filters', async () => ['p3']);
    await cache.dropWhere((ids) => ids.includes('p2'));
    expect(await cache.get('brakes', async () => ['reloaded'])).toEqual(['reloaded']);
    expect(await cache.get('filters', async () => ['reloaded'])).toEqual(['p3']);
  });
});
