/**
 * Zod schemas of the Product aggregate's event data (domain/product/product.ts ProductEvent), for the readers of
 * stored events (domain/shared/events.ts). Each schema's output is checked against the event's TypeScript type.
 */
import { z } from 'zod';
import { LANGUAGES } from '../shared/localized.js';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { AVAILABILITY_POLICIES } from './availability.js';
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
  ProductRelatedProductsChanged: z.object({ ...id, compatible: z.array(z.string()), similar: z.array(z.string()) }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseProductEvent = eventParser<ProductEvent>(PRODUCT_EVENT_SCHEMAS);
