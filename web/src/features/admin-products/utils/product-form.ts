/**
 * ProductEdit's form model (spec 3 "Product"; the contract's `productFormSchema`, api/contracts/admin-products.ts):
 * the form's value types, the empty form of a new product, the form of a product as GET answers it, the price as
 * typed (euros with a comma or a dot) and kept (euro cents), the net price, and the field paths a server error may
 * name. No React.
 */
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminProduct, ProductForm, productFormSchema } from '../../../../../api/contracts/admin-products';
import type { Language } from '../../../lib/language';

export type FormInput = z.input<typeof productFormSchema>;
export type FormOutput = z.output<typeof productFormSchema>;
/** The form every section of ProductEdit registers its fields with. */
export type ProductFormApi = UseFormReturn<FormInput, unknown, FormOutput>;

export const UNITS = ['pcs', 'set', 'pair', 'l', 'm', 'kg'] as const;
export const CLASSES = ['product', 'service'] as const;
export const LANGS: Language[] = ['et', 'en'];
export const DEFAULT_VAT = 24;

export const EMPTY_FORM: ProductForm = {
  names: { et: '', en: '' },
  descriptions: { et: '', en: '' },
  code1: '',
  code2: null,
  unit: 'pcs',
  productClass: 'product',
  grossCents: null,
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
  leadTimeDays: null,
  packSize: null,
};

/** The editable fields of a product as GET answers it. */
export function formOf(p: AdminProduct): ProductForm {
  return {
    names: p.names,
    descriptions: p.descriptions,
    code1: p.code1,
    code2: p.code2,
    unit: p.unit,
    productClass: p.productClass,
    grossCents: p.grossCents,
    policy: p.policy,
    deliveryDays: p.deliveryDays,
    visibility: p.visibility,
    criticalStockLevel: p.criticalStockLevel,
    bigProduct: p.bigProduct,
    categoryIds: p.categoryIds,
    vehicles: p.vehicles,
    compatibleProducts: p.compatibleProducts,
    similarProducts: p.similarProducts,
    images: p.images,
    leadTimeDays: p.leadTimeDays ?? null,
    packSize: p.packSize ?? null,
  };
}

/**
 * Euro cents from what a person types: '12,40', '12.4', '1 240,00', '€ 12' -> 1240, 1240, 124000, 1200; '' -> null;
 * anything else -> NaN (the schema then says the value is invalid).
 */
export function centsFromText(text: string): number | null {
  const t = text.replace(/[\s\u00a0€]/g, '').replace(',', '.');
  if (!t) return null;
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/** The text of a price input for cents: 1240 -> '12,40' (et) / '12.40' (en); null -> ''. */
export function textFromCents(cents: number | null | undefined, lang: Language): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const s = (cents / 100).toFixed(2);
  return lang === 'et' ? s.replace('.', ',') : s;
}

/** Net cents of gross cents at `vatRatePercent` (the domain's rule, domain/product/product.ts netFromGross). */
export const netOf = (grossCents: number, vatRatePercent: number) => Math.round((grossCents * 100) / (100 + vatRatePercent));

/** The form's field paths a server error may name (api/routes/admin/products-edit.ts maps the decider's). */
export const FIELD_PATHS = [
  'names.et', 'names.en', 'descriptions.et', 'descriptions.en', 'code1', 'code2', 'unit', 'productClass', 'grossCents', 'policy', 'deliveryDays',
  'visibility.state', 'visibility.rangeFrom', 'visibility.rangeTo', 'visibility.stateInRange', 'visibility.stateOutRange', 'criticalStockLevel',
  'bigProduct', 'categoryIds', 'vehicles', 'compatibleProducts', 'similarProducts', 'images', 'leadTimeDays', 'packSize',
];

/** A number input's value: '' (or nothing) is null. */
export const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
