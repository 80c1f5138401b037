/**
 * Zod schemas of the Product aggregate's event data (domain/product/product.ts ProductEvent), for the readers of
 * stored events (domain/shared/events.ts). Each schema's output is checked against the event's TypeScript type.
 */
import { z } from 'zod';
import { LANGUAGES } from '../shared/localized.js';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { AVAILABILITY_POLICIES } from './availability.js';
import { FITMENT_MODES, POSITIONS } from '../fitment/fitment.js';
import { PRODUCT_CLASSES, type ProductEvent, UNITS } from './product.js';
import { VISIBILITY_STATES } from './visibility.js';

const localized = z.object({ et: z.string(), en: z.string() });
const state = z.enum(VISIBILITY_STATES);
const visibilityRule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('static'), state }),
  z.object({ type: z.literal('timed'), rangeFrom: z.string(), stateInRange: state, stateOutRange: state }),
  z.object({ type: z.literal('timeRange'), rangeFrom: z.string(), rangeTo: z.string(), stateInRange: state, stateOutRange: state }),
]);
const cents = z.number().int();
const qualifiers = { label: z.string(), positions: z.array(z.enum(POSITIONS)).optional(), engineCode: z.string().optional(), note: z.string().optional() };
const application = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('make'), make: z.string(), ...qualifiers }),
  z.object({ kind: z.literal('model'), make: z.string(), model: z.string(), ...qualifiers }),
  z.object({ kind: z.literal('generation'), make: z.string(), model: z.string(), generation: z.string(), from: z.string(), to: z.string().nullable(), ...qualifiers }),
  z.object({ kind: z.literal('years'), make: z.string(), model: z.string(), fromYear: z.number().int(), toYear: z.number().int(), ...qualifiers }),
]);
const id = { productId: z.string() };

export const PRODUCT_EVENT_SCHEMAS: EventDataSchemas<ProductEvent> = {
  ProductCreated: z.object({
    ...id,
    code1: z.string(),
    code2: z.string().nullable(),
    names: localized,
    descriptions: localized,
    unit: z.enum(UNITS),
    productClass: z.enum(PRODUCT_CLASSES),
    bigProduct: z.boolean(),
  }),
  ProductDetailsChanged: z.object({ ...id, language: z.enum(LANGUAGES), name: z.string(), description: z.string() }),
  ProductCodesChanged: z.object({ ...id, code1: z.string(), code2: z.string().nullable() }),
  ProductUnitChanged: z.object({ ...id, unit: z.enum(UNITS) }),
  ProductClassChanged: z.object({ ...id, productClass: z.enum(PRODUCT_CLASSES) }),
  ProductBigProductFlagChanged: z.object({ ...id, bigProduct: z.boolean() }),
  ProductImagesChanged: z.object({ ...id, images: z.array(z.string()) }),
  ProductCategorised: z.object({ ...id, categoryIds: z.array(z.string()) }),
  ProductCompatibleVehiclesChanged: z.object({ ...id, vehicles: z.array(z.string()) }),
  ProductAttributesChanged: z.object({ ...id, attributes: z.array(z.object({ name: z.string(), value: z.string() })) }),
  ProductOeNumbersChanged: z.object({ ...id, oeNumbers: z.array(z.string()) }),
  ProductSearchAliasesChanged: z.object({ ...id, aliases: z.array(z.string()) }),
  ProductPriceChanged: z.object({ ...id, grossCents: cents.nullable(), netCents: cents.nullable(), vatRatePercent: z.number() }),
  ProductAvailabilityChanged: z.object({ ...id, policy: z.enum(AVAILABILITY_POLICIES), deliveryDays: z.number().int().nullable() }),
  ProductVisibilityChanged: z.object({ ...id, rule: visibilityRule }),
  ProductCriticalStockLevelSet: z.object({ ...id, level: z.number().nullable() }),
  ProductReorderSettingsChanged: z.object({ ...id, leadTimeDays: z.number().int().nullable(), packSize: z.number().int().nullable(), changedBy: z.string().nullable() }),
  ProductRelatedProductsChanged: z.object({ ...id, compatible: z.array(z.string()), similar: z.array(z.string()) }),
  ProductFitmentChanged: z.object({
    ...id,
    modeBefore: z.enum(FITMENT_MODES),
    modeAfter: z.enum(FITMENT_MODES),
    added: z.array(application),
    removed: z.array(application),
    reason: z.string(),
    changedBy: z.string().nullable(),
  }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseProductEvent = eventParser<ProductEvent>(PRODUCT_EVENT_SCHEMAS);
