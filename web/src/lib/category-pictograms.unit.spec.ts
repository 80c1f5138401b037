/**
 * The category pictogram table: every top-level category of the demo catalog and every MANN-FILTER
 * assembly group has a pictogram of its own (not the fallback), each icon name is one of lucide's and drawn by
 * that icon's shapes in the build's SVG sprite (web/build/pictogram-sprite.ts), and a category the table does not know (one staff add later) gets the fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ASSEMBLY_GROUPS } from '../../../data/mann-filter-mapping';
import type { CategoryNode } from '../../../api/contracts/catalog';
import { pictogramSprite } from '../../build/pictogram-sprite';
import {
  CATEGORY_PICTOGRAMS,
  FALLBACK_PICTOGRAM,
  PICTOGRAM_NAMES,
  categorySlug,
  pictogramFor,
  topCategoryByName,
  topCategoryOf,
} from './category-pictograms';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const topLevel = (category: string) => category.split(' > ')[0].trim();

/** The demo catalog's top-level categories, English and Estonian names, as its rows carry them. */
function demoTopCategories(): { en: string; et: string }[] {
  const rows: Record<string, string>[] = parse(fs.readFileSync(path.join(repoRoot, 'data', 'demo-catalog.csv')), { columns: true, bom: true });
  const byName = new Map<string, string>();
  for (const row of rows) if (row.category_en) byName.set(topLevel(row.category_en), topLevel(row.category_et));
  return [...byName].map(([en, et]) => ({ en, et }));
}

const node = (id: string, en: string, et: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  parent_id: null,
  name: { en, et },
  position: 0,
  hidden: false,
  url: { en: '', et: '' },
  search_keywords: { en: '', et: '' },
  className: null,
  productCount: 0,
  children,
});

describe('category pictograms', () => {
  it('give every top-level category of the demo catalog its own pictogram, not the fallback', () => {
    const categories = demoTopCategories();
    expect(categories.length).toBeGreaterThan(30);
    const missing = categories.filter((c) => pictogramFor(c.en).icon === FALLBACK_PICTOGRAM).map((c) => c.en);
    expect(missing).toEqual([]);
    expect(pictogramFor('Brakes')).toEqual({ category: 'brakes', icon: 'disc-3' });
    expect(pictogramFor('Filters')).toEqual({ category: 'filters', icon: 'funnel' });
  });

  it('give every MANN-FILTER assembly group, and its rows without one (Other), a pictogram of its own', () => {
    const groups = [...Object.values(ASSEMBLY_GROUPS).map(([en]) => en), 'Other'];
    expect(groups.filter((en) => pictogramFor(en).icon === FALLBACK_PICTOGRAM)).toEqual([]);
    expect(pictogramFor('Tools, universal')).toEqual({ category: 'tools-universal', icon: 'wrench' });
  });

  it('fall back to the package pictogram for an unknown category and for a product without one', () => {
    expect(pictogramFor('Garden furniture')).toEqual({ category: 'garden-furniture', icon: 'package' });
    expect(pictogramFor(null)).toEqual({ category: '', icon: 'package' });
    expect(pictogramFor('')).toEqual({ category: '', icon: 'package' });
    expect(FALLBACK_PICTOGRAM).toBe('package');
  });

  it('key categories by a stable slug of the name', () => {
    expect(categorySlug('Shock absorbers and springs')).toBe('shock-absorbers-and-springs');
    expect(categorySlug('  Tools, universal ')).toBe('tools-universal');
    expect(categorySlug('Õlid ja määrded')).toBe('olid-ja-maarded');
    expect(categorySlug('BRAKES')).toBe('brakes');
    for (const key of Object.keys(CATEGORY_PICTOGRAMS)) expect(categorySlug(key)).toBe(key);
  });

  it("use only lucide icons, each drawn by the icon of that name in the build's sprite", async () => {
    const used = new Set(Object.values(CATEGORY_PICTOGRAMS));
    expect([...used].filter((name) => !(PICTOGRAM_NAMES as readonly string[]).includes(name))).toEqual([]);
    const sprite = await pictogramSprite();
    expect(sprite.match(/<symbol /g)).toHaveLength(PICTOGRAM_NAMES.length);
    for (const name of PICTOGRAM_NAMES) {
      expect(fs.existsSync(path.join(repoRoot, 'node_modules', 'lucide-react', 'dist', 'esm', 'icons', `${name}.mjs`)), name).toBe(true);
      // The symbol holds that icon's shapes (lucide's own data), as the drawing <svg> shows them.
      const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: [string, Record<string, string>][] } };
      const symbol = new RegExp(`<symbol id="${name}" viewBox="0 0 24 24">([^]*?)</symbol>`).exec(sprite);
      expect(symbol, name).not.toBeNull();
      expect(symbol![1]!.match(/<[a-z]+ /g), name).toEqual(__iconData.node.map(([tag]) => `<${tag} `));
      const [tag, first] = __iconData.node[0]!;
      expect(symbol![1], name).toContain(`<${tag} ${Object.entries(first).filter(([k]) => k !== 'key').map(([k, v]) => `${k}="${v}"`).join(' ')}/>`);
    }
    // No icon listed that no category uses (each costs bundle bytes), the fallback aside.
    expect(PICTOGRAM_NAMES.filter((name) => name !== FALLBACK_PICTOGRAM && !used.has(name))).toEqual([]);
  });

  it("find a product's top-level category by its category ids, or by its name in the route's language", () => {
    const tree = [
      node('f', 'Filters', 'Filtrid', [node('f-oil', 'Oil filters', 'Õlifiltrid')]),
      node('b', 'Brakes', 'Pidurid', [node('b-pads', 'Brake pads', 'Piduriklotsid', [node('b-pads-mg', 'MG', 'MG')])]),
    ];
    expect(topCategoryOf(tree, ['b-pads-mg'])?.id).toBe('b');
    expect(topCategoryOf(tree, ['unknown', 'f-oil'])?.id).toBe('f');
    expect(topCategoryOf(tree, ['unknown'])).toBeUndefined();
    expect(topCategoryOf(tree, [])).toBeUndefined();
    expect(topCategoryByName(tree, 'Pidurid', 'et')?.id).toBe('b');
    expect(topCategoryByName(tree, 'Brakes', 'en')?.id).toBe('b');
    expect(topCategoryByName(tree, 'Brakes', 'et')).toBeUndefined();
  });
});
