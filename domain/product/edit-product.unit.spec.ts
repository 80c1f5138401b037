import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { decideProductForm, type ProductForm } from './edit-product.js';
import { evolve, initialState, type ProductEvent, type ProductState } from './product.js';

const NOW = '2026-11-24T10:00:00.000Z';
const ID = 'p-1';
const EDIT = { productId: ID, now: NOW, vatRatePercent: 24, create: false };

const form = (over: Partial<ProductForm> = {}): ProductForm => ({
  names: { et: 'Õlifilter', en: 'Oil filter' },
  descriptions: { et: 'Kirjeldus', en: 'Description' },
  code1: 'OF-100',
  code2: null,
  unit: 'pcs',
  productClass: 'product',
  grossCents: 1240,
  policy: 'available',
  deliveryDays: null,
  visibility: { type: 'static', state: 'visible' },
  criticalStockLevel: null,
  bigProduct: false,
  categoryIds: [],
  vehicles: [],
  compatibleProducts: [],
  similarProducts: [],
  images: [],
  ...over,
});

/** Given: the product the create of `form()` made. */
const existing = (): ProductState => decideProductForm(form(), initialState, { ...EDIT, create: true }).reduce<ProductState>((s, e) => evolve(s, e), initialState);
const types = (events: ProductEvent[]) => events.map((e) => e.type);
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { code: (error as DomainError).code, field: (error as DomainError).field };
  }
  throw new Error('expected a refusal');
};

describe('decideProductForm (ProductEdit as one decision)', () => {
  it('creates: ProductCreated, then the price with the net price by the VAT rule, and nothing for fields left at their defaults', () => {
    const events = decideProductForm(form(), initialState, { ...EDIT, create: true });
    expect(types(events)).toEqual(['ProductCreated', 'ProductPriceChanged']);
    expect(events[1]!.data).toEqual({ productId: ID, grossCents: 1240, netCents: 1000, vatRatePercent: 24 });
  });

  it('decides nothing when the form equals the product', () => {
    expect(decideProductForm(form(), existing(), EDIT)).toEqual([]);
  });

  it('decides only the events of the fields that changed', () => {
    const events = decideProductForm(form({ names: { et: 'Õlifilter uus', en: 'Oil filter' }, grossCents: 2480, bigProduct: true, similarProducts: ['p-2'] }), existing(), EDIT);
    expect(types(events)).toEqual(['ProductDetailsChanged', 'ProductBigProductFlagChanged', 'ProductPriceChanged', 'ProductRelatedProductsChanged']);
    expect(events[0]!.data).toEqual({ productId: ID, language: 'et', name: 'Õlifilter uus', description: 'Kirjeldus' });
    expect(events[2]!.data).toMatchObject({ grossCents: 2480, netCents: 2000 });
    expect(events[3]!.data).toEqual({ productId: ID, compatible: [], similar: ['p-2'] });
  });

  it('a changed shop VAT rate alone does not re-price the product on an edit', () => {
    expect(decideProductForm(form(), existing(), { ...EDIT, vatRatePercent: 22 })).toEqual([]);
  });

  it('the visibility rule, availability, critical level, categories, vehicles and images each become their own event', () => {
    const rule = { type: 'timeRange', rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: '2026-12-24T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' } as const;
    const events = decideProductForm(
      form({ visibility: rule, policy: 'on_demand', deliveryDays: 5, criticalStockLevel: 3, categoryIds: ['c-1'], vehicles: ['Audi A4 B8'], images: ['https://cdn.example/a.webp'] }),
      existing(),
      EDIT,
    );
    expect(types(events)).toEqual(['ProductAvailabilityChanged', 'ProductVisibilityChanged', 'ProductCriticalStockLevelSet', 'ProductCategorised', 'ProductCompatibleVehiclesChanged', 'ProductImagesChanged']);
    expect(events[1]!.data).toEqual({ productId: ID, rule });
  });

  it('may empty one language name while filling the other (the filled one is decided first)', () => {
    const s = decideProductForm(form({ names: { et: 'Õlifilter', en: '' } }), existing(), EDIT).reduce<ProductState>((x, e) => evolve(x, e), existing());
    const events = decideProductForm(form({ names: { et: '', en: 'Oil filter' } }), s, EDIT);
    expect(events.map((e) => e.type === 'ProductDetailsChanged' && e.data.language)).toEqual(['en', 'et']);
  });

  it('refuses invalid values with their field', () => {
    expect(refusal(() => decideProductForm(form({ names: { et: ' ', en: '' } }), existing(), EDIT))).toEqual({ code: 'product.name_required', field: 'name' });
    expect(refusal(() => decideProductForm(form({ code1: '  ' }), existing(), EDIT))).toEqual({ code: 'product.code_required', field: 'code1' });
    expect(refusal(() => decideProductForm(form({ grossCents: -1 }), existing(), EDIT))).toEqual({ code: 'product.price_invalid', field: 'price' });
    expect(refusal(() => decideProductForm(form({ deliveryDays: 0 }), existing(), EDIT))).toEqual({ code: 'product.delivery_days_invalid', field: 'deliveryDays' });
    expect(refusal(() => decideProductForm(form({ criticalStockLevel: 1.5 }), existing(), EDIT))).toEqual({ code: 'product.critical_stock_level_invalid', field: 'critical_stock_level' });
    expect(
      refusal(() => decideProductForm(form({ visibility: { type: 'timeRange', rangeFrom: '2026-12-24T00:00:00.000Z', rangeTo: '2026-12-01T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' } }), existing(), EDIT)),
    ).toEqual({ code: 'product.visibility_rule_invalid', field: 'rangeTo' });
    expect(refusal(() => decideProductForm(form({ compatibleProducts: [ID] }), existing(), EDIT))).toEqual({ code: 'product.related_self', field: 'compatibleProducts' });
  });

  it('refuses an edit of a product that does not exist and a create over one that does', () => {
    expect(refusal(() => decideProductForm(form(), initialState, EDIT)).code).toBe('product.not_found');
    expect(refusal(() => decideProductForm(form(), existing(), { ...EDIT, create: true })).code).toBe('product.already_exists');
  });
});
