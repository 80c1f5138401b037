/** SetProductSearchAliases (a zero-result search keyword made a product's search alias in one click). */
import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { productDecider, type ProductCommand, type ProductEvent } from './product.js';

const NOW = '2026-11-24T10:00:00.000Z';
const ID = 'p-1';
const set = (aliases: string[]): ProductCommand => ({ type: 'SetProductSearchAliases', data: { productId: ID, aliases }, metadata: { now: NOW } }) as ProductCommand;
const created: ProductEvent = {
  type: 'ProductCreated',
  data: { productId: ID, code1: 'BF1018', code2: null, names: { et: 'Kütusefilter', en: 'Fuel filter' }, descriptions: { et: '', en: '' }, unit: 'pcs', productClass: 'product', bigProduct: false },
};
const changed = (aliases: string[]): ProductEvent => ({ type: 'ProductSearchAliasesChanged', data: { productId: ID, aliases } });

const product = spec(productDecider);

describe('SetProductSearchAliases', () => {
  it('keeps aliases trimmed, lower case, single-spaced and unique, in the order given', () => {
    product.given([created]).when(set([' Diisli  Filter ', 'kütusepeenfilter', 'diisli filter'])).then([changed(['diisli filter', 'kütusepeenfilter'])]);
  });

  it('changes nothing when the aliases are the same', () => {
    product.given([created, changed(['diislifilter'])]).when(set(['DIISLIFILTER'])).then([]);
  });

  it('removes every alias with an empty list', () => {
    product.given([created, changed(['diislifilter'])]).when(set([])).then([changed([])]);
  });

  it('refuses an empty or over-long alias, too many aliases, and an unknown product', () => {
    product.given([created]).when(set(['ok', ' '])).thenThrows('product.alias_invalid');
    product.given([created]).when(set(['x'.repeat(65)])).thenThrows('product.alias_invalid');
    product.given([created]).when(set(Array.from({ length: 51 }, (_, i) => `a${i}`))).thenThrows('product.list_too_long');
    product.given([]).when(set(['a'])).thenThrows('product.not_found');
  });
});
