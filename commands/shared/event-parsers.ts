/**
 * The command handlers' fold parses what the store returns: the aggregates' zod schemas
 * (domain/<aggregate>/events.ts) by event type. Event types without a schema (marker events such as
 * DemoCatalogImported) pass through as stored.
 */
import { CATEGORY_EVENT_SCHEMAS } from '../../domain/category/events.js';
import { DELIVERY_LOCATIONS_EVENT_SCHEMAS } from '../../domain/delivery/events.js';
import { FILE_EVENT_SCHEMAS } from '../../domain/file/events.js';
import { FOLDER_EVENT_SCHEMAS } from '../../domain/folder/events.js';
import { ALBUM_EVENT_SCHEMAS } from '../../domain/gallery/events.js';
import { FILTER_EVENT_SCHEMAS } from '../../domain/filter/events.js';
import { MENU_EVENT_SCHEMAS } from '../../domain/menu/events.js';
import { ORDER_EVENT_SCHEMAS } from '../../domain/order/events.js';
import { PAGE_EVENT_SCHEMAS } from '../../domain/page/events.js';
import { PART_INQUIRY_EVENT_SCHEMAS } from '../../domain/part-inquiry/events.js';
import { PRODUCT_EVENT_SCHEMAS } from '../../domain/product/events.js';
import { SEARCH_EVENT_SCHEMAS } from '../../domain/search/events.js';
import { SHOPPER_STEP_EVENT_SCHEMAS } from '../../domain/search/shopper-steps.js';
import type { Message } from '../../domain/shared/decider.js';
import { eventParser } from '../../domain/shared/events.js';
import { SITE_EVENT_SCHEMAS } from '../../domain/site/events.js';
import { STOCK_EVENT_SCHEMAS } from '../../domain/stock/events.js';
import { STOCK_NOTIFICATION_EVENT_SCHEMAS } from '../../domain/stock-notification/events.js';
import { USER_EVENT_SCHEMAS } from '../../domain/user/events.js';
import { VEHICLE_EVENT_SCHEMAS } from '../../domain/vehicle/events.js';
import { WAREHOUSE_EVENT_SCHEMAS } from '../../domain/warehouse/events.js';
import { PURCHASE_LIST_EVENT_SCHEMAS } from '../../domain/purchase-list/events.js';

const SCHEMAS = {
  ...PRODUCT_EVENT_SCHEMAS,
  ...STOCK_EVENT_SCHEMAS,
  ...CATEGORY_EVENT_SCHEMAS,
  ...ORDER_EVENT_SCHEMAS,
  ...DELIVERY_LOCATIONS_EVENT_SCHEMAS,
  ...SITE_EVENT_SCHEMAS,
  ...PAGE_EVENT_SCHEMAS,
  ...MENU_EVENT_SCHEMAS,
  ...FILTER_EVENT_SCHEMAS,
  ...SEARCH_EVENT_SCHEMAS,
  ...SHOPPER_STEP_EVENT_SCHEMAS,
  ...STOCK_NOTIFICATION_EVENT_SCHEMAS,
  ...USER_EVENT_SCHEMAS,
  ...WAREHOUSE_EVENT_SCHEMAS,
  ...VEHICLE_EVENT_SCHEMAS,
  ...FILE_EVENT_SCHEMAS,
  ...FOLDER_EVENT_SCHEMAS,
  ...ALBUM_EVENT_SCHEMAS,
  ...PART_INQUIRY_EVENT_SCHEMAS,
  ...PURCHASE_LIST_EVENT_SCHEMAS,
};
const parseKnown = eventParser<Message>(SCHEMAS as never);

/**
 * A stored event as its aggregate's domain event: parsed when its type has a schema, else as stored.
 * @throws MalformedEventError (domain/shared/events.ts) when the data does not match its type's schema
 */
export function toDomainEvent<TEvent extends Message>(event: { type: string; data: unknown }): TEvent {
  return (Object.prototype.hasOwnProperty.call(SCHEMAS, event.type) ? parseKnown(event) : { type: event.type, data: event.data }) as TEvent;
}
