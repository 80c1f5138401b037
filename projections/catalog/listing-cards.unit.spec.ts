/**
 * The listing cards in memory (listing-cards.ts): the stored texts kept as UTF-8 bytes per language, the tail without
 * its closing brace, visibility decided at the request's time as the read model's SQL `between` does (both ends in).
 */
import { describe, expect, it } from 'vitest';
import { type CardRow, ListingCards } from './listing-cards.js';

const row = (over: Partial<CardRow> = {}): CardRow => ({
  id: 'p1',
  card_et: '{"id":"p1","name":"Piduriklots š\u2028","class":"product"',
  card_en: '{"id":"p1","name":"Brake pad ✓","class":"product"',
  card_tail: '"oeNumbers":["A 1"],"modified_at":"2026-01-01T00:00:00.000Z"}',
  card_attributes: '[{"name":"Colour","value":"Must"}]',
  card_categories: '["c1","c2"]',
  card_position: '0001',
  stock_total: 4,
  critical_level: 2,
  vis_from_ms: Date.parse('2026-03-01T00:00:00.000Z'),
  vis_to_ms: Date.parse('2026-04-01T00:00:00.000Z'),
  vis_in: 'visible',
  vis_out: 'hidden',
  ...over,
});

describe('the listing cards', () => {
  it('keeps each language head and the tail as UTF-8 bytes of the stored texts, the tail without its closing brace', () => {
    const cards = new ListingCards();
    cards.apply([row()]);
    const et = cards.listed('p1', 'et', Date.parse('2026-03-15T00:00:00Z'))!;
    const en = cards.listed('p1', 'en', Date.parse('2026-03-15T00:00:00Z'))!;
    expect(et.head.toString('utf8')).toBe(row().card_et);
    expect(en.head.toString('utf8')).toBe(row().card_en);
    expect(et.tail.toString('utf8')).toBe(row().card_tail.slice(0, -1));
    expect(Buffer.compare(et.head, Buffer.from(row().card_et))).toBe(0);
    expect(et.attributes).toEqual([{ name: 'Colour', value: 'Must' }]);
    expect(et.categoryIds).toEqual(['c1', 'c2']);
    expect([et.stockTotal, et.criticalLevel]).toEqual([4, 2]);
    expect(JSON.parse(`${et.head.toString()},${et.tail.toString()}}`)).toMatchObject({ name: 'Piduriklots š\u2028', oeNumbers: ['A 1'] });
  });

  it('decides visibility at the given time, both ends of the window in, as SQL between does', () => {
    const cards = new ListingCards();
    cards.apply([row()]);
    const at = (iso: string) => cards.listed('p1', 'et', Date.parse(iso))!.visibility;
    expect(at('2026-02-28T23:59:59.999Z')).toBe('hidden');
    expect(at('2026-03-01T00:00:00.000Z')).toBe('visible');
    expect(at('2026-04-01T00:00:00.000Z')).toBe('visible');
    expect(at('2026-04-01T00:00:00.001Z')).toBe('hidden');
    cards.apply([row({ id: 'p2', vis_from_ms: -Infinity, vis_to_ms: Infinity, vis_in: 'inaccessible', vis_out: 'inaccessible' })]);
    expect(cards.listed('p2', 'en', 0)!.visibility).toBe('inaccessible');
  });

  it('replaces a product by its later row and knows no other id', () => {
    const cards = new ListingCards();
    cards.apply([row(), row({ card_et: '{"id":"p1","name":"Uus"', stock_total: 0, card_position: '0002' })]);
    expect(cards.size).toBe(1);
    const et = cards.listed('p1', 'et', 0)!;
    expect(et.head.toString()).toBe('{"id":"p1","name":"Uus"');
    expect(et.stockTotal).toBe(0);
    expect(cards.listed('nope', 'et', 0)).toBeUndefined();
  });
});
