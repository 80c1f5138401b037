/**
 * The Product aggregate (stream `product-{id}`): what the shop sells and how it is shown (spec 3 "Product",
 * spec 4 "Product availability and display", spec 5 "Other rules").
 *
 * Money is integer euro cents: `grossCents` includes VAT at `vatRatePercent` (Estonia 24 %), and the net price is
 * derived once, when the price is set: `netCents = round(grossCents * 100 / (100 + vatRatePercent))`.
 *
 * Every command is idempotent in effect: a command that would not change the state decides no event, so importing
 * the same catalog twice appends nothing.
 */
import { isProductImageRef } from '../file/image-ref.js';
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { illegalState, notFound, validation } from '../shared/errors.js';
import { LANGUAGES, type Language, type Localized } from '../shared/localized.js';
import { type Application, applyFitmentDelta, decideFitmentChange, type Fitment, type FitmentChange, type FitmentMode, UNKNOWN_FITMENT } from '../fitment/fitment.js';
import { AVAILABILITY_POLICIES, type AvailabilityPolicy } from './availability.js';
import { DEFAULT_VISIBILITY_RULE, validateVisibilityRule, type VisibilityRule } from './visibility.js';

export const PRODUCT_CLASSES = ['product', 'service'] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number];
export const UNITS = ['pcs', 'set', 'pair', 'l', 'm', 'kg'] as const;
export type Unit = (typeof UNITS)[number];

export const toProductStreamId = (productId: string) => `product-${productId}`;

/**
 * Longest code, name and description accepted, in characters; most entries per list (OE numbers and compatible
 * vehicles may run to thousands: a filter fits many machines).
 */
export const LIMITS = { code: 64, name: 255, description: 10_000, list: 200, crossReferences: 2000, maxPriceCents: 100_000_000, searchAliases: 50, searchAlias: 64 } as const;

/**
 * Reorder settings when a product has none (ProductReorderSettingsChanged with null): a supplier's lead time of 14
 * calendar days and a pack of 1 unit.
 */
export const REORDER_DEFAULTS = { leadTimeDays: 14, packSize: 1 } as const;
/** Largest lead time (days) and pack size (units) SetReorderSettings accepts. */
export const REORDER_LIMITS = { leadTimeDays: 365, packSize: 100_000 } as const;

export interface ProductAttribute {
  name: string;
  value: string;
}

// ---- events ---------------------------------------------------------------------------------------------------
export type ProductEvent =
  | Message<'ProductCreated', { productId: string; code1: string; code2: string | null; names: Localized; descriptions: Localized; unit: Unit; productClass: ProductClass; bigProduct: boolean }>
  | Message<'ProductDetailsChanged', { productId: string; language: Language; name: string; description: string }>
  | Message<'ProductCodesChanged', { productId: string; code1: string; code2: string | null }>
  | Message<'ProductUnitChanged', { productId: string; unit: Unit }>
  | Message<'ProductClassChanged', { productId: string; productClass: ProductClass }>
  | Message<'ProductBigProductFlagChanged', { productId: string; bigProduct: boolean }>
  | Message<'ProductImagesChanged', { productId: string; images: string[] }>
  | Message<'ProductCategorised', { productId: string; categoryIds: string[] }>
  | Message<'ProductCompatibleVehiclesChanged', { productId: string; vehicles: string[] }>
  | Message<'ProductAttributesChanged', { productId: string; attributes: ProductAttribute[] }>
  | Message<'ProductOeNumbersChanged', { productId: string; oeNumbers: string[] }>
  /** Words shoppers search for that the product's names do not hold (a zero-result keyword made an alias). */
  | Message<'ProductSearchAliasesChanged', { productId: string; aliases: string[] }>
  | Message<'ProductPriceChanged', { productId: string; grossCents: number | null; netCents: number | null; vatRatePercent: number }>
  | Message<'ProductAvailabilityChanged', { productId: string; policy: AvailabilityPolicy; deliveryDays: number | null }>
  | Message<'ProductVisibilityChanged', { productId: string; rule: VisibilityRule }>
  | Message<'ProductCriticalStockLevelSet', { productId: string; level: number | null }>
  /**
   * Reorder settings (reorder suggestions, analytics/sell-through): the supplier's lead time in calendar days and the
   * pack size in units; null: unset (REORDER_DEFAULTS apply). `changedBy` is the staff user's id (null: a script).
   */
  | Message<'ProductReorderSettingsChanged', { productId: string; leadTimeDays: number | null; packSize: number | null; changedBy: string | null }>
  /** Product ids shown as fitting together with this one (`compatible`) and as alternatives (`similar`), set in ProductEdit. */
  | Message<'ProductRelatedProductsChanged', { productId: string; compatible: string[]; similar: string[] }>
  /**
   * Vehicle fitment changed (domain/fitment): the applications added and removed, the mode before and after, who
   * (`changedBy`, the staff user's id; null for an import or the set-up) and why.
   */
  | Message<'ProductFitmentChanged', { productId: string; modeBefore: FitmentMode; modeAfter: FitmentMode; added: Application[]; removed: Application[]; reason: string; changedBy: string | null }>;
export type ProductEventType = ProductEvent['type'];
export const PRODUCT_EVENT_TYPES: ProductEventType[] = [
  'ProductCreated', 'ProductDetailsChanged', 'ProductCodesChanged', 'ProductUnitChanged', 'ProductClassChanged',
  'ProductBigProductFlagChanged', 'ProductImagesChanged', 'ProductCategorised', 'ProductCompatibleVehiclesChanged',
  'ProductAttributesChanged', 'ProductOeNumbersChanged', 'ProductPriceChanged', 'ProductAvailabilityChanged',
  'ProductVisibilityChanged', 'ProductCriticalStockLevelSet', 'ProductSearchAliasesChanged',
  'ProductRelatedProductsChanged', 'ProductFitmentChanged', 'ProductReorderSettingsChanged',
];

// ---- commands -------------------------------------------------------------------------------------------------
type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type ProductCommand =
  | Cmd<'CreateProduct', { productId: string; code1: string; code2?: string | null; names: Partial<Localized>; descriptions?: Partial<Localized>; unit?: Unit; productClass?: ProductClass; bigProduct?: boolean }>
  | Cmd<'ChangeProductDetails', { productId: string; language: Language; name: string; description: string }>
  | Cmd<'ChangeProductCodes', { productId: string; code1: string; code2: string | null }>
  | Cmd<'ChangeProductUnit', { productId: string; unit: Unit }>
  | Cmd<'ChangeProductClass', { productId: string; productClass: ProductClass }>
  | Cmd<'SetBigProductFlag', { productId: string; bigProduct: boolean }>
  | Cmd<'SetProductImages', { productId: string; images: string[] }>
  | Cmd<'CategoriseProduct', { productId: string; categoryIds: string[] }>
  | Cmd<'SetCompatibleVehicles', { productId: string; vehicles: string[] }>
  | Cmd<'SetProductAttributes', { productId: string; attributes: ProductAttribute[] }>
  | Cmd<'SetOeNumbers', { productId: string; oeNumbers: string[] }>
  /** Search aliases: trimmed, lower-cased, without duplicates, each 1-64 characters, at most 50. */
  | Cmd<'SetProductSearchAliases', { productId: string; aliases: string[] }>
  /** `grossCents` null removes the price (the product is then not listed, spec 5). */
  | Cmd<'ChangeProductPrice', { productId: string; grossCents: number | null; vatRatePercent: number }>
  | Cmd<'SetProductAvailability', { productId: string; policy: AvailabilityPolicy; deliveryDays: number | null }>
  | Cmd<'SetProductVisibility', { productId: string; rule: VisibilityRule }>
  | Cmd<'SetCriticalStockLevel', { productId: string; level: number | null }>
  /**
   * Lead time 1-365 calendar days and pack size 1-100000 units (whole numbers), each null for unset (the defaults
   * REORDER_DEFAULTS then apply); `changedBy` the staff user's id. Nothing when both equal the current settings.
   */
  | Cmd<'SetReorderSettings', { productId: string; leadTimeDays: number | null; packSize: number | null; changedBy: string | null }>
  /** Compatible and similar products (product ids; at most LIMITS.list each; the product itself is refused). */
  | Cmd<'SetRelatedProducts', { productId: string; compatible: string[]; similar: string[] }>
  /** Vehicle fitment: add/remove applications or set a mode, with a reason (domain/fitment `decideFitmentChange`). */
  | Cmd<'ChangeProductFitment', { productId: string; change: FitmentChange }>;

// ---- state ----------------------------------------------------------------------------------------------------
export interface ActiveProduct {
  status: 'active';
  productId: string;
  code1: string;
  code2: string | null;
  names: Localized;
  descriptions: Localized;
  unit: Unit;
  productClass: ProductClass;
  bigProduct: boolean;
  images: string[];
  categoryIds: string[];
  vehicles: string[];
  attributes: ProductAttribute[];
  oeNumbers: string[];
  searchAliases: string[];
  grossCents: number | null;
  vatRatePercent: number;
  policy: AvailabilityPolicy;
  deliveryDays: number | null;
  visibility: VisibilityRule;
  criticalStockLevel: number | null;
  /** Reorder settings (ProductReorderSettingsChanged); absent or null: unset, REORDER_DEFAULTS apply. */
  leadTimeDays?: number | null;
  packSize?: number | null;
  /** Product ids (ProductRelatedProductsChanged). */
  compatibleProducts: string[];
  similarProducts: string[];
  /** Vehicle fitment (ProductFitmentChanged); `unknown` until recorded. */
  fitment: Fitment;
}
export type ProductState = { status: 'empty' } | ActiveProduct;
export const initialState: ProductState = { status: 'empty' };

// ---- rules ----------------------------------------------------------------------------------------------------
const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

function checkCode(code: string, field: string): string {
  const c = code.trim();
  if (!c) throw validation('product.code_required', 'A product code is required', field);
  if (c.length > LIMITS.code) throw validation('product.code_too_long', `A code is at most ${LIMITS.code} characters`, field);
  return c;
}

function checkText(text: string, max: number, field: string): string {
  const t = text.trim();
  if (t.length > max) throw validation('product.text_too_long', `${field} is at most ${max} characters`, field);
  return t;
}

function checkList(list: string[], field: string, max: number = LIMITS.list): string[] {
  if (list.length > max) throw validation('product.list_too_long', `${field} holds at most ${max} entries`, field);
  const cleaned = list.map((s) => s.trim()).filter(Boolean);
  return [...new Set(cleaned)];
}

/** Net price in cents from gross cents and a VAT rate in percent (spec 5 "VAT"). */
export function netFromGross(grossCents: number, vatRatePercent: number): number {
  return Math.round((grossCents * 100) / (100 + vatRatePercent));
}

function requireActive(state: ProductState): ActiveProduct {
  if (state.status !== 'active') throw notFound('product.not_found', 'The product does not exist');
  return state;
}

/** Pure decision for one product command. @throws DomainError (validation, not_found, illegal_state). */
export function decide(command: ProductCommand, state: ProductState): ProductEvent[] {
  const { type, data } = command;
  if (type === 'CreateProduct') {
    if (state.status !== 'empty') throw illegalState('product.already_exists', 'The product already exists');
    const names: Localized = { et: checkText(data.names.et ?? '', LIMITS.name, 'name'), en: checkText(data.names.en ?? '', LIMITS.name, 'name') };
    if (!names.et && !names.en) throw validation('product.name_required', 'A product name is required', 'name');
    if (data.unit && !UNITS.includes(data.unit)) throw validation('product.unit_unknown', `Unknown unit ${data.unit}`, 'unit');
    if (data.productClass && !PRODUCT_CLASSES.includes(data.productClass)) throw validation('product.class_unknown', 'Unknown product class', 'class');
    return [
      {
        type: 'ProductCreated',
        data: {
          productId: data.productId,
          code1: checkCode(data.code1, 'code1'),
          code2: data.code2?.trim() ? checkCode(data.code2, 'code2') : null,
          names,
          descriptions: {
            et: checkText(data.descriptions?.et ?? '', LIMITS.description, 'description'),
            en: checkText(data.descriptions?.en ?? '', LIMITS.description, 'description'),
          },
          unit: data.unit ?? 'pcs',
          productClass: data.productClass ?? 'product',
          bigProduct: data.bigProduct ?? false,
        },
      },
    ];
  }
  const p = requireActive(state);
  const productId = p.productId;
  switch (type) {
    case 'ChangeProductDetails': {
      if (!LANGUAGES.includes(data.language)) throw validation('product.language_unknown', 'Unknown language', 'language');
      const name = checkText(data.name, LIMITS.name, 'name');
      const description = checkText(data.description, LIMITS.description, 'description');
      const other = data.language === 'et' ? p.names.en : p.names.et;
      if (!name && !other) throw validation('product.name_required', 'A product name is required', 'name');
      if (p.names[data.language] === name && p.descriptions[data.language] === description) return [];
      return [{ type: 'ProductDetailsChanged', data: { productId, language: data.language, name, description } }];
    }
    case 'ChangeProductCodes': {
      const code1 = checkCode(data.code1, 'code1');
      const code2 = data.code2?.trim() ? checkCode(data.code2, 'code2') : null;
      if (code1 === p.code1 && code2 === p.code2) return [];
      return [{ type: 'ProductCodesChanged', data: { productId, code1, code2 } }];
    }
    case 'ChangeProductUnit':
      if (!UNITS.includes(data.unit)) throw validation('product.unit_unknown', `Unknown unit ${data.unit}`, 'unit');
      return data.unit === p.unit ? [] : [{ type: 'ProductUnitChanged', data: { productId, unit: data.unit } }];
    case 'ChangeProductClass':
      if (!PRODUCT_CLASSES.includes(data.productClass)) throw validation('product.class_unknown', 'Unknown product class', 'class');
      return data.productClass === p.productClass ? [] : [{ type: 'ProductClassChanged', data: { productId, productClass: data.productClass } }];
    case 'SetBigProductFlag':
      return data.bigProduct === p.bigProduct ? [] : [{ type: 'ProductBigProductFlagChanged', data: { productId, bigProduct: data.bigProduct } }];
    case 'SetProductImages': {
      const images = checkList(data.images, 'images');
      for (const ref of images) if (!isProductImageRef(ref)) throw validation('product.image_url_invalid', 'An image is an uploaded file (/files/{uuid}) or an http(s) URL', 'images');
      return sameList(images, p.images) ? [] : [{ type: 'ProductImagesChanged', data: { productId, images } }];
    }
    case 'CategoriseProduct': {
      const categoryIds = checkList(data.categoryIds, 'categories');
      return sameList(categoryIds, p.categoryIds) ? [] : [{ type: 'ProductCategorised', data: { productId, categoryIds } }];
    }
    case 'SetCompatibleVehicles': {
      const vehicles = checkList(data.vehicles, 'vehicles', LIMITS.crossReferences);
      return sameList(vehicles, p.vehicles) ? [] : [{ type: 'ProductCompatibleVehiclesChanged', data: { productId, vehicles } }];
    }
    case 'SetOeNumbers': {
      const oeNumbers = checkList(data.oeNumbers, 'oeNumbers', LIMITS.crossReferences);
      return sameList(oeNumbers, p.oeNumbers) ? [] : [{ type: 'ProductOeNumbersChanged', data: { productId, oeNumbers } }];
    }
    case 'SetProductSearchAliases': {
      if (data.aliases.length > LIMITS.searchAliases) throw validation('product.list_too_long', 'Too many search aliases', 'aliases');
      const aliases = [...new Set(data.aliases.map((a) => a.trim().toLowerCase().replace(/\s+/g, ' ')))];
      if (aliases.some((a) => !a || a.length > LIMITS.searchAlias)) throw validation('product.alias_invalid', 'A search alias needs 1 to 64 characters', 'aliases');
      return sameList(aliases, p.searchAliases) ? [] : [{ type: 'ProductSearchAliasesChanged', data: { productId, aliases } }];
    }
    case 'SetProductAttributes': {
      if (data.attributes.length > LIMITS.list) throw validation('product.list_too_long', 'Too many attributes', 'attributes');
      const attributes = data.attributes.map((a) => ({ name: a.name.trim(), value: a.value.trim() }));
      if (attributes.some((a) => !a.name || !a.value)) throw validation('product.attribute_invalid', 'An attribute needs a name and a value', 'attributes');
      return sameList(attributes, p.attributes) ? [] : [{ type: 'ProductAttributesChanged', data: { productId, attributes } }];
    }
    case 'ChangeProductPrice': {
      const { grossCents, vatRatePercent } = data;
      if (!Number.isFinite(vatRatePercent) || vatRatePercent < 0 || vatRatePercent > 100) throw validation('product.vat_rate_invalid', 'The VAT rate must be 0 to 100 percent', 'vatRate');
      if (grossCents !== null && (!Number.isInteger(grossCents) || grossCents < 0 || grossCents > LIMITS.maxPriceCents)) {
        throw validation('product.price_invalid', 'The price must be a whole number of cents from 0 to 1,000,000 euros', 'price');
      }
      if (grossCents === p.grossCents && vatRatePercent === p.vatRatePercent) return [];
      const netCents = grossCents === null ? null : netFromGross(grossCents, vatRatePercent);
      return [{ type: 'ProductPriceChanged', data: { productId, grossCents, netCents, vatRatePercent } }];
    }
    case 'SetProductAvailability': {
      if (!AVAILABILITY_POLICIES.includes(data.policy)) throw validation('product.availability_unknown', 'Unknown availability', 'availability');
      const days = data.deliveryDays;
      if (days !== null && (!Number.isInteger(days) || days < 1 || days > 365)) throw validation('product.delivery_days_invalid', 'Delivery time is 1 to 365 workdays', 'deliveryDays');
      if (data.policy === p.policy && days === p.deliveryDays) return [];
      return [{ type: 'ProductAvailabilityChanged', data: { productId, policy: data.policy, deliveryDays: days } }];
    }
    case 'SetProductVisibility': {
      const problems = validateVisibilityRule(data.rule);
      if (problems.length) throw validation('product.visibility_rule_invalid', `Invalid visibility rule: ${problems.join(', ')}`, problems[0]);
      return sameList([data.rule], [p.visibility]) ? [] : [{ type: 'ProductVisibilityChanged', data: { productId, rule: data.rule } }];
    }
    case 'SetCriticalStockLevel': {
      const level = data.level;
      if (level !== null && (!Number.isInteger(level) || level < 0)) throw validation('product.critical_stock_level_invalid', 'The critical stock level is a whole number of at least 0', 'critical_stock_level');
      return level === p.criticalStockLevel ? [] : [{ type: 'ProductCriticalStockLevelSet', data: { productId, level } }];
    }
    case 'SetReorderSettings': {
      const { leadTimeDays, packSize } = data;
      if (leadTimeDays !== null && (!Number.isInteger(leadTimeDays) || leadTimeDays < 1 || leadTimeDays > REORDER_LIMITS.leadTimeDays)) {
        throw validation('product.lead_time_invalid', 'The lead time is a whole number of 1 to 365 days', 'leadTimeDays');
      }
      if (packSize !== null && (!Number.isInteger(packSize) || packSize < 1 || packSize > REORDER_LIMITS.packSize)) {
        throw validation('product.pack_size_invalid', 'The pack size is a whole number of 1 to 100000 units', 'packSize');
      }
      if (leadTimeDays === (p.leadTimeDays ?? null) && packSize === (p.packSize ?? null)) return [];
      return [{ type: 'ProductReorderSettingsChanged', data: { productId, leadTimeDays, packSize, changedBy: data.changedBy } }];
    }
    case 'SetRelatedProducts': {
      const compatible = checkList(data.compatible, 'compatibleProducts');
      const similar = checkList(data.similar, 'similarProducts');
      if (compatible.includes(productId)) throw validation('product.related_self', 'A product cannot be related to itself', 'compatibleProducts');
      if (similar.includes(productId)) throw validation('product.related_self', 'A product cannot be related to itself', 'similarProducts');
      if (sameList(compatible, p.compatibleProducts) && sameList(similar, p.similarProducts)) return [];
      return [{ type: 'ProductRelatedProductsChanged', data: { productId, compatible, similar } }];
    }
    case 'ChangeProductFitment': {
      const delta = decideFitmentChange(p.fitment, data.change);
      return delta ? [{ type: 'ProductFitmentChanged', data: { productId, ...delta, changedBy: command.metadata.userId ?? null } }] : [];
    }
    default:
      return assertNever(command);
  }
}

/** Applies one event to the state. */
export function evolve(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated') {
    const d = event.data;
    return {
      status: 'active',
      productId: d.productId,
      code1: d.code1,
      code2: d.code2,
      names: d.names,
      descriptions: d.descriptions,
      unit: d.unit,
      productClass: d.productClass,
      bigProduct: d.bigProduct,
      images: [],
      categoryIds: [],
      vehicles: [],
      attributes: [],
      oeNumbers: [],
      searchAliases: [],
      grossCents: null,
      vatRatePercent: 24,
      policy: 'available',
      deliveryDays: null,
      visibility: DEFAULT_VISIBILITY_RULE,
      criticalStockLevel: null,
      compatibleProducts: [],
      similarProducts: [],
      fitment: UNKNOWN_FITMENT,
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'ProductDetailsChanged':
      return {
        ...state,
        names: { ...state.names, [event.data.language]: event.data.name },
        descriptions: { ...state.descriptions, [event.data.language]: event.data.description },
      };
    case 'ProductCodesChanged':
      return { ...state, code1: event.data.code1, code2: event.data.code2 };
    case 'ProductUnitChanged':
      return { ...state, unit: event.data.unit };
    case 'ProductClassChanged':
      return { ...state, productClass: event.data.productClass };
    case 'ProductBigProductFlagChanged':
      return { ...state, bigProduct: event.data.bigProduct };
    case 'ProductImagesChanged':
      return { ...state, images: event.data.images };
    case 'ProductCategorised':
      return { ...state, categoryIds: event.data.categoryIds };
    case 'ProductCompatibleVehiclesChanged':
      return { ...state, vehicles: event.data.vehicles };
    case 'ProductAttributesChanged':
      return { ...state, attributes: event.data.attributes };
    case 'ProductOeNumbersChanged':
      return { ...state, oeNumbers: event.data.oeNumbers };
    case 'ProductSearchAliasesChanged':
      return { ...state, searchAliases: event.data.aliases };
    case 'ProductPriceChanged':
      return { ...state, grossCents: event.data.grossCents, vatRatePercent: event.data.vatRatePercent };
    case 'ProductAvailabilityChanged':
      return { ...state, policy: event.data.policy, deliveryDays: event.data.deliveryDays };
    case 'ProductVisibilityChanged':
      return { ...state, visibility: event.data.rule };
    case 'ProductCriticalStockLevelSet':
      return { ...state, criticalStockLevel: event.data.level };
    case 'ProductReorderSettingsChanged':
      return { ...state, leadTimeDays: event.data.leadTimeDays, packSize: event.data.packSize };
    case 'ProductRelatedProductsChanged':
      return { ...state, compatibleProducts: event.data.compatible, similarProducts: event.data.similar };
    case 'ProductFitmentChanged':
      return { ...state, fitment: applyFitmentDelta(state.fitment, event.data) };
    default:
      return assertNever(event);
  }
}

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = { decide, evolve, initialState };
