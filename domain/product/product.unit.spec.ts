import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import type { Language } from '../shared/localized.js';
import type { AvailabilityPolicy } from './availability.js';
import { productDecider, type ProductClass, type ProductCommand, type ProductEvent, type Unit } from './product.js';
import type { VisibilityRule, VisibilityState } from './visibility.js';

const NOW = '2026-11-22T10:00:00.000Z';
const ID = 'p-1';

type CommandOf<T extends ProductCommand['type']> = Extract<ProductCommand, { type: T }>;
type EventOf<T extends ProductEvent['type']> = Extract<ProductEvent, { type: T }>;

const cmd = <T extends ProductCommand['type']>(type: T, data: CommandOf<T>['data']): ProductCommand =>
  ({ type, data, metadata: { now: NOW } }) as ProductCommand;
const ev = <T extends ProductEvent['type']>(type: T, data: Omit<EventOf<T>['data'], 'productId'>): ProductEvent =>
  ({ type, data: { productId: ID, ...data } }) as unknown as ProductEvent;

const created = (overrides: Partial<EventOf<'ProductCreated'>['data']> = {}): ProductEvent =>
  ev('ProductCreated', {
    code1: 'OF-100',
    code2: null,
    names: { et: 'Õlifilter', en: 'Oil filter' },
    descriptions: { et: 'Kirjeldus', en: 'Description' },
    unit: 'pcs',
    productClass: 'product',
    bigProduct: false,
    ...overrides,
  });

const product = spec(productDecider);
const existing = () => product.given([created()]);

describe('CreateProduct', () => {
  it('creates a product with defaults: trimmed code and names, no code2, empty descriptions, pcs, product class, not big', () => {
    product
      .when(cmd('CreateProduct', { productId: ID, code1: '  OF-100 ', names: { et: ' Õlifilter ', en: 'Oil filter' } }))
      .then([
        ev('ProductCreated', {
          code1: 'OF-100',
          code2: null,
          names: { et: 'Õlifilter', en: 'Oil filter' },
          descriptions: { et: '', en: '' },
          unit: 'pcs',
          productClass: 'product',
          bigProduct: false,
        }),
      ]);
  });

  it('creates a product with every field given', () => {
    product
      .when(
        cmd('CreateProduct', {
          productId: ID,
          code1: 'KIT-1',
          code2: ' ALT-1 ',
          names: { et: 'Komplekt', en: 'Kit' },
          descriptions: { et: ' Pikk kirjeldus ', en: 'Long description' },
          unit: 'set',
          productClass: 'service',
          bigProduct: true,
        }),
      )
      .then([
        ev('ProductCreated', {
          code1: 'KIT-1',
          code2: 'ALT-1',
          names: { et: 'Komplekt', en: 'Kit' },
          descriptions: { et: 'Pikk kirjeldus', en: 'Long description' },
          unit: 'set',
          productClass: 'service',
          bigProduct: true,
        }),
      ]);
  });

  it('rejects creating the same product twice', () => {
    existing()
      .when(cmd('CreateProduct', { productId: ID, code1: 'OF-100', names: { et: 'Õlifilter' } }))
      .thenThrows('product.already_exists', 'illegal_state');
  });

  it('accepts a name in only one language', () => {
    product
      .when(cmd('CreateProduct', { productId: ID, code1: 'A', names: { en: 'Only English' } }))
      .then([
        ev('ProductCreated', {
          code1: 'A',
          code2: null,
          names: { et: '', en: 'Only English' },
          descriptions: { et: '', en: '' },
          unit: 'pcs',
          productClass: 'product',
          bigProduct: false,
        }),
      ]);
  });

  it.each([
    ['no names at all', {}],
    ['blank names', { et: '  ', en: '' }],
  ])('requires a name in at least one language (%s)', (_, names) => {
    product.when(cmd('CreateProduct', { productId: ID, code1: 'A', names })).thenThrows('product.name_required', 'validation');
  });

  it('requires a code', () => {
    product.when(cmd('CreateProduct', { productId: ID, code1: '   ', names: { et: 'Nimi' } })).thenThrows('product.code_required', 'validation');
  });

  it('accepts a 64-character code and rejects a 65-character one', () => {
    product
      .when(cmd('CreateProduct', { productId: ID, code1: 'X'.repeat(64), names: { et: 'Nimi' } }))
      .then([
        ev('ProductCreated', {
          code1: 'X'.repeat(64),
          code2: null,
          names: { et: 'Nimi', en: '' },
          descriptions: { et: '', en: '' },
          unit: 'pcs',
          productClass: 'product',
          bigProduct: false,
        }),
      ]);
    product.when(cmd('CreateProduct', { productId: ID, code1: 'X'.repeat(65), names: { et: 'Nimi' } })).thenThrows('product.code_too_long', 'validation');
  });

  it('rejects a code2 that is too long', () => {
    product
      .when(cmd('CreateProduct', { productId: ID, code1: 'A', code2: 'Y'.repeat(65), names: { et: 'Nimi' } }))
      .thenThrows('product.code_too_long', 'validation');
  });

  it('rejects a name over 255 and a description over 10,000 characters', () => {
    product.when(cmd('CreateProduct', { productId: ID, code1: 'A', names: { et: 'n'.repeat(256) } })).thenThrows('product.text_too_long', 'validation');
    product
      .when(cmd('CreateProduct', { productId: ID, code1: 'A', names: { et: 'Nimi' }, descriptions: { en: 'd'.repeat(10_001) } }))
      .thenThrows('product.text_too_long', 'validation');
  });

  it('rejects an unknown unit and an unknown class', () => {
    product.when(cmd('CreateProduct', { productId: ID, code1: 'A', names: { et: 'Nimi' }, unit: 'box' as Unit })).thenThrows('product.unit_unknown', 'validation');
    product
      .when(cmd('CreateProduct', { productId: ID, code1: 'A', names: { et: 'Nimi' }, productClass: 'bundle' as ProductClass }))
      .thenThrows('product.class_unknown', 'validation');
  });
});

describe('commands on a product that does not exist', () => {
  const commands: ProductCommand[] = [
    cmd('ChangeProductDetails', { productId: ID, language: 'et', name: 'Nimi', description: '' }),
    cmd('ChangeProductCodes', { productId: ID, code1: 'A', code2: null }),
    cmd('ChangeProductUnit', { productId: ID, unit: 'set' }),
    cmd('ChangeProductClass', { productId: ID, productClass: 'service' }),
    cmd('SetBigProductFlag', { productId: ID, bigProduct: true }),
    cmd('SetProductImages', { productId: ID, images: ['https://cdn.example.com/a.jpg'] }),
    cmd('CategoriseProduct', { productId: ID, categoryIds: ['c-1'] }),
    cmd('SetCompatibleVehicles', { productId: ID, vehicles: ['bmw-e46'] }),
    cmd('SetProductAttributes', { productId: ID, attributes: [{ name: 'Colour', value: 'Red' }] }),
    cmd('SetOeNumbers', { productId: ID, oeNumbers: ['11427953129'] }),
    cmd('ChangeProductPrice', { productId: ID, grossCents: 1240, vatRatePercent: 24 }),
    cmd('SetProductAvailability', { productId: ID, policy: 'on_demand', deliveryDays: null }),
    cmd('SetProductVisibility', { productId: ID, rule: { type: 'static', state: 'hidden' } }),
    cmd('SetCriticalStockLevel', { productId: ID, level: 2 }),
  ];
  it.each(commands.map((c) => [c.type, c] as const))('%s is rejected with product.not_found', (_, command) => {
    product.when(command).thenThrows('product.not_found', 'not_found');
  });
});

describe('ChangeProductDetails', () => {
  it('changes name and description in one language (trimmed)', () => {
    existing()
      .when(cmd('ChangeProductDetails', { productId: ID, language: 'et', name: ' Uus nimi ', description: ' Uus kirjeldus ' }))
      .then([ev('ProductDetailsChanged', { language: 'et', name: 'Uus nimi', description: 'Uus kirjeldus' })]);
  });

  it('changing et keeps en', () => {
    product
      .given([created(), ev('ProductDetailsChanged', { language: 'et', name: 'Uus nimi', description: 'Uus' })])
      .when(cmd('ChangeProductDetails', { productId: ID, language: 'en', name: 'Oil filter', description: 'Description' }))
      .then([]);
  });

  it('decides nothing when name and description are unchanged', () => {
    existing().when(cmd('ChangeProductDetails', { productId: ID, language: 'en', name: ' Oil filter', description: 'Description ' })).then([]);
  });

  it('changes only the description', () => {
    existing()
      .when(cmd('ChangeProductDetails', { productId: ID, language: 'en', name: 'Oil filter', description: 'Better' }))
      .then([ev('ProductDetailsChanged', { language: 'en', name: 'Oil filter', description: 'Better' })]);
  });

  it('may clear the name in one language while the other has one', () => {
    existing()
      .when(cmd('ChangeProductDetails', { productId: ID, language: 'en', name: '', description: '' }))
      .then([ev('ProductDetailsChanged', { language: 'en', name: '', description: '' })]);
  });

  it('rejects clearing the last name', () => {
    product
      .given([created({ names: { et: 'Õlifilter', en: '' } })])
      .when(cmd('ChangeProductDetails', { productId: ID, language: 'et', name: '  ', description: '' }))
      .thenThrows('product.name_required', 'validation');
  });

  it('rejects an unknown language', () => {
    existing()
      .when(cmd('ChangeProductDetails', { productId: ID, language: 'fi' as Language, name: 'Nimi', description: '' }))
      .thenThrows('product.language_unknown', 'validation');
  });

  it('rejects a name that is too long', () => {
    existing()
      .when(cmd('ChangeProductDetails', { productId: ID, language: 'et', name: 'n'.repeat(256), description: '' }))
      .thenThrows('product.text_too_long', 'validation');
  });
});

describe('ChangeProductCodes', () => {
  it('changes the codes (trimmed)', () => {
    existing()
      .when(cmd('ChangeProductCodes', { productId: ID, code1: ' OF-200 ', code2: ' X-1 ' }))
      .then([ev('ProductCodesChanged', { code1: 'OF-200', code2: 'X-1' })]);
  });

  it('a blank code2 means no code2', () => {
    product
      .given([created({ code2: 'X-1' })])
      .when(cmd('ChangeProductCodes', { productId: ID, code1: 'OF-100', code2: '  ' }))
      .then([ev('ProductCodesChanged', { code1: 'OF-100', code2: null })]);
  });

  it('decides nothing when the codes are unchanged', () => {
    existing().when(cmd('ChangeProductCodes', { productId: ID, code1: ' OF-100', code2: '' })).then([]);
    existing().when(cmd('ChangeProductCodes', { productId: ID, code1: 'OF-100', code2: null })).then([]);
  });

  it('requires code1 and limits both codes to 64 characters', () => {
    existing().when(cmd('ChangeProductCodes', { productId: ID, code1: ' ', code2: null })).thenThrows('product.code_required', 'validation');
    existing().when(cmd('ChangeProductCodes', { productId: ID, code1: 'C'.repeat(65), code2: null })).thenThrows('product.code_too_long', 'validation');
    existing().when(cmd('ChangeProductCodes', { productId: ID, code1: 'A', code2: 'C'.repeat(65) })).thenThrows('product.code_too_long', 'validation');
  });
});

describe('ChangeProductUnit', () => {
  it('changes the unit', () => {
    existing().when(cmd('ChangeProductUnit', { productId: ID, unit: 'l' })).then([ev('ProductUnitChanged', { unit: 'l' })]);
  });
  it('decides nothing for the same unit', () => {
    existing().when(cmd('ChangeProductUnit', { productId: ID, unit: 'pcs' })).then([]);
  });
  it('rejects an unknown unit', () => {
    existing().when(cmd('ChangeProductUnit', { productId: ID, unit: 'box' as Unit })).thenThrows('product.unit_unknown', 'validation');
  });
});

describe('ChangeProductClass', () => {
  it('changes the class', () => {
    existing().when(cmd('ChangeProductClass', { productId: ID, productClass: 'service' })).then([ev('ProductClassChanged', { productClass: 'service' })]);
  });
  it('decides nothing for the same class', () => {
    existing().when(cmd('ChangeProductClass', { productId: ID, productClass: 'product' })).then([]);
  });
  it('rejects an unknown class', () => {
    existing().when(cmd('ChangeProductClass', { productId: ID, productClass: 'bundle' as ProductClass })).thenThrows('product.class_unknown', 'validation');
  });
});

describe('SetBigProductFlag', () => {
  it('sets and clears the big product flag', () => {
    existing().when(cmd('SetBigProductFlag', { productId: ID, bigProduct: true })).then([ev('ProductBigProductFlagChanged', { bigProduct: true })]);
    product
      .given([created({ bigProduct: true })])
      .when(cmd('SetBigProductFlag', { productId: ID, bigProduct: false }))
      .then([ev('ProductBigProductFlagChanged', { bigProduct: false })]);
  });
  it('decides nothing when the flag is unchanged', () => {
    existing().when(cmd('SetBigProductFlag', { productId: ID, bigProduct: false })).then([]);
  });
});

describe('SetProductImages', () => {
  const a = 'https://cdn.example.com/a.jpg';
  const b = 'http://cdn.example.com/b.png';

  it('sets http and https images', () => {
    existing().when(cmd('SetProductImages', { productId: ID, images: [a, b] })).then([ev('ProductImagesChanged', { images: [a, b] })]);
  });

  it('trims, drops blanks and deduplicates, keeping the first occurrence order', () => {
    existing()
      .when(cmd('SetProductImages', { productId: ID, images: [` ${a} `, '', b, a, '  '] }))
      .then([ev('ProductImagesChanged', { images: [a, b] })]);
  });

  it.each(['ftp://cdn.example.com/a.jpg', '/img/a.jpg', 'cdn.example.com/a.jpg', 'https://', 'https://cdn.example.com/a b.jpg', 'javascript:alert(1)'])(
    'rejects %j',
    (url) => {
      existing().when(cmd('SetProductImages', { productId: ID, images: [a, url] })).thenThrows('product.image_url_invalid', 'validation');
    },
  );

  it('decides nothing for the same images (after cleaning)', () => {
    product
      .given([created(), ev('ProductImagesChanged', { images: [a, b] })])
      .when(cmd('SetProductImages', { productId: ID, images: [a, b, a] }))
      .then([]);
  });

  it('a new order is a change', () => {
    product
      .given([created(), ev('ProductImagesChanged', { images: [a, b] })])
      .when(cmd('SetProductImages', { productId: ID, images: [b, a] }))
      .then([ev('ProductImagesChanged', { images: [b, a] })]);
  });

  it('removes all images', () => {
    product
      .given([created(), ev('ProductImagesChanged', { images: [a] })])
      .when(cmd('SetProductImages', { productId: ID, images: [] }))
      .then([ev('ProductImagesChanged', { images: [] })]);
  });

  it('rejects more than 200 entries', () => {
    const many = Array.from({ length: 201 }, (_, i) => `https://cdn.example.com/${i}.jpg`);
    existing().when(cmd('SetProductImages', { productId: ID, images: many })).thenThrows('product.list_too_long', 'validation');
  });
});

describe.each([
  ['CategoriseProduct', 'categoryIds', 'ProductCategorised', ['c-1', 'c-2'], 200],
  ['SetCompatibleVehicles', 'vehicles', 'ProductCompatibleVehiclesChanged', ['bmw-e46', 'audi-b5'], 2000],
  ['SetOeNumbers', 'oeNumbers', 'ProductOeNumbersChanged', ['11427953129', '1K0129620D'], 2000],
] as const)('%s', (commandType, field, eventType, [x, y], max) => {
  const command = (list: string[]) => cmd(commandType, { productId: ID, [field]: list } as never);
  const event = (list: string[]) => ev(eventType, { [field]: list } as never);

  it('sets the list (trimmed, blanks dropped, deduplicated)', () => {
    existing().when(command([` ${x}`, x, '', y])).then([event([x, y])]);
  });

  it('decides nothing for the same list', () => {
    product.given([created(), event([x, y])]).when(command([x, y, ` ${y} `])).then([]);
  });

  it('a changed list is an event, including clearing it', () => {
    product.given([created(), event([x, y])]).when(command([x])).then([event([x])]);
    product.given([created(), event([x, y])]).when(command([])).then([event([])]);
  });

  it('clearing an empty list decides nothing', () => {
    existing().when(command([])).then([]);
  });

  it(`accepts ${max} entries and rejects more`, () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `v-${i}`);
    existing().when(command(list(max))).then([event(list(max))]);
    existing().when(command(list(max + 1))).thenThrows('product.list_too_long', 'validation');
  });
});

describe('SetProductAttributes', () => {
  it('sets trimmed attributes', () => {
    existing()
      .when(cmd('SetProductAttributes', { productId: ID, attributes: [{ name: ' Colour ', value: ' Red ' }, { name: 'Thread', value: 'M20x1.5' }] }))
      .then([ev('ProductAttributesChanged', { attributes: [{ name: 'Colour', value: 'Red' }, { name: 'Thread', value: 'M20x1.5' }] })]);
  });

  it.each([
    ['a name', { name: ' ', value: 'Red' }],
    ['a value', { name: 'Colour', value: '' }],
  ])('an attribute needs %s', (_, attribute) => {
    existing().when(cmd('SetProductAttributes', { productId: ID, attributes: [{ name: 'Thread', value: 'M20' }, attribute] })).thenThrows('product.attribute_invalid', 'validation');
  });

  it('decides nothing for the same attributes', () => {
    product
      .given([created(), ev('ProductAttributesChanged', { attributes: [{ name: 'Colour', value: 'Red' }] })])
      .when(cmd('SetProductAttributes', { productId: ID, attributes: [{ name: 'Colour ', value: ' Red' }] }))
      .then([]);
  });

  it('a changed value is an event', () => {
    product
      .given([created(), ev('ProductAttributesChanged', { attributes: [{ name: 'Colour', value: 'Red' }] })])
      .when(cmd('SetProductAttributes', { productId: ID, attributes: [{ name: 'Colour', value: 'Blue' }] }))
      .then([ev('ProductAttributesChanged', { attributes: [{ name: 'Colour', value: 'Blue' }] })]);
  });

  it('rejects more than 200 attributes', () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ name: `n${i}`, value: 'v' }));
    existing().when(cmd('SetProductAttributes', { productId: ID, attributes: many })).thenThrows('product.list_too_long', 'validation');
  });
});

describe('ChangeProductPrice', () => {
  const price = (grossCents: number | null, vatRatePercent = 24) => cmd('ChangeProductPrice', { productId: ID, grossCents, vatRatePercent });
  const priced = (grossCents: number | null, netCents: number | null, vatRatePercent = 24) =>
    ev('ProductPriceChanged', { grossCents, netCents, vatRatePercent });

  it('derives the net price: 12.40 € at 24 % is 10.00 € net', () => {
    existing().when(price(1240)).then([priced(1240, 1000)]);
  });

  it('rounds the net price to whole cents', () => {
    // 999 * 100 / 124 = 805.65
    existing().when(price(999)).then([priced(999, 806)]);
    // 1000 * 100 / 124 = 806.45
    existing().when(price(1000)).then([priced(1000, 806)]);
  });

  it('accepts 0 and the maximum of 1,000,000 €', () => {
    existing().when(price(0)).then([priced(0, 0)]);
    existing().when(price(100_000_000, 0)).then([priced(100_000_000, 100_000_000, 0)]);
  });

  it.each([
    ['negative', -1],
    ['fractional cents', 12.5],
    ['above the maximum', 100_000_001],
    ['not a number', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('rejects a %s price', (_, grossCents) => {
    existing().when(price(grossCents)).thenThrows('product.price_invalid', 'validation');
  });

  it('null removes the price', () => {
    product.given([created(), priced(1240, 1000)]).when(price(null)).then([priced(null, null)]);
  });

  it('decides nothing when the price and VAT rate are unchanged', () => {
    product.given([created(), priced(1240, 1000)]).when(price(1240)).then([]);
    // A new product has no price at 24 %.
    existing().when(price(null)).then([]);
  });

  it('a VAT rate change alone is an event and re-derives the net price', () => {
    product.given([created(), priced(1240, 1000)]).when(price(1240, 9)).then([priced(1240, 1138, 9)]);
  });

  it('accepts VAT rates from 0 to 100 %', () => {
    existing().when(price(1240, 0)).then([priced(1240, 1240, 0)]);
    existing().when(price(1240, 100)).then([priced(1240, 620, 100)]);
  });

  it.each([-1, 100.5, 101, Number.NaN, Number.POSITIVE_INFINITY])('rejects a VAT rate of %s', (vatRatePercent) => {
    existing().when(price(1240, vatRatePercent)).thenThrows('product.vat_rate_invalid', 'validation');
  });
});

describe('SetProductAvailability', () => {
  const set = (policy: AvailabilityPolicy, deliveryDays: number | null) => cmd('SetProductAvailability', { productId: ID, policy, deliveryDays });
  const changed = (policy: AvailabilityPolicy, deliveryDays: number | null) => ev('ProductAvailabilityChanged', { policy, deliveryDays });

  it.each(['on_demand', 'not_available', 'non_stock'] as const)('sets the %s policy', (policy) => {
    existing().when(set(policy, null)).then([changed(policy, null)]);
  });

  it('a new product is available with no delivery time, so setting that decides nothing', () => {
    existing().when(set('available', null)).then([]);
  });

  it('accepts 1 and 365 delivery days', () => {
    existing().when(set('available', 1)).then([changed('available', 1)]);
    existing().when(set('on_demand', 365)).then([changed('on_demand', 365)]);
  });

  it.each([0, -1, 366, 2.5, Number.NaN])('rejects %s delivery days', (days) => {
    existing().when(set('available', days)).thenThrows('product.delivery_days_invalid', 'validation');
  });

  it('rejects an unknown policy', () => {
    existing().when(set('preorder' as AvailabilityPolicy, null)).thenThrows('product.availability_unknown', 'validation');
  });

  it('decides nothing when unchanged; a delivery-time change alone is an event', () => {
    product.given([created(), changed('on_demand', 5)]).when(set('on_demand', 5)).then([]);
    product.given([created(), changed('on_demand', 5)]).when(set('on_demand', 7)).then([changed('on_demand', 7)]);
    product.given([created(), changed('on_demand', 5)]).when(set('on_demand', null)).then([changed('on_demand', null)]);
  });
});

describe('SetProductVisibility', () => {
  const set = (rule: VisibilityRule) => cmd('SetProductVisibility', { productId: ID, rule });
  const changed = (rule: VisibilityRule) => ev('ProductVisibilityChanged', { rule });
  const timed: VisibilityRule = { type: 'timed', rangeFrom: '2026-12-01T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' };
  const range: VisibilityRule = {
    type: 'timeRange',
    rangeFrom: '2026-12-01T00:00:00.000Z',
    rangeTo: '2026-12-31T23:59:59.000Z',
    stateInRange: 'visible',
    stateOutRange: 'inaccessible',
  };

  it('sets a static rule', () => {
    existing().when(set({ type: 'static', state: 'hidden' })).then([changed({ type: 'static', state: 'hidden' })]);
  });

  it('a new product is statically visible, so setting that decides nothing', () => {
    existing().when(set({ type: 'static', state: 'visible' })).then([]);
  });

  it('sets a timed rule and a time-range rule', () => {
    existing().when(set(timed)).then([changed(timed)]);
    existing().when(set(range)).then([changed(range)]);
  });

  it('accepts a range where from equals to', () => {
    const point: VisibilityRule = { ...range, rangeTo: range.rangeFrom };
    existing().when(set(point)).then([changed(point)]);
  });

  it('decides nothing for the same rule', () => {
    product.given([created(), changed(range)]).when(set({ ...range })).then([]);
  });

  it('rejects a range that ends before it starts', () => {
    existing().when(set({ ...range, rangeTo: '2026-11-30T00:00:00.000Z' })).thenThrows('product.visibility_rule_invalid', 'validation');
  });

  it('rejects a static rule with an unknown state', () => {
    existing().when(set({ type: 'static', state: 'secret' as VisibilityState })).thenThrows('product.visibility_rule_invalid', 'validation');
  });

  it('rejects unknown in/out states and unparsable dates', () => {
    existing().when(set({ ...timed, stateInRange: 'secret' as VisibilityState })).thenThrows('product.visibility_rule_invalid', 'validation');
    existing().when(set({ ...range, stateOutRange: 'secret' as VisibilityState })).thenThrows('product.visibility_rule_invalid', 'validation');
    existing().when(set({ ...timed, rangeFrom: 'next week' })).thenThrows('product.visibility_rule_invalid', 'validation');
    existing().when(set({ ...range, rangeTo: 'never' })).thenThrows('product.visibility_rule_invalid', 'validation');
  });
});

describe('SetCriticalStockLevel', () => {
  const set = (level: number | null) => cmd('SetCriticalStockLevel', { productId: ID, level });
  const levelSet = (level: number | null) => ev('ProductCriticalStockLevelSet', { level });

  it('sets a level of 0 or more', () => {
    existing().when(set(5)).then([levelSet(5)]);
    existing().when(set(0)).then([levelSet(0)]);
  });

  it('null removes the level', () => {
    product.given([created(), levelSet(5)]).when(set(null)).then([levelSet(null)]);
  });

  it('decides nothing when unchanged', () => {
    existing().when(set(null)).then([]);
    product.given([created(), levelSet(5)]).when(set(5)).then([]);
  });

  it.each([-1, 1.5, Number.NaN])('rejects %s', (level) => {
    existing().when(set(level)).thenThrows('product.critical_stock_level_invalid', 'validation');
  });
});

describe('idempotent import: replaying the same catalog row decides nothing', () => {
  {
    const history: ProductEvent[] = [
      created({ code2: 'ALT-1', unit: 'set', productClass: 'service', bigProduct: true }),
      ev('ProductImagesChanged', { images: ['https://cdn.example.com/a.jpg'] }),
      ev('ProductCategorised', { categoryIds: ['c-1'] }),
      ev('ProductCompatibleVehiclesChanged', { vehicles: ['bmw-e46'] }),
      ev('ProductAttributesChanged', { attributes: [{ name: 'Colour', value: 'Red' }] }),
      ev('ProductOeNumbersChanged', { oeNumbers: ['11427953129'] }),
      ev('ProductPriceChanged', { grossCents: 1240, netCents: 1000, vatRatePercent: 24 }),
      ev('ProductAvailabilityChanged', { policy: 'on_demand', deliveryDays: 3 }),
      ev('ProductVisibilityChanged', { rule: { type: 'static', state: 'hidden' } }),
      ev('ProductCriticalStockLevelSet', { level: 2 }),
    ];
    const same: ProductCommand[] = [
      cmd('ChangeProductDetails', { productId: ID, language: 'et', name: 'Õlifilter', description: 'Kirjeldus' }),
      cmd('ChangeProductDetails', { productId: ID, language: 'en', name: 'Oil filter', description: 'Description' }),
      cmd('ChangeProductCodes', { productId: ID, code1: 'OF-100', code2: 'ALT-1' }),
      cmd('ChangeProductUnit', { productId: ID, unit: 'set' }),
      cmd('ChangeProductClass', { productId: ID, productClass: 'service' }),
      cmd('SetBigProductFlag', { productId: ID, bigProduct: true }),
      cmd('SetProductImages', { productId: ID, images: ['https://cdn.example.com/a.jpg'] }),
      cmd('CategoriseProduct', { productId: ID, categoryIds: ['c-1'] }),
      cmd('SetCompatibleVehicles', { productId: ID, vehicles: ['bmw-e46'] }),
      cmd('SetProductAttributes', { productId: ID, attributes: [{ name: 'Colour', value: 'Red' }] }),
      cmd('SetOeNumbers', { productId: ID, oeNumbers: ['11427953129'] }),
      cmd('ChangeProductPrice', { productId: ID, grossCents: 1240, vatRatePercent: 24 }),
      cmd('SetProductAvailability', { productId: ID, policy: 'on_demand', deliveryDays: 3 }),
      cmd('SetProductVisibility', { productId: ID, rule: { type: 'static', state: 'hidden' } }),
      cmd('SetCriticalStockLevel', { productId: ID, level: 2 }),
    ];
    it.each(same.map((c) => [c.type, c] as const))('%s with the current values decides no event', (_, command) => {
      product.given(history).when(command).then([]);
    });
  }
});
