/**
 * The Parquet export's rows (docs/analytics.md "The event log as Parquet"): pure functions from one stored event, as
 * it lies in `es_events` (personal fields still sealed), to the rows of the exported tables. No I/O.
 *
 * Personal data never leaves in the clear (docs/architecture.md section 12 "Personal data"):
 * - the export reads the stored form, where shoppers' personal fields are sealed (`sealed`, the Client aggregate's
 *   `personal`); those blobs are dropped, and the seal's subject (`client-{id}`) becomes the row's `client_id`, a
 *   pseudonym, so an analyst can count a client's orders without learning who the client is;
 * - on top of that every field named in {@link WITHHELD_FIELDS} is removed wherever it appears in data or metadata
 *   (names, e-mail, phone, addresses, VIN, staff free text, password hashes, the public order token), so an event an
 *   older version stored in the clear exports nothing personal either;
 * - a forgotten client's events carry only the pseudonymous id, the same before and after the forget.
 */
import { normaliseEmailAddress } from '../../domain/shared/email.js';
import { clientIdForNormalisedEmail } from '../../platform/ids/client-id.js';

/** The client id of an e-mail address, as commands/client/client-streams.ts makes it (analyses import no commands). */
const clientIdForEmail = (email: string): string => clientIdForNormalisedEmail(normaliseEmailAddress(email));
import { normaliseKeyword } from '../../domain/search/keyword.js';

/** One row of `es_events` as the export reads it (jsonb already parsed by pg). */
export interface StoredEventRow {
  /** `$all` position (bigint as decimal text). */
  globalPosition: string;
  eventId: string;
  eventType: string;
  streamId: string;
  /** 1-based position in the stream (decimal text). */
  streamPosition: string;
  data: unknown;
  metadata: unknown;
  /** When the row was appended (the database's clock), ISO-8601 UTC. */
  recordedAt: string;
}

/**
 * Fields never exported, wherever they appear (object keys at any depth of data and metadata): the shopper's
 * personal fields of spec 3 "Client" and "Delivery address" (also when an old event stored them in the clear), the
 * spare-part inquiry's VIN and text, staff's free-text comments, staff's e-mail and user name, password hashes, and
 * the public token that opens an order's payment page.
 */
export const WITHHELD_FIELDS: ReadonlySet<string> = new Set([
  'sealed',
  'personal',
  'keyId',
  'keyIds',
  'firstName',
  'lastName',
  'businessName',
  'email',
  'phone',
  'vatRegNr',
  'shortContactAddress',
  'comment',
  'employeeComment',
  'invoiceComment',
  'address',
  'recipient',
  'vin',
  'part',
  'username',
  'passwordHash',
  'publicToken',
  'token',
  'ip',
  'userAgent',
]);

/**
 * Events whose `name` field is a person's (a spare-part inquiry's sender); elsewhere `name` is a product's, a
 * warehouse's or a file's and is kept.
 */
const PERSONAL_NAME_EVENTS: ReadonlySet<string> = new Set(['PartInquiryReceived']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : null);

/** `value` with every {@link WITHHELD_FIELDS} key removed at any depth (and `name` when `dropName`). Key order kept. */
export function withheld(value: unknown, dropName = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withheld(v, dropName));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (WITHHELD_FIELDS.has(key) || (dropName && key === 'name')) continue;
    out[key] = withheld(v, dropName);
  }
  return out;
}

/**
 * The client an event is about, as the pseudonymous client id (a uuid), or null: the subject of a seal
 * (`sealed.subject` = `client-{id}`), a client event's `clientId`, or, for an event stored in the clear by older
 * code, the client of its e-mail address.
 */
export function clientIdOf(eventType: string, data: unknown): string | null {
  if (!isObject(data)) return null;
  const sealed = data.sealed;
  if (isObject(sealed) && typeof sealed.subject === 'string' && sealed.subject.startsWith('client-')) return sealed.subject.slice('client-'.length);
  if (eventType.startsWith('Client') && typeof data.clientId === 'string') return data.clientId;
  const email = isObject(data.client) ? data.client.email : eventType.startsWith('StockNotification') ? data.email : undefined;
  return typeof email === 'string' && email.trim() ? clientIdForEmail(email) : null;
}

/**
 * An event's own time as the shop writes it (`Date#toISOString`: YYYY-MM-DDTHH:MM:SS[.fff]Z). The export's SQL
 * (export.ts `EVENT_DAY_SQL`) applies the same test, so both agree on every event's day.
 */
export const ISO_UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The event's own time (metadata `time`, ISO-8601 UTC); the time it was recorded when the metadata has none, or one
 * not in the shop's form ({@link ISO_UTC_TIME}).
 */
export function eventTimeOf(row: StoredEventRow): string {
  const time = isObject(row.metadata) ? str(row.metadata.time) : null;
  const parsed = time && ISO_UTC_TIME.test(time) ? Date.parse(time) : NaN;
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : new Date(Date.parse(row.recordedAt)).toISOString();
}

/** The UTC day (YYYY-MM-DD) of an ISO-8601 time: the partition of the rows. */
export const dayOf = (isoTime: string): string => isoTime.slice(0, 10);

/** A row of the `events` table (column names as exported; see EXPORT_TABLES). */
export interface EventExportRow {
  global_position: bigint;
  event_id: string;
  event_type: string;
  stream_id: string;
  stream_position: bigint;
  event_time: string;
  recorded_at: string;
  correlation_id: string | null;
  causation_id: string | null;
  user_id: string | null;
  client_id: string | null;
  data: string;
  metadata: string;
}

export interface OrderExportRow {
  global_position: bigint;
  event_time: string;
  order_id: string;
  order_number: number | null;
  placed_at: string | null;
  language: string | null;
  customer_type: string | null;
  client_id: string | null;
  delivery_provider_id: string | null;
  delivery_option_id: string | null;
  vat_included: boolean | null;
  vat_rate_percent: number | null;
  net_total_cents: number | null;
  vat_cents: number | null;
  total_cents: number | null;
  row_count: number;
  unit_count: number;
}

export interface OrderRowExportRow {
  global_position: bigint;
  event_time: string;
  order_id: string;
  row_index: number;
  product_id: string | null;
  code: string | null;
  name: string | null;
  quantity: number | null;
  unit: string | null;
  unit_price_cents: number | null;
  line_total_cents: number | null;
}

export interface StockMovementExportRow {
  global_position: bigint;
  event_time: string;
  event_type: string;
  product_id: string | null;
  warehouse_id: string | null;
  order_id: string | null;
  /** The event's quantity (for StockAdjusted its signed delta). */
  quantity: number | null;
  /** Units free for sale in the warehouse after the event. */
  on_hand: number | null;
  reason: string | null;
}

export interface SearchExportRow {
  global_position: bigint;
  event_time: string;
  query: string;
  keyword: string;
  language: string | null;
  category_id: string | null;
  filters: string;
  result_count: number | null;
  zero_results: boolean;
  typed_by_user: boolean | null;
}

/** Every exported table's rows for one event (most events give only an `events` row). */
export interface ExportRows {
  day: string;
  events: EventExportRow;
  orders: OrderExportRow[];
  orderRows: OrderRowExportRow[];
  stockMovements: StockMovementExportRow[];
  searches: SearchExportRow[];
}

const STOCK_MOVEMENTS: ReadonlySet<string> = new Set([
  'StockReceived',
  'StockAdjusted',
  'StockCounted',
  'StockReserved',
  'ReservationReleased',
  'StockShipped',
  'StockShipmentReturned',
]);

/**
 * The rows one stored event exports to. JSON text is written with the stored key order, so the same event always
 * gives the same bytes.
 */
export function toExportRows(row: StoredEventRow): ExportRows {
  const eventTime = eventTimeOf(row);
  const globalPosition = BigInt(row.globalPosition);
  const meta = isObject(row.metadata) ? row.metadata : {};
  const clientId = clientIdOf(row.eventType, row.data);
  const data = withheld(row.data, PERSONAL_NAME_EVENTS.has(row.eventType));
  const d = isObject(data) ? data : {};
  const out: ExportRows = {
    day: dayOf(eventTime),
    events: {
      global_position: globalPosition,
      event_id: row.eventId,
      event_type: row.eventType,
      stream_id: row.streamId,
      stream_position: BigInt(row.streamPosition),
      event_time: eventTime,
      recorded_at: new Date(Date.parse(row.recordedAt)).toISOString(),
      correlation_id: str(meta.correlationId),
      causation_id: str(meta.causationId),
      user_id: str(meta.userId),
      client_id: clientId,
      data: JSON.stringify(data ?? null),
      metadata: JSON.stringify(withheld(meta)),
    },
    orders: [],
    orderRows: [],
    stockMovements: [],
    searches: [],
  };
  if (row.eventType === 'OrderPlaced') {
    const orderId = str(d.orderId) ?? '';
    const rows = Array.isArray(d.rows) ? d.rows.filter(isObject) : [];
    const client = isObject(d.client) ? d.client : {};
    const delivery = isObject(d.delivery) ? d.delivery : {};
    out.orders.push({
      global_position: globalPosition,
      event_time: eventTime,
      order_id: orderId,
      order_number: int(d.number),
      placed_at: str(d.placedAt),
      language: str(d.language),
      customer_type: str(client.type),
      client_id: clientId,
      delivery_provider_id: str(delivery.providerId),
      delivery_option_id: str(delivery.optionId),
      vat_included: typeof d.vatIncluded === 'boolean' ? d.vatIncluded : null,
      vat_rate_percent: typeof d.vatRatePercent === 'number' ? d.vatRatePercent : null,
      net_total_cents: int(d.netTotalCents),
      vat_cents: int(d.vatCents),
      total_cents: int(d.totalCents),
      row_count: rows.length,
      unit_count: rows.reduce((sum, r) => sum + (typeof r.quantity === 'number' ? r.quantity : 0), 0),
    });
    rows.forEach((r, index) =>
      out.orderRows.push({
        global_position: globalPosition,
        event_time: eventTime,
        order_id: orderId,
        row_index: index,
        product_id: str(r.productId),
        code: str(r.code),
        name: str(r.name),
        quantity: typeof r.quantity === 'number' ? r.quantity : null,
        unit: str(r.unit),
        unit_price_cents: int(r.unitPriceCents),
        line_total_cents: int(r.lineTotalCents),
      }),
    );
  } else if (STOCK_MOVEMENTS.has(row.eventType)) {
    out.stockMovements.push({
      global_position: globalPosition,
      event_time: eventTime,
      event_type: row.eventType,
      product_id: str(d.productId),
      warehouse_id: str(d.warehouseId),
      order_id: str(d.orderId),
      quantity: row.eventType === 'StockAdjusted' ? int(d.delta) : int(d.quantity),
      on_hand: int(d.onHand),
      reason: str(d.reason),
    });
  } else if (row.eventType === 'SearchPerformed') {
    const query = str(d.query) ?? '';
    const resultCount = int(d.resultCount);
    out.searches.push({
      global_position: globalPosition,
      event_time: eventTime,
      query,
      keyword: normaliseKeyword(query),
      language: str(d.language),
      category_id: str(d.categoryId),
      filters: JSON.stringify(isObject(d.filters) ? d.filters : {}),
      result_count: resultCount,
      zero_results: resultCount === 0,
      typed_by_user: typeof d.typedByUser === 'boolean' ? d.typedByUser : null,
    });
  }
  return out;
}
