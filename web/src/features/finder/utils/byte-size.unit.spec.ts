import { describe, expect, it } from 'vitest';
import { formatByteSize } from './byte-size';

describe('formatByteSize (spec 9: 1024 or 1000, one decimal)', () => {
  it('writes bytes below one unit whole', () => {
    expect(formatByteSize(0, 'en')).toBe('0 B');
    expect(formatByteSize(512, 'en')).toBe('512 B');
    expect(formatByteSize(1023, 'en')).toBe('1023 B');
    expect(formatByteSize(999, 'en', 1000)).toBe('999 B');
  });
  it('uses base 1024 by default with one decimal', () => {
    expect(formatByteSize(1024, 'en')).toBe('1.0 KB');
    expect(formatByteSize(1536, 'en')).toBe('1.5 KB');
    expect(formatByteSize(5 * 1024 * 1024, 'en')).toBe('5.0 MB');
    expect(formatByteSize(3.25 * 1024 ** 3, 'en')).toBe('3.3 GB');
  });
  it('uses base 1000 when asked', () => {
    expect(formatByteSize(1000, 'en', 1000)).toBe('1.0 kB');
    expect(formatByteSize(1536, 'en', 1000)).toBe('1.5 kB');
    expect(formatByteSize(2_500_000, 'en', 1000)).toBe('2.5 MB');
  });
  it('writes the Estonian decimal comma', () => {
    expect(formatByteSize(1536, 'et')).toBe('1,5 KB');
    expect(formatByteSize(10 * 1024 * 1024, 'et')).toBe('10,0 MB');
  });
  it('carries a value that rounds up into the next unit', () => {
    expect(formatByteSize(1024 * 1024 - 1, 'en')).toBe('1.0 MB');
    expect(formatByteSize(999_960, 'en', 1000)).toBe('1.0 MB');
  });
  it('reads nonsense as zero', () => {
    expect(formatByteSize(-5, 'en')).toBe('0 B');
    expect(formatByteSize(Number.NaN, 'en')).toBe('0 B');
  });
});
