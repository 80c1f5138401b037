import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FeedFormatError, parseItellaLocations, parseLocationFeed, parseOmnivaLocations } from './feeds.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'delivery');
const omniva = JSON.parse(readFileSync(path.join(dir, 'omniva-locations-2024-11.json'), 'utf8')) as Record<string, string>[];
const smartpost = JSON.parse(readFileSync(path.join(dir, 'smartpost-ee-2024-11.json'), 'utf8')) as Record<string, string>[];

describe('Omniva locations.json (snapshot 2024-11)', () => {
  it('TYPE 0 rows are the parcel machines of EE, LV and LT', () => {
    const { locations, skipped } = parseOmnivaLocations(omniva, 'omniva-parcel');
    const expected = omniva.filter((r) => r.TYPE === '0');
    expect(locations).toHaveLength(expected.length);
    expect(skipped).toBe(0);
    expect(new Set(locations.map((l) => l.country))).toEqual(new Set(['EE', 'LV', 'LT']));
    expect(locations.find((l) => l.id === '96243')).toEqual({
      id: '96243',
      name: 'Abja Coop Konsumi pakiautomaat',
      country: 'EE',
      city: 'Abja-Paluoja linn',
      address: 'Pärnu mnt 13',
      postalCode: null,
    });
  });

  it('TYPE 1 rows are the post offices (Estonia only)', () => {
    const { locations } = parseOmnivaLocations(omniva, 'omniva-po');
    expect(locations).toHaveLength(omniva.filter((r) => r.TYPE === '1').length);
    expect(locations.every((l) => l.country === 'EE')).toBe(true);
    const abja = locations.find((l) => l.id === '69494')!;
    expect(abja.name).toBe('Abja-Paluoja postipunkt');
    expect(abja.address).toBe('Pärnu mnt 21');
  });

  it('skips rows without an id or with an unknown country, and repeated ids', () => {
    const rows = [
      { ZIP: '1', NAME: 'A', TYPE: '0', A0_NAME: 'EE' },
      { ZIP: '', NAME: 'No id', TYPE: '0', A0_NAME: 'EE' },
      { ZIP: '2', NAME: 'Elsewhere', TYPE: '0', A0_NAME: 'PL' },
      { ZIP: '1', NAME: 'Again', TYPE: '0', A0_NAME: 'EE' },
      { ZIP: '3', NAME: 'Post office', TYPE: '1', A0_NAME: 'EE' },
    ];
    const { locations, skipped } = parseOmnivaLocations(rows, 'omniva-parcel');
    expect(locations.map((l) => l.id)).toEqual(['1']);
    expect(skipped).toBe(3);
  });

  it('a body that is not a list is a format error', () => {
    expect(() => parseOmnivaLocations({ error: 'maintenance' }, 'omniva-parcel')).toThrow(FeedFormatError);
    expect(() => parseLocationFeed('omniva-po', '<html>')).toThrow(FeedFormatError);
  });
});

describe('Itella SmartPost feed (snapshot 2024-11)', () => {
  it('every row is an Estonian parcel machine or parcel point, id = place_id, the address without the repeated city', () => {
    const { locations, skipped } = parseItellaLocations(smartpost, 'itella-ee-parcel');
    expect(locations).toHaveLength(smartpost.length);
    expect(skipped).toBe(0);
    expect(locations.find((l) => l.id === '01007591')).toEqual({
      id: '01007591',
      name: 'Ääsmäe Meie kpl pakimajake (valge)',
      country: 'EE',
      city: 'Ääsmäe',
      address: 'Kopli tee 1',
      postalCode: '76402',
    });
  });

  it('Finland takes only rows of country fi (none in the Estonian snapshot); { data: [...] } bodies are accepted', () => {
    expect(parseItellaLocations(smartpost, 'itella-fi-parcel').locations).toEqual([]);
    const fi = { data: [{ place_id: '9001', name: 'Helsinki K-Market', city: 'Helsinki', address: 'Mannerheimintie 1, Helsinki', country: 'fi', postalcode: '00100' }] };
    expect(parseLocationFeed('itella-fi-parcel', fi).locations).toEqual([
      { id: '9001', name: 'Helsinki K-Market', country: 'FI', city: 'Helsinki', address: 'Mannerheimintie 1', postalCode: '00100' },
    ]);
  });

  it('the courier has no feed', () => {
    expect(() => parseLocationFeed('omniva-courier', [])).toThrow();
  });
});
