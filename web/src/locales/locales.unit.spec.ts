/**
 * The interface texts exist in both languages (language): every key of each bundle (app, cms, shop and the
 * shop's checkout part) is in et and en-US, no value is empty, and the interpolation placeholders match.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const bundles = readdirSync(path.join(dir, 'et')).filter((f) => f.endsWith('.json'));

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}
const load = (lang: string, file: string) => flatten(JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')));
/** Keys without the i18next plural suffix: Estonian and English may use different plural forms. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has the same bundles in both languages', () => {
    expect(readdirSync(path.join(dir, 'en-US')).filter((f) => f.endsWith('.json')).sort()).toEqual([...bundles].sort());
    expect(bundles).toEqual(expect.arrayContaining(['app.json', 'cms.json', 'shop.json']));
  });

  it.each(bundles)('%s: every key in both languages, none empty, same placeholders', (file) => {
    const et = load('et', file);
    const en = load('en-US', file);
    expect([...new Set(Object.keys(en).map(base))].sort()).toEqual([...new Set(Object.keys(et).map(base))].sort());
    for (const [key, text] of [...Object.entries(et), ...Object.entries(en)]) expect(text.trim(), key).not.toBe('');
    for (const key of Object.keys(et)) {
      if (key in en) expect(placeholders(en[key]!), key).toEqual(placeholders(et[key]!));
    }
  });
});
