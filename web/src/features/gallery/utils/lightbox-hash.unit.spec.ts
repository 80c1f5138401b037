/** The lightbox's URL hash (spec 2 "Gallery", spec 9 "hash updates delayed 800 ms"): format, strict parse, debounce. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { debouncedWrite, formatLightboxHash, parseLightboxHash } from './lightbox-hash';

const G = '0b7c6a1e-5d2f-4c3b-9a8e-1f2e3d4c5b6a';
const P = 'f1e2d3c4-b5a6-4789-8abc-def012345678';

describe('lightbox hash', () => {
  it('formats gallery then picture, lower case, and parses its own output back', () => {
    const hash = formatLightboxHash({ galleryId: G.toUpperCase(), pictureId: P });
    expect(hash).toBe(`#gallery=${G}&picture=${P}`);
    expect(parseLightboxHash(hash)).toEqual({ galleryId: G, pictureId: P });
  });

  it('reads the names in either order, with or without the #, ids in any case', () => {
    expect(parseLightboxHash(`picture=${P.toUpperCase()}&gallery=${G}`)).toEqual({ galleryId: G, pictureId: P });
  });

  it('names no position for anything else', () => {
    for (const hash of ['', '#', '#reviews', `#gallery=${G}`, `#picture=${P}`, `#gallery=${G}&picture=x`, `#gallery=../..&picture=${P}`, `#gallery=${G}&picture=${P}&x=1`, `#gallery=${G}&gallery=${G}&picture=${P}`, `#gallery=${G}&picture`]) {
      expect(parseLightboxHash(hash), hash).toBeNull();
    }
  });

  it('refuses to format ids that are not uuids', () => {
    expect(() => formatLightboxHash({ galleryId: 'x', pictureId: P })).toThrow();
  });
});

describe('debouncedWrite', () => {
  afterEach(() => vi.useRealTimers());

  it('runs only the last write, delayMs after the last schedule; cancel drops it, flush runs it now', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const d = debouncedWrite(800);
    d.schedule(() => writes.push('a'));
    vi.advanceTimersByTime(500);
    d.schedule(() => writes.push('b'));
    vi.advanceTimersByTime(799);
    expect(writes).toEqual([]);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['b']);
    expect(d.pending).toBe(false);

    d.schedule(() => writes.push('c'));
    d.cancel();
    vi.advanceTimersByTime(2000);
    expect(writes).toEqual(['b']);

    d.schedule(() => writes.push('d'));
    d.flush();
    expect(writes).toEqual(['b', 'd']);
    vi.advanceTimersByTime(2000);
    expect(writes).toEqual(['b', 'd']);
  });
});
