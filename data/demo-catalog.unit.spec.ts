/**
 * The demo catalog's Estonian ("Estonian that reads Estonian"): names are Estonian, or keep an English
 * term only as a proper name or type designation after the Estonian part name, never an English verb or prefix in
 * front ('Make, gaasitross'); descriptions are Estonian with the supplier's original part name clearly marked; the
 * dictionary is a data file; and data/demo-catalog.csv is exactly what the builder writes (deterministic).
 * Rules: data/README.md "Names" and "Descriptions". The English share is measured by data/english-share.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG_PATH, DICTIONARY_PATH, describeLabel, parseDictionary, slgRows, toCsv } from './build-demo-catalog.js';
import { englishShare, englishWordsInEt } from './english-share.js';

const rows = () => parse(fs.readFileSync(DEMO_CATALOG_PATH, 'utf8'), { columns: true }) as Array<Record<string, string>>;

describe('demo catalog Estonian', () => {
  it('translates the English verbs and prefixes the names used to lead with, and puts the work after the part', () => {
    expect(describeLabel('MAKE THROTTLE CABLE').nameEt).toBe('Gaasitross, valmistamine');
    expect(describeLabel('CONVERT FLYWHEEL').nameEt).toBe('Hooratas, ümberehitus');
    expect(describeLabel('LABOUR HUB TR4A-6 NE').nameEt).toBe('Rumm, TR4A-6 NE, paigaldustöö');
    expect(describeLabel('REPAIR/RESET RR SPRI').nameEt).toBe('Tagumine vedru, remont ja taastamine');
  });

  it('completes a cut-off last word, splits glued words and never lets an untranslated word lead', () => {
    expect(describeLabel('CIRCLIP TR2-4A PISTO').nameEt).toBe('Lukustusrõngas, TR2-4A, kolb');
    expect(describeLabel('LAMP GASKET TR7FRONT').nameEt).toBe('Tuli, tihend, TR7, eesmine');
    expect(describeLabel('FILTER BJ8 REAR+PIPE').nameEt).toBe('Filter, BJ8, tagumine ja toru');
    expect(describeLabel('KNOB-INTERIOR LIGHT-').nameEt).toBe('Nupp, salong, tuli');
    expect(describeLabel('OIL FILTER RR SPINON').nameEt).toBe('Õlifilter, tagumine, keeratav');
    // an unknown word (a maker's product name) follows the Estonian part name
    expect(describeLabel('ZORBLAT NEEDLE BEARING').nameEt).toBe('Nõellaager, Zorblat');
  });

  it('measures English in Estonian names: proper names, units and Estonian homographs do not count', () => {
    expect(englishWordsInEt('Make, gaasitross', 'Make Throttle Cable')).toEqual(['Make']);
    expect(englishWordsInEt('REPAIR/RESET, tagumine vedru', 'REPAIR/RESET Rear Spring')).toEqual(['REPAIR', 'RESET']);
    expect(englishWordsInEt('Õhufilter, Weber DCOE, 40 mm', 'Air Filter Weber DCOE 40 mm')).toEqual([]);
    expect(englishWordsInEt('Soojendi kraan, MGA, Twin Cam', 'Heater Tap MGA Twin Cam')).toEqual([]);
    expect(englishWordsInEt('Starter, BL', 'Starter BL')).toEqual([]);
  });

  it('holds at most 12 % Estonian names with an English word (18.0 % before the names were translated) and none led by an English verb', () => {
    const share = englishShare(DEMO_CATALOG_PATH);
    expect(share.products).toBe(30370);
    expect(share.share).toBeLessThan(0.12);
    const leading = rows().filter((r) => /^(Make|Labour|Convert|Repair|Reset|Fit|Fitting|Rebuild)\b/i.test(r.name_et));
    expect(leading.map((r) => r.name_et)).toEqual([]);
  });

  it('describes a part in Estonian and marks the original English part name as such', () => {
    const byCode = new Map(rows().map((r) => [r.code1, r]));
    const product = byCode.get('ZL053-241')!;
    expect(product.name_et).toBe('Gaasitross, valmistamine');
    expect(product.description_et).toBe('Gaasitross, valmistamine. Varuosa klassikalisele Briti autole. Tarnija originaalnimetus (inglise keeles): MAKE THROTTLE CABLE');
    expect(product.description_en).toBe("Make Throttle Cable. A part for classic British cars. Supplier's original part name: MAKE THROTTLE CABLE");
    for (const r of byCode.values()) {
      expect(r.description_et, r.code1).not.toMatch(/Algne laonimetus|stock-list label/);
      expect(r.description_et.startsWith(r.class === 'service' ? 'Vanaosa pant' : r.name_et) || r.description_et.startsWith('Pakendi pant'), r.code1).toBe(true);
    }
    expect(byCode.get('ZL402347#')!.description_et).toBe('Vanaosa pant osale ZL402347: lisandub vahetusosa hinnale ja tagastatakse, kui vana osa tuuakse tagasi.');
  });

  it('reads the dictionary from data/et-dictionary.tsv and refuses a malformed line', () => {
    expect(path.basename(DICTIONARY_PATH)).toBe('et-dictionary.tsv');
    const dict = parseDictionary(fs.readFileSync(DICTIONARY_PATH, 'utf8'));
    expect(dict.size).toBeGreaterThan(2000);
    expect(dict.get('GSKT')).toEqual({ en: 'gasket', et: 'tihend' });
    expect(fs.readFileSync(path.join(import.meta.dirname, 'build-demo-catalog.ts'), 'utf8')).not.toContain('DICTIONARY_SOURCE');
    expect(() => parseDictionary('GSKT | gasket | tihend')).toThrow(/et-dictionary.tsv line 1/);
  });

  it('is exactly what the builder writes (deterministic: same rows, same bytes)', () => {
    expect(toCsv(slgRows())).toBe(fs.readFileSync(DEMO_CATALOG_PATH, 'utf8'));
  });
});
