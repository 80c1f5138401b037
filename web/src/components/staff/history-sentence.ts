/**
 * The audit timeline's sentence per event (audit timeline): built from the event's type, data, the
 * fields it changed and who caused it, in the staff member's language (cms bundle `admin.history.event.<Type>`, et
 * formal and en-US), e.g. 'Mari Maasikas set the stock of BF1018/1 in Tallinn from 4 to 14 (count)'. Every event
 * type of the Product, Stock, Category, User, Order, content, Album, Folder, File and Filter aggregates has its text (HISTORY_SENTENCE_TYPES); any other type
 * reads `admin.history.event.unknown` with its type name.
 *
 * Pure (a `t` and an `exists` of i18next are passed in), so a unit test renders the sentences of both bundles.
 */
import type { History, HistoryEvent } from '../../../../api/contracts/admin-history';
import { formatCount, formatEuro } from '../../lib/format';
import { formatDate } from '../../lib/format-date';
import type { Language } from '../../lib/language';

/**
 * Every event type with a sentence of its own (domain/{product,stock,category,user,order,client}/events.ts, and the
 * content's domain/{page,menu,site}/events.ts).
 */
export const HISTORY_SENTENCE_TYPES = [
  'StockReceived', 'StockAdjusted', 'StockCounted', 'StockReserved', 'ReservationReleased', 'StockShipped', 'StockShipmentReturned',
  'ProductCreated', 'ProductDetailsChanged', 'ProductCodesChanged', 'ProductUnitChanged', 'ProductClassChanged',
  'ProductBigProductFlagChanged', 'ProductImagesChanged', 'ProductCategorised', 'ProductCompatibleVehiclesChanged', 'ProductFitmentChanged',
  'ProductAttributesChanged', 'ProductOeNumbersChanged', 'ProductPriceChanged', 'ProductAvailabilityChanged',
  'ProductVisibilityChanged', 'ProductCriticalStockLevelSet', 'ProductRelatedProductsChanged', 'ProductSearchAliasesChanged',
  'ProductReorderSettingsChanged', 'PurchaseListCreated',
  'CategoryCreated', 'CategoryRenamed', 'CategoryMoved', 'CategoryHidden', 'CategoryShown', 'CategorySearchKeywordsChanged', 'CategoryClassNameChanged', 'CategoryDeleted',
  'UserCreated', 'UserEmailChanged', 'PasswordResetRequested', 'PasswordChanged', 'RoleGranted', 'RoleRevoked', 'UserDeactivated',
  'UserReactivated', 'UserSignedIn',
  'OrderPlaced', 'PaymentStarted', 'OrderPaid', 'PaymentCancelled', 'OrderReservationExpired', 'OrderReservedAgain', 'OrderRefunded', 'InvoiceSendRequested',
  'InvoiceSent', 'OrderMarkedPaid', 'OrderMarkedUnpaid', 'OrderFilled', 'OrderUnfilled', 'OrderEditStarted', 'OrderEditAbandoned',
  'OrderEditCompleted', 'OrderRowsEdited', 'OrderCommentsChanged',
  'ClientRegistered', 'ClientOrderLinked', 'ClientDetailsChanged', 'ClientForgotten',
  'PageSaved', 'PageDraftSaved', 'PageVersionRestored', 'PagePublished', 'PageUnpublished', 'PageScheduled', 'PageDeleted',
  'MenuChanged', 'MainMenuChanged', 'GlobalFieldsChanged', 'GlobalItemContainersChanged', 'BannerShownChanged',
  'AlbumCreated', 'AlbumRenamed', 'AlbumImagesChanged', 'AlbumThumbnailChanged', 'AlbumPublished', 'AlbumUnpublished', 'AlbumDeleted',
  'FolderCreated', 'FolderRenamed', 'FolderMoved', 'FolderDeleted',
  'FileUploaded', 'FileRenamed', 'FileCaptionChanged', 'FileTagged', 'FileUntagged', 'FileMoved', 'FileDeleted',
  'FilterLabelsChanged', 'FilterShown', 'FilterHidden', 'FilterPositionSet', 'FilterHiddenWhenEmptyChanged',
] as const;

/** The slice of i18next the sentences need (`t` of the cms namespace and its `exists`). */
export interface SentenceI18n {
  t: (key: string, params?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Who caused the event, as the sentence names them: the username, a shopper, the system, or a removed user. */
export function actorName(event: Pick<HistoryEvent, 'actor'>, { t }: Pick<SentenceI18n, 't'>): string {
  const { actor } = event;
  if (actor.kind === 'staff') return actor.username ?? t('admin.history.who.unknown');
  return t(`admin.history.who.${actor.kind}`);
}

/** The value a field had before the event (from its before/after), or `fallback` when the event did not change it. */
const before = (event: HistoryEvent, field: string, fallback: unknown = null): unknown => event.changes.find((c) => c.field === field)?.before ?? fallback;

/** A page's visibility rule in words (spec 3 "Visibility rule"): always visible when there is none. */
function pageVisibilityText(rule: unknown, t: SentenceI18n['t'], lang: Language): string {
  if (!rule || typeof rule !== 'object') return t('admin.history.pageVisibility.always');
  const r = rule as { type?: unknown; rangeFrom?: unknown; rangeTo?: unknown; stateInRange?: unknown; stateOutRange?: unknown };
  const state = (v: unknown) => t(`admin.history.pageVisibility.${str(v)}`);
  const when = (v: unknown) => (typeof v === 'string' ? formatDate(v, lang, true) : '…');
  const type = r.type === 'timed' || r.type === 'timeRange' ? r.type : 'static';
  return t(`admin.history.pageVisibility.${type}`, { state: state(r.stateInRange), in: state(r.stateInRange), out: state(r.stateOutRange), from: when(r.rangeFrom), to: when(r.rangeTo), interpolation: { escapeValue: false } });
}

/**
 * The sentence of one event.
 * @param history the timeline's answer: `subject` (product code, category name, username) and warehouse names
 */
export function historySentence(event: HistoryEvent, history: Pick<History, 'subject' | 'warehouses' | 'stream'>, i18n: SentenceI18n, lang: Language): string {
  const { t } = i18n;
  const d = event.data as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? formatCount(v, lang) : str(v));
  const yesNo = (v: unknown) => t(v ? 'admin.history.yes' : 'admin.history.no');
  const orNone = (v: unknown) => (v === null || v === undefined || v === '' ? t('admin.history.none') : str(v));
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  const warehouseId = str(d.warehouseId);
  const params: Record<string, unknown> = {
    who: actorName(event, i18n),
    subject: history.subject ?? history.stream,
    warehouse: history.warehouses[warehouseId] ?? warehouseId,
    type: event.type,
    // Text, not markup: React escapes what it renders, so i18next must not escape it a second time.
    interpolation: { escapeValue: false },
  };
  switch (event.type) {
    case 'StockReceived':
    case 'StockAdjusted':
    case 'StockCounted':
    case 'StockReserved':
    case 'ReservationReleased':
    case 'StockShipped':
    case 'StockShipmentReturned': {
      const delta = typeof d.delta === 'number' ? d.delta : 0;
      Object.assign(params, {
        quantity: num(d.quantity),
        delta: `${delta > 0 ? '+' : ''}${num(delta)}`,
        from: num(before(event, `onHand.${warehouseId}`, 0)),
        to: num(d.onHand),
        order: str(d.orderId).slice(0, 8),
        // A release's reason is a code; a receipt's, adjustment's or count's is staff's own text.
        reason: !d.reason ? '' : event.type === 'ReservationReleased' ? t(`admin.history.reason.${str(d.reason)}`) : str(d.reason),
      });
      break;
    }
    case 'CategoryClassNameChanged': {
      const c = d.className as { et?: string; en?: string } | null | undefined;
      params.value = orNone(c ? [...new Set([c.et, c.en].filter(Boolean))].join(' / ') : null);
      break;
    }
    case 'ProductDetailsChanged':
    case 'CategorySearchKeywordsChanged':
    case 'CategoryRenamed':
      Object.assign(params, {
        language: t(`admin.history.language.${d.language === 'en' ? 'en' : 'et'}`),
        from: orNone(before(event, `names.${str(d.language)}`)),
        to: str(d.name),
        value: orNone(d.keywords),
      });
      break;
    case 'ProductCodesChanged':
      Object.assign(params, { code1: str(d.code1), code2: orNone(d.code2) });
      break;
    case 'ProductUnitChanged':
      params.value = str(d.unit);
      break;
    case 'ProductClassChanged':
      params.value = str(d.productClass);
      break;
    case 'ProductBigProductFlagChanged':
      params.value = yesNo(d.bigProduct);
      break;
    case 'ProductImagesChanged':
      params.count = count(d.images);
      break;
    case 'ProductCategorised':
      params.count = count(d.categoryIds);
      break;
    case 'ProductCompatibleVehiclesChanged':
      params.count = count(d.vehicles);
      break;
    case 'ProductFitmentChanged':
      params.added = count(d.added);
      params.removed = count(d.removed);
      params.reason = typeof d.reason === 'string' ? d.reason : '';
      break;
    case 'ProductAttributesChanged':
      params.count = count(d.attributes);
      break;
    case 'ProductOeNumbersChanged':
      params.count = count(d.oeNumbers);
      break;
    case 'ProductPriceChanged': {
      const was = before(event, 'grossCents', null);
      Object.assign(params, { from: formatEuro(was as number | null, lang) ?? t('admin.history.none'), to: formatEuro(d.grossCents as number | null, lang) ?? t('admin.history.none') });
      break;
    }
    case 'ProductAvailabilityChanged':
      params.value = d.deliveryDays === null || d.deliveryDays === undefined ? str(d.policy) : `${str(d.policy)} (${num(d.deliveryDays)})`;
      break;
    case 'ProductVisibilityChanged': {
      const rule = (d.rule ?? {}) as Record<string, unknown>;
      params.value = rule.type === 'static' ? str(rule.state) : `${str(rule.stateInRange)} ${str(rule.rangeFrom)}${rule.rangeTo ? ` – ${str(rule.rangeTo)}` : ''}, ${str(rule.stateOutRange)}`;
      break;
    }
    case 'ProductCriticalStockLevelSet':
      params.value = orNone(d.level);
      break;
    case 'ProductReorderSettingsChanged':
      // Unset reads as the default (domain/product/product.ts REORDER_DEFAULTS: 14 days, a pack of 1).
      Object.assign(params, { days: num(d.leadTimeDays ?? 14), pack: num(d.packSize ?? 1) });
      break;
    case 'PurchaseListCreated': {
      const lines = Array.isArray(d.lines) ? (d.lines as { quantity?: unknown }[]) : [];
      Object.assign(params, { count: lines.length, units: num(lines.reduce((n, l) => n + (typeof l.quantity === 'number' ? l.quantity : 0), 0)) });
      break;
    }
    case 'ProductSearchAliasesChanged':
      params.value = Array.isArray(d.aliases) && d.aliases.length ? (d.aliases as unknown[]).map(str).join(', ') : t('admin.history.none');
      break;
    case 'ProductRelatedProductsChanged':
      Object.assign(params, { count: count(d.compatible), similar: count(d.similar) });
      break;
    case 'CategoryMoved':
      params.value = num(d.position);
      break;
    case 'UserCreated':
      params.subject = str(d.username) || params.subject;
      params.value = Array.isArray(d.roles) && d.roles.length ? d.roles.map((r) => t(`admin.users.role.${str(r)}`)).join(', ') : t('admin.history.none');
      break;
    case 'UserEmailChanged':
      params.value = orNone(d.email);
      break;
    case 'RoleGranted':
    case 'RoleRevoked':
      params.value = t(`admin.users.role.${str(d.role)}`);
      break;
    // The order stream (subject '#1001'); money in euro cents.
    case 'OrderPlaced':
      params.amount = formatEuro(d.totalCents as number, lang) ?? '';
      break;
    case 'PaymentStarted':
    case 'OrderPaid':
    case 'PaymentCancelled':
    case 'OrderRefunded':
      Object.assign(params, { method: str(d.methodId) || str(d.providerId), amount: formatEuro(d.amountCents as number | undefined, lang) ?? '' });
      break;
    case 'InvoiceSendRequested':
    case 'InvoiceSent':
      Object.assign(params, { document: t(`admin.history.document.${d.kind === 'prepayment' ? 'prepayment' : 'invoice'}`), number: str(d.number), again: d.resend ? t('admin.history.again') : '' });
      break;
    case 'OrderFilled':
    case 'OrderUnfilled': {
      const units = (d.shipped ?? d.returned) as { quantity?: unknown }[] | undefined;
      params.count = num(Array.isArray(units) ? units.reduce((sum, u) => sum + (typeof u?.quantity === 'number' ? u.quantity : 0), 0) : 0);
      break;
    }
    case 'OrderEditAbandoned':
      params.reason = t(`admin.history.editReason.${d.reason === 'not_enough_stock' ? 'not_enough_stock' : 'failed'}`);
      break;
    case 'OrderRowsEdited': {
      const was = (d.before as { totalCents?: unknown } | undefined)?.totalCents;
      Object.assign(params, { from: formatEuro(typeof was === 'number' ? was : null, lang) ?? t('admin.history.none'), to: formatEuro(d.totalCents as number | null, lang) ?? t('admin.history.none') });
      break;
    }
    // The client stream (subject: the client's name; a forgotten client has none left).
    case 'ClientRegistered':
    case 'ClientOrderLinked':
    case 'ClientDetailsChanged':
    case 'ClientForgotten': {
      const order = (d.order ?? {}) as { number?: unknown };
      const fields = Array.isArray(d.changed) ? (d.changed as unknown[]).map((f) => t(`admin.history.clientField.${str(f)}`)) : [];
      Object.assign(params, {
        subject: history.subject ?? t('admin.history.forgottenClient'),
        order: order.number === undefined ? '' : `#${str(order.number)}`,
        fields: fields.join(', ') || t('admin.history.none'),
        count: num(count(d.orderIds)),
      });
      break;
    }
    // The content streams (subject: the page's title; the menu and the global content have none of their own).
    case 'PageDraftSaved':
    case 'PageVersionRestored':
    case 'PagePublished':
      Object.assign(params, { revision: num(d.revision), restoredFrom: num(d.restoredFrom) });
      break;
    case 'PageScheduled':
      params.value = pageVisibilityText(d.visibility, t, lang);
      break;
    case 'MenuChanged':
    case 'MainMenuChanged':
      params.count = num(count(d.entries));
      break;
    case 'GlobalFieldsChanged':
    case 'GlobalItemContainersChanged': {
      // A global field by its name on the screen (footer, banner: spec 3 "Field store"); a key without one as stored.
      const keys = Object.keys(((d.fields ?? d.containers) as Record<string, unknown> | undefined) ?? {});
      const named = (key: string) => (event.type === 'GlobalFieldsChanged' && i18n.exists(`admin.history.globalField.${key}`) ? t(`admin.history.globalField.${key}`) : key);
      params.fields = keys.map(named).join(', ') || t('admin.history.none');
      break;
    }
    case 'BannerShownChanged':
      params.value = yesNo(d.shown);
      break;
    case 'AlbumImagesChanged':
      params.count = num(count(d.images));
      break;
    case 'AlbumRenamed':
    case 'AlbumCreated': {
      const names = (d.names ?? {}) as { et?: string; en?: string };
      params.value = str((lang === 'en' ? names.en : names.et) || names.et || names.en);
      break;
    }
    case 'FolderCreated':
    case 'FolderRenamed':
    case 'FileRenamed':
      params.value = str(d.name);
      break;
    case 'FileCaptionChanged':
      Object.assign(params, { language: t(`admin.history.language.${d.language === 'en' ? 'en' : 'et'}`), value: orNone(d.caption) });
      break;
    case 'FileTagged':
    case 'FileUntagged':
      params.value = str(d.tag);
      break;
    case 'FilterLabelsChanged': {
      const label = (d.label ?? {}) as { et?: string; en?: string };
      params.value = orNone((lang === 'en' ? label.en : label.et) || label.et || label.en);
      break;
    }
    case 'FilterPositionSet':
      params.value = typeof d.position === 'number' ? num(d.position + 1) : t('admin.history.none');
      break;
    case 'FilterHiddenWhenEmptyChanged':
      params.count = count(d.categoryIds);
      break;
    default:
      break;
  }
  const key = `admin.history.event.${event.type}`;
  const sentence = (HISTORY_SENTENCE_TYPES as readonly string[]).includes(event.type) && i18n.exists(key) ? t(key, params) : t('admin.history.event.unknown', params);
  // Staff's reason of a stock change ("the reason or reference"): after the sentence, quoted as typed.
  const staffReason = (event.type === 'StockReceived' || event.type === 'StockAdjusted' || event.type === 'StockCounted') && typeof d.reason === 'string' && d.reason.trim() ? d.reason.trim() : null;
  return staffReason ? `${sentence} — „${staffReason}”` : sentence;
}

/** A menu entry as the timeline's change carries it (api/contracts/admin-history.ts, domain/menu/menu-changes.ts). */
interface EntryView {
  label?: { et?: unknown; en?: unknown };
  place?: unknown;
}

/** An entry's label in `lang` (Estonian when it has none in that language). */
const entryLabel = (view: EntryView | null, lang: Language): string => str(view?.label?.[lang]) || str(view?.label?.et);

/**
 * One line per change of each entry an event changed (the menu's `entries.{id}` changes with `entryChange`: added,
 * removed, moved, renamed, changed; cms bundle `menuHistory.*`), in the order of the changes, e.g. "Moved the entry
 * 'Brakes' from place 2 to 4". An entry both moved and renamed gives two lines. Empty for an event whose changes
 * are fields, not entries.
 */
export function historyEntryLines(event: Pick<HistoryEvent, 'changes'>, { t }: Pick<SentenceI18n, 't'>, lang: Language): string[] {
  const lines: string[] = [];
  const text = (key: string, params: Record<string, unknown>) => t(`menuHistory.${key}`, { ...params, interpolation: { escapeValue: false } });
  for (const change of event.changes) {
    const was = (change.before ?? null) as EntryView | null;
    const now = (change.after ?? null) as EntryView | null;
    for (const kind of change.entryChange ?? []) {
      if (kind === 'added') lines.push(text('added', { label: entryLabel(now, lang), place: str(now?.place) }));
      else if (kind === 'removed') lines.push(text('removed', { label: entryLabel(was, lang), place: str(was?.place) }));
      else if (kind === 'moved') lines.push(text('moved', { label: entryLabel(now, lang), from: str(was?.place), to: str(now?.place) }));
      else if (kind === 'renamed') {
        // The label in the staff member's language, or the other language's when only that one changed.
        const other: Language = lang === 'et' ? 'en' : 'et';
        const pickLang = entryLabel(was, lang) !== entryLabel(now, lang) ? lang : other;
        lines.push(text('renamed', { from: entryLabel(was, pickLang), to: entryLabel(now, pickLang) }));
      } else lines.push(text('changed', { label: entryLabel(now, lang) }));
    }
  }
  return lines;
}
