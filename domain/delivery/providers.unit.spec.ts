import { describe, expect, it } from 'vitest';
import { productIdForCode } from '../../commands/catalog/catalog-csv.js';
import {
  DELIVERY_COUNTRY_CODES,
  DELIVERY_PROVIDER_IDS,
  DELIVERY_PROVIDERS,
  type DeliveryInput,
  isPostageCode,
  postageCode,
  postageProductId,
  providerOfPostageProduct,
  validateDelivery,
} from './providers.js';

const offered = (ids: string[]) => (_providerId: string, optionId: string) => ids.includes(optionId);
const codes = (input: DeliveryInput, offer = offered(['96243'])) => validateDelivery(input, offer).map((e) => `${e.field}:${e.code}`);

describe('delivery providers', () => {
  it('every provider has names and descriptions in both languages, countries the shop delivers to, and a fee in whole cents', () => {
    for (const id of DELIVERY_PROVIDER_IDS) {
      const p = DELIVERY_PROVIDERS[id];
      expect(p.id).toBe(id);
      for (const text of [p.name.et, p.name.en, p.desc.et, p.desc.en]) expect(text.trim().length).toBeGreaterThan(3);
      expect(p.supportedCountries.every((c) => (DELIVERY_COUNTRY_CODES as readonly string[]).includes(c))).toBe(true);
      expect(Number.isInteger(p.feeCents) && p.feeCents > 0).toBe(true);
      expect(p.inputType).toBe(p.locations ? 'select' : 'Address');
    }
    expect(DELIVERY_PROVIDERS['omniva-parcel'].bigProduct).toBe(false);
    expect(DELIVERY_PROVIDERS['omniva-courier'].bigProduct).toBe(true);
  });

  it('postage product ids are the catalog ids of their postikulu codes', () => {
    for (const id of DELIVERY_PROVIDER_IDS) {
      expect(postageCode(id).startsWith('postikulu')).toBe(true);
      expect(isPostageCode(postageCode(id))).toBe(true);
      expect(postageProductId(id)).toBe(productIdForCode(postageCode(id)));
      expect(providerOfPostageProduct(postageProductId(id))).toBe(id);
    }
    expect(new Set(DELIVERY_PROVIDER_IDS.map(postageProductId)).size).toBe(DELIVERY_PROVIDER_IDS.length);
    expect(isPostageCode('BF1018')).toBe(false);
    expect(() => postageProductId('dhl')).toThrow();
  });
});

describe('validateDelivery (spec 5 Checkout)', () => {
  it('accepts an offered parcel machine and a complete courier address', () => {
    expect(codes({ providerId: 'omniva-parcel', optionId: '96243', country: 'EE', cartHasBigProduct: false })).toEqual([]);
    expect(
      codes({ providerId: 'omniva-courier', country: 'LV', address: { street: 'Brīvības iela 1', city: 'Rīga', state: 'Rīga', area_code: 'LV-1010' }, cartHasBigProduct: true }),
    ).toEqual([]);
  });

  it('Required: country, provider, and the location of a location provider', () => {
    expect(codes({ cartHasBigProduct: false })).toEqual(['country:delivery.required', 'delivery_provider:delivery.required']);
    expect(codes({ providerId: 'itella-ee-parcel', optionId: '  ', country: 'EE', cartHasBigProduct: false })).toEqual(['delivery_option:delivery.required']);
  });

  it('Required: street, state, city and area_code for the courier (apartment is optional)', () => {
    expect(codes({ providerId: 'omniva-courier', country: 'EE', address: { street: 'Narva mnt 5', city: ' ', apartment: '' }, cartHasBigProduct: false })).toEqual([
      'address.state:delivery.required',
      'address.city:delivery.required',
      'address.area_code:delivery.required',
    ]);
  });

  it('a location no longer offered, a provider of another country, an unknown provider or country', () => {
    expect(codes({ providerId: 'omniva-parcel', optionId: '1', country: 'EE', cartHasBigProduct: false })).toEqual(['delivery_option:delivery.option_not_offered']);
    expect(codes({ providerId: 'itella-ee-parcel', optionId: '96243', country: 'LV', cartHasBigProduct: false })).toEqual(['delivery_provider:delivery.provider_not_in_country']);
    expect(codes({ providerId: 'dhl', country: 'EE', cartHasBigProduct: false })).toEqual(['delivery_provider:delivery.provider_unknown']);
    expect(codes({ providerId: 'omniva-parcel', optionId: '96243', country: 'SE', cartHasBigProduct: false })).toEqual(['country:delivery.country_unknown']);
  });

  it('a big product rules out parcel machines with the spec message, not the courier or a post office', () => {
    const errors = validateDelivery({ providerId: 'omniva-parcel', optionId: '96243', country: 'EE', cartHasBigProduct: true }, offered(['96243']));
    expect(errors).toEqual([
      {
        field: 'delivery_provider',
        code: 'delivery.too_big_for_provider',
        messages: {
          et: 'Valitud tarneviis ei ole saadaval, sest ostukorvis on toode, mis on pakiautomaadi jaoks liiga suur.',
          en: 'The selected delivery provider is not available as your cart contains product which is too big for parcel machines.',
        },
      },
    ]);
    expect(codes({ providerId: 'omniva-po', optionId: '96243', country: 'EE', cartHasBigProduct: true })).toEqual([]);
  });

  it('asks offeredOption about the chosen provider and location', () => {
    const asked: string[] = [];
    validateDelivery({ providerId: ' omniva-po ', optionId: ' 69494 ', country: 'ee', cartHasBigProduct: false }, (p, o) => {
      asked.push(`${p}/${o}`);
      return true;
    });
    expect(asked).toEqual(['omniva-po/69494']);
  });

  it('every failure carries Required in both languages where a field is missing', () => {
    const [e] = validateDelivery({ providerId: 'omniva-parcel', country: 'EE', cartHasBigProduct: false }, () => true);
    expect(e.messages).toEqual({ et: 'Kohustuslik', en: 'Required' });
  });
});
