/**
 * A listed product spliced from its stored card (projections/catalog/product-card.ts, to-product.ts productCardJson)
 * is the same JSON text as `toProduct` serialized: the same fields, values and order (spec 3 "Product"), in both
 * languages, with category paths, attribute labels and each visibility decided per request.
 */
import { describe, expect, it } from 'vitest';
import { productSchema, type Language } from '../../contracts/catalog.js';
import type { FilterLabelMap } from '../../plugins/filter-labels.js';
import { emptyProductDoc, type ProductDoc, toProductRow } from '../../../projections/catalog/projection.js';
import { productCardTexts } from '../../../projections/catalog/product-card.js';
import { type ListedCard, listedCardOf, storedCardOf } from '../../../projections/catalog/listing-cards.js';
import type { ListedProduct } from '../../../projections/catalog/queries.js';
import { categoryJsonOf, productCardJson, toProduct } from './to-product.js';

const ROOT = '11111111-1111-4111-8111-111111111111';
const LEAF = '22222222-2222-4222-8222-222222222222';
const UNKNOWN = '33333333-3333-4333-8333-333333333333';
const FILE = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

const names: Record<string, { parent: string | null; et: string; en: string }> = {
  [ROOT]: { parent: null, et: 'Pidurid', en: 'Brakes' },
  [LEAF]: { parent: ROOT, et: 'MG "Rover"', en: '' },
};
/** The category path as CategoryCache.breadcrumbs gives it: root first, Estonian when the language has no name. */
const categoryPath = (id: string, language: Language): string[] => {
  const out: string[] = [];
  for (let c = names[id]; c; c = c.parent ? names[c.parent] : undefined!) out.unshift((language === 'en' ? c.en : c.et) || c.et);
  return out;
};

const labels: FilterLabelMap = new Map([['Colour', { name: 'Colour', label: { et: 'Värv', en: 'Colour' }, values: { Black: { et: 'Must', en: 'Black' } } }]]);

const docs: ProductDoc[] = [
  {
    ...emptyProductDoc('44444444-4444-4444-8444-444444444444'),
    exists: true,
    seq: '12',
    code1: 'OC 90',
    code2: 'W 712/\u2028"x"',
    name_et: 'Õlifilter "Mann" \\ ümmargune',
    name_en: '',
    description_et: 'Rida 1\nrida 2 <b>',
    description_en: 'Line',
    images: [`/files/${FILE}`, 'https://example.com/a b.jpg'],
    category_ids: [LEAF, UNKNOWN, ROOT],
    vehicles: ['VW Golf IV'],
    attributes: [{ name: 'Colour', value: 'Black' }, { name: 'Height [mm]', value: '177 mm' }],
    oe_numbers: ['06A 115 561 B'],
    gross_cents: 1240,
    net_cents: 1000,
    vat_rate: 24,
    policy: 'available',
    delivery_days: 3,
    critical_stock_level: 2,
    stock: { 'wh-b': 1, 'wh-a': 4 },
    created_at: '2026-01-01T00:00:00.000Z',
    modified_at: '2026-02-01T10:00:00.000Z',
  },
  { ...emptyProductDoc('55555555-5555-4555-8555-555555555555'), exists: true, product_class: 'service', policy: 'non_stock', name_en: 'Fitting', stock: { x: 0 } },
];

function listed(doc: ProductDoc, visibility: ListedProduct['visibility']): { product: ListedProduct; card: (language: Language) => ListedCard } {
  const row = toProductRow(doc);
  const derived = { stockTotal: row.stock_total, availableIn: row.available_in, hasLimitedAmount: row.has_limited_amount };
  const texts = productCardTexts(doc, derived);
  return {
    product: { doc, ...derived, visibility },
    // The card as the api holds it in memory (listing-cards.ts), from the texts the writer stores.
    card: (language) =>
      listedCardOf(
        doc.id,
        storedCardOf({ id: doc.id, ...texts, card_position: '1', stock_total: row.stock_total, critical_level: doc.critical_stock_level, vis_from_ms: -Infinity, vis_to_ms: Infinity, vis_in: visibility, vis_out: visibility }),
        language,
        Date.parse('2026-06-01T00:00:00Z'),
      ),
  };
}

describe('a listed product from its stored card', () => {
  for (const doc of docs) {
    for (const language of ['et', 'en'] as const) {
      for (const visibility of ['visible', 'hidden', 'inaccessible'] as const) {
        it(`is toProduct's JSON, byte for byte (${doc.name_et || doc.name_en}, ${language}, ${visibility})`, () => {
          const { product, card } = listed(doc, visibility);
          const snapshot = {};
          const text = productCardJson(card(language), language, categoryJsonOf(snapshot, language, categoryPath), labels, '');
          expect(text).toBe(JSON.stringify(toProduct(product, language, categoryPath, labels)));
          expect(productSchema.safeParse(JSON.parse(text)).success).toBe(true);
        });
      }
    }
  }

  it('shows the labels and category names of the request, and appends the extra fields last', () => {
    const { card } = listed(docs[0], 'visible');
    const text = productCardJson(card('en'), 'en', categoryJsonOf({}, 'en', categoryPath), labels, ',"fitment":{"fits":"unknown"}');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed.categories).toEqual([
      { id: LEAF, name: 'Brakes › MG "Rover"' },
      { id: ROOT, name: 'Brakes' },
    ]);
    expect(parsed.attributes).toEqual([
      { name: 'Colour', value: 'Black', label: 'Colour', valueLabel: 'Black' },
      { name: 'Height [mm]', value: '177 mm', label: 'Height [mm]', valueLabel: '177 mm' },
    ]);
    expect(Object.keys(parsed).at(-1)).toBe('fitment');
    const relabelled: FilterLabelMap = new Map([['Colour', { name: 'Colour', label: { et: 'Toon', en: 'Tone' }, values: {} }]]);
    const again = JSON.parse(productCardJson(card('et'), 'et', categoryJsonOf({}, 'et', categoryPath), relabelled, '')) as { attributes: { label: string }[] };
    expect(again.attributes[0].label).toBe('Toon');
  });
});
