/**
 * The audit timeline's pure part (spec 2 "Admin area"): which streams it shows, the fold of one stream's
 * events into a plain state object per aggregate (the aggregates' own `evolve`, fed by their zod parsers), and the
 * before/after of the fields each event changed (consecutive states diffed by dotted field path).
 *
 * Streams: `product-{id}`, `stock-{productId}`, `category-{id}`, `user-{id}` (docs/architecture.md "Streams and
 * aggregates"), `client-{id}` and `order-{id}`, and the content streams `page-{id}`, `menu-main` and `site`
 * (docs/incoming/content-model.md), and the files area's `album-{id}`, `folder-{id}` and `file-{id}`. Secrets never leave: a user's `passwordHash` is left out of the folded state and of the event data
 * (docs/architecture.md "Events hold the hash": a reader that shows events to people leaves it out).
 *
 * Pure: no I/O. The api route (api/routes/admin/history.ts) reads the stream and resolves who acted.
 */
import { evolve as evolveCategory, initialState as categoryInitial, type CategoryState } from '../category/category.js';
import { CLIENT_EVENT_TYPES, type ClientEvent, type ClientState, evolve as evolveClient, initialState as clientInitial } from '../client/client.js';
import { parseCategoryEvent } from '../category/events.js';
import { parseOrderEvent } from '../order/events.js';
import { evolve as evolveOrder, initialState as orderInitial, type OrderState } from '../order/order.js';
import { parseProductEvent } from '../product/events.js';
import { evolve as evolveProduct, initialState as productInitial, type ProductState } from '../product/product.js';
import { parseStockEvent } from '../stock/events.js';
import { evolve as evolveStock, initialState as stockInitial, type StockState } from '../stock/stock.js';
import { parseMenuEvent } from '../menu/events.js';
import { evolve as evolveMenu, initialState as menuInitial, type MenuState } from '../menu/menu.js';
import { menuEntryChanges, type MenuEntryChangeKind } from '../menu/menu-changes.js';
import { parsePageEvent } from '../page/events.js';
import { evolve as evolvePage, initialState as pageInitial, type PageState } from '../page/page.js';
import { parseSiteEvent } from '../site/events.js';
import { evolve as evolveSite, initialState as siteInitial, type SiteState } from '../site/site.js';
import { parseUserEvent } from '../user/events.js';
import { parseFileEvent } from '../file/events.js';
import { evolve as evolveFile, initialState as fileInitial, type FileState } from '../file/file.js';
import { parseFolderEvent } from '../folder/events.js';
import { evolve as evolveFolder, initialState as folderInitial, type FolderState } from '../folder/folder.js';
import { parseAlbumEvent } from '../gallery/events.js';
import { evolve as evolveAlbum, initialState as albumInitial, type AlbumState } from '../gallery/album.js';
import { parseFilterEvent } from '../filter/events.js';
import { evolve as evolveFilter, MAX_FILTER_TEXT, type FilterState } from '../filter/filter.js';
import type { Permission } from '../user/permissions.js';
import { evolve as evolveUser, initialState as userInitial, type UserState } from '../user/user.js';

/** The aggregates whose streams the timeline shows, by stream prefix. */
export const HISTORY_KINDS = ['product', 'stock', 'category', 'user', 'client', 'order', 'page', 'menu', 'site', 'album', 'folder', 'file', 'filter'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/**
 * The permission each kind's area asks beside `history.view` (spec 6 "Roles and permissions", the table in
 * domain/user/permissions.ts): a timeline shows what the area's own screens show, to the same people. Stock and
 * categories belong to the products area (the product screen shows the stock; categories are edited with
 * `products.edit`). Pages, the menu and the global content are the content area (`pages.view`).
 */
export const HISTORY_VIEW_PERMISSIONS: Readonly<Record<HistoryKind, Permission>> = {
  product: 'products.view',
  stock: 'products.view',
  category: 'products.view',
  user: 'users.manage',
  client: 'clients.view',
  order: 'orders.view',
  page: 'pages.view',
  menu: 'pages.view',
  site: 'pages.view',
  // Gallery albums, finder folders and files: the files area (the finder and album editor ask files.view).
  album: 'files.view',
  folder: 'files.view',
  file: 'files.view',
  // A facet's labels, visibility, place and 'hide when its count is 0' categories: FilterList (products.view).
  filter: 'products.view',
};

/** Every aggregate id the timeline shows is a uuid as stored: lower-case hex, 8-4-4-4-12. */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A stream name the timeline accepts: exactly `{kind}-{uuid}`. A longer name that merely starts with a kind's prefix
 * (`stock-notification-{productId}-{hash}`, another aggregate holding a shopper's e-mail) is not that kind's stream.
 */
const UUID_KINDS: readonly HistoryKind[] = ['product', 'stock', 'category', 'user', 'client', 'order', 'page', 'album', 'folder', 'file'];
const STREAM_PATTERN = new RegExp(`^(${UUID_KINDS.join('|')})-(${UUID})$`);
/** The streams of one instance each, by their exact name (domain/menu/menu.ts MENU_STREAM_ID, domain/site/site.ts SITE_STREAM_ID). */
const SINGLE_STREAMS: Readonly<Record<string, HistoryKind>> = { 'menu-main': 'menu', site: 'site' };

/**
 * The kind and id of a stream name as stored (`stock-{productId}`; the single streams `menu-main` and `site` are
 * their own id), or null when the timeline does not show it.
 */
export function parseHistoryStream(stream: string): { kind: HistoryKind; id: string } | null {
  const single = Object.hasOwn(SINGLE_STREAMS, stream) ? SINGLE_STREAMS[stream] : undefined;
  if (single) return { kind: single, id: stream };
  // The Filter aggregate's stream is named by the facet (`filter-{name}`, domain/filter/filter.ts): any text of at
  // most MAX_FILTER_TEXT characters without control characters, not only a uuid.
  if (stream.startsWith('filter-')) {
    const name = stream.slice('filter-'.length);
    // eslint-disable-next-line no-control-regex
    return name.length > 0 && name.length <= MAX_FILTER_TEXT && !/[\u0000-\u001f\u007f]/.test(name) ? { kind: 'filter', id: name } : null;
  }
  const m = STREAM_PATTERN.exec(stream);
  return m ? { kind: m[1] as HistoryKind, id: m[2]! } : null;
}

/** A plain, JSON-safe state object (the folded aggregate, without secrets). */
export type PlainState = Record<string, unknown>;

/** Keys that never leave the server (password hashes and the like), at any depth of event data or state. */
const SECRET_KEY = /^password$|hash$|secret$|token$/i;

/** A copy of `value` without secret keys at any depth (`passwordHash` of UserCreated and PasswordChanged). */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([k]) => !SECRET_KEY.test(k)).map(([k, v]) => [k, withoutSecrets(v)])) as T;
  }
  return value;
}

interface Fold<S> {
  initial: S;
  /** Applies one stored event; throws MalformedEventError for a type or data the aggregate does not know. */
  apply(state: S, event: { type: string; data: unknown }): S;
  /** The state as a plain object for people: no status 'empty' noise, no secrets. */
  view(state: S): PlainState;
  /** The fields one event changed, from the views before and after it; default `diffStates`. */
  diff?(before: PlainState, after: PlainState): FieldChange[];
}

const stripStatusEmpty = (state: { status: string }): PlainState => (state.status === 'empty' ? {} : (state as unknown as PlainState));

const FOLDS: { [K in HistoryKind]: Fold<unknown> } = {
  product: { initial: productInitial, apply: (s, e) => evolveProduct(s as ProductState, parseProductEvent(e)), view: (s) => stripStatusEmpty(s as ProductState) } as Fold<unknown>,
  category: { initial: categoryInitial, apply: (s, e) => evolveCategory(s as CategoryState, parseCategoryEvent(e)), view: (s) => stripStatusEmpty(s as CategoryState) } as Fold<unknown>,
  user: { initial: userInitial, apply: (s, e) => evolveUser(s as UserState, parseUserEvent(e)), view: (s) => withoutSecrets(stripStatusEmpty(s as UserState)) } as Fold<unknown>,
  // Client: the events arrive opened (api/routes/admin/history.ts opens the seals with the client's key;
  // `details: null` once forgotten). The view leaves out the key id and the ids of every order ever seen.
  client: {
    initial: clientInitial,
    apply: (s, e) => {
      if (!(CLIENT_EVENT_TYPES as string[]).includes(e.type) || !e.data || typeof e.data !== 'object') throw new Error(`not a client event: ${e.type}`);
      return evolveClient(s as ClientState, e as ClientEvent);
    },
    view: (s) => {
      const st = s as ClientState;
      if (st.status === 'empty') return {};
      if (st.status === 'forgotten') return { status: st.status, forgottenAt: st.forgottenAt, orders: st.orders.map((o) => o.number) };
      return { status: st.status, customerType: st.customerType, details: st.details, orders: st.orders.map((o) => o.number) };
    },
  } as Fold<unknown>,
  // Order: flags, rows, discount, fee, comments and documents, without the client's personal data
  // (the client's own stream and the order screen show those) and without the public token.
  order: {
    initial: orderInitial,
    apply: (s, e) => evolveOrder(s as OrderState, parseOrderEvent(e)),
    view: (s) => orderView(s as OrderState),
  } as Fold<unknown>,
  // Page: the draft document, which revisions are draft and published, and the visibility rule (not every old
  // revision: the versions list of the page editor shows those).
  page: {
    initial: pageInitial,
    apply: (s, e) => evolvePage(s as PageState, parsePageEvent(e)),
    view: (s) => {
      const st = s as PageState;
      if (st.status === 'empty') return {};
      return { status: st.status, draft: st.revisions[st.draftRevision - 1] ?? null, draftRevision: st.draftRevision, publishedRevision: st.publishedRevision, visibility: st.visibility };
    },
  } as Fold<unknown>,
  // Menu: the entries of its own stream (the legacy `site` MainMenuChanged shows in the site stream).
  // Each save's changes are per entry (`entries.{id}`: added, removed, moved, renamed, changed; domain/menu/menu-changes.ts),
  // not the whole list before and after.
  menu: {
    initial: menuInitial,
    apply: (s, e) => evolveMenu(s as MenuState, parseMenuEvent(e)),
    view: (s) => ({ entries: (s as MenuState).entries }),
    diff: (before, after) =>
      menuEntryChanges((before.entries ?? []) as MenuState['entries'], (after.entries ?? []) as MenuState['entries']).map((c) => ({
        field: `entries.${c.entryId}`,
        before: c.before,
        after: c.after,
        entryChange: c.kinds,
      })),
  } as Fold<unknown>,
  // Global content: fields, item containers and the banner switch.
  site: {
    initial: siteInitial,
    apply: (s, e) => evolveSite(s as SiteState, parseSiteEvent(e)),
    view: (s) => {
      const st = s as SiteState;
      return { fields: st.fields, containers: st.containers, bannerShown: st.bannerShown };
    },
  } as Fold<unknown>,
  // Album: names, the ordered images with captions, thumbnail, published.
  album: { initial: albumInitial, apply: (s, e) => evolveAlbum(s as AlbumState, parseAlbumEvent(e)), view: (s) => stripStatusEmpty(s as AlbumState) } as Fold<unknown>,
  folder: { initial: folderInitial, apply: (s, e) => evolveFolder(s as FolderState, parseFolderEvent(e)), view: (s) => stripStatusEmpty(s as FolderState) } as Fold<unknown>,
  // File: name, folder, captions and tags (not the renditions' byte counts).
  file: {
    initial: fileInitial,
    apply: (s, e) => evolveFile(s as FileState, parseFileEvent(e)),
    view: (s) => {
      const st = s as FileState;
      if (st.status === 'empty') return {};
      return { status: st.status, name: st.file.name, folderId: st.file.folderId, mime: st.file.mime, width: st.file.width, height: st.file.height, captions: st.captions, tags: st.tags };
    },
  } as Fold<unknown>,
  // Filter: labels, shown, position and the categories where it hides when its count is 0 (spec 9).
  filter: { initial: null, apply: (s, e) => evolveFilter(s as FilterState, parseFilterEvent(e)), view: (s) => (s ?? {}) as PlainState } as Fold<unknown>,
  // Stock: per-warehouse free units (`onHand.{warehouse}`) and units held per order (`reservations.{order}.{warehouse}`).
  stock: {
    initial: stockInitial,
    apply: (s, e) => evolveStock(s as StockState, parseStockEvent(e)),
    view: (s) => {
      const st = s as StockState;
      return st.productId === null ? {} : { productId: st.productId, onHand: st.onHand, reservations: st.reservations };
    },
  } as Fold<unknown>,
};

/**
 * The order as the timeline shows it: number, paid, filled, rows as readable lines by position (`rows.1`: '2 × BF 1018/1
 * Kütusefilter à 1240 c'; amounts in euro cents of the order's price basis), discount and fee (cents), comments, the reservation
 * state, payment attempts and each invoice kind's number and sent time.
 */
function orderView(st: OrderState): PlainState {
  if (st.status === 'empty') return {};
  const { staff } = st;
  const invoice = (kind: 'invoice' | 'prepayment') => {
    const i = st.invoices[kind];
    return i ? { number: i.number, sentAt: i.sentAt } : null;
  };
  return {
    number: st.number,
    paid: st.status === 'paid',
    filled: staff.filled,
    // One leaf per row ('rows.1', 'rows.2', ...), so an edit shows the rows it added, changed or removed.
    rows: Object.fromEntries(staff.rows.map((r, i) => [String(i + 1), `${r.quantity} × ${[r.code, r.name].filter(Boolean).join(' ')} à ${r.unitPriceCents} c`])),
    discountCents: staff.discountCents,
    serviceFeeCents: staff.serviceFeeCents,
    employeeComment: staff.employeeComment,
    invoiceComment: staff.invoiceComment,
    reservation: st.reservation,
    paymentAttempts: st.attempts,
    invoice: invoice('invoice'),
    prepaymentInvoice: invoice('prepayment'),
  };
}

/**
 * A state as leaf paths: nested plain objects become dotted keys (`onHand.tallinn`, `names.et`); arrays, strings,
 * numbers, booleans and null are leaves (an array is compared and shown whole).
 */
export function flattenState(state: PlainState, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(out, flattenState(value as PlainState, path));
    } else out[path] = value;
  }
  return out;
}

/**
 * One changed field: its dotted path, the value before (null when absent) and after (null when removed). A list's
 * entry (the menu's `entries.{id}`) also says what happened to it (`entryChange`: added, removed, moved, renamed,
 * changed).
 */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  entryChange?: MenuEntryChangeKind[];
}

/** The fields whose values differ between two states, in the order of their paths (before's first, then new ones). */
export function diffStates(before: PlainState, after: PlainState): FieldChange[] {
  const a = flattenState(before);
  const b = flattenState(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null))
    .map((field) => ({ field, before: a[field] ?? null, after: b[field] ?? null }));
}

/** One event of the timeline, oldest first as folded. */
export interface FoldedEvent<E> {
  event: E;
  changes: FieldChange[];
}

/**
 * Folds a stream's events (oldest first) with the aggregate of `kind` and pairs each with the fields it changed.
 * An event the aggregate does not know, or whose data its schema refuses, changes nothing (it still shows, with no
 * before/after): the timeline shows what is stored, it does not judge it.
 * @returns the events with their changes (oldest first) and the state after the last one
 */
export function foldTimeline<E extends { type: string; data: unknown }>(kind: HistoryKind, events: readonly E[]): { entries: FoldedEvent<E>[]; state: PlainState } {
  const fold = FOLDS[kind];
  let state = fold.initial;
  let view = fold.view(state);
  const entries: FoldedEvent<E>[] = [];
  for (const event of events) {
    try {
      state = fold.apply(state, event);
    } catch {
      entries.push({ event, changes: [] });
      continue;
    }
    const next = fold.view(state);
    entries.push({ event, changes: (fold.diff ?? diffStates)(view, next) });
    view = next;
  }
  return { entries, state: view };
}

/**
 * Who caused an event that names no user (metadata.userId null): `metadata.actor` when a writer recorded it
 * ('shopper' or 'system'), else by what the event is: a reservation, a release of an order not placed or
 * cancelled, a placed order, a payment started and a forgot-password request come from someone on the website (a shopper, not signed in); the rest
 * (expiry job, imports, seeds) from the system.
 */
export function anonymousActor(event: { type: string; data: unknown; metadata: Record<string, unknown> }): 'shopper' | 'system' {
  const actor = event.metadata.actor;
  if (actor === 'shopper' || actor === 'system') return actor;
  if (event.type === 'StockReserved' || event.type === 'PasswordResetRequested' || event.type === 'OrderPlaced' || event.type === 'PaymentStarted') return 'shopper';
  if (event.type === 'ReservationReleased') return (event.data as { reason?: unknown } | null)?.reason === 'expired' ? 'system' : 'shopper';
  return 'system';
}
