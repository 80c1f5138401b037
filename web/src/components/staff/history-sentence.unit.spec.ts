import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { History, HistoryEvent } from '../../../../api/contracts/admin-history';
import { CATEGORY_EVENT_SCHEMAS } from '../../../../domain/category/events';
import { CLIENT_EVENT_SCHEMAS } from '../../../../domain/client/events';
import { MENU_EVENT_SCHEMAS } from '../../../../domain/menu/events';
import { PAGE_EVENT_SCHEMAS } from '../../../../domain/page/events';
import { SITE_EVENT_SCHEMAS } from '../../../../domain/site/events';
import { PRODUCT_EVENT_SCHEMAS } from '../../../../domain/product/events';
import { STOCK_EVENT_SCHEMAS } from '../../../../domain/stock/events';
import { ORDER_EVENT_SCHEMAS } from '../../../../domain/order/events';
import { USER_EVENT_SCHEMAS } from '../../../../domain/user/events';
import enAdmin from '../../locales/en-US/cms-admin.json';
import etAdmin from '../../locales/et/cms-admin.json';
import { foldTimeline } from '../../../../domain/history/timeline';
import type { MenuItem } from '../../../../domain/menu/menu';
import { ALBUM_EVENT_SCHEMAS } from '../../../../domain/gallery/events';
import { PURCHASE_LIST_EVENT_SCHEMAS } from '../../../../domain/purchase-list/events';
import { FILE_EVENT_SCHEMAS } from '../../../../domain/file/events';
import { FILTER_EVENT_SCHEMAS } from '../../../../domain/filter/events';
import { FOLDER_EVENT_SCHEMAS } from '../../../../domain/folder/events';
import { HISTORY_SENTENCE_TYPES, historyEntryLines, historySentence } from './history-sentence';

const i18nFor = async (lng: 'et' | 'en-US') => {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { [lng]: { cms: lng === 'et' ? etAdmin : enAdmin } }, defaultNS: 'cms', interpolation: { escapeValue: false } });
  return { t: (key: string, params?: Record<string, unknown>) => String(i.t(key, params as never)), exists: (key: string) => i.exists(key) };
};

const history: Pick<History, 'subject' | 'warehouses' | 'stream'> = { subject: 'BF1018/1', warehouses: { tallinn: 'Tallinn' }, stream: 'stock-p1' };
const event = (type: string, data: Record<string, unknown>, over: Partial<HistoryEvent> = {}): HistoryEvent => ({
  id: 'e1',
  type,
  time: '2026-11-22T10:00:00.000Z',
  streamPosition: 2,
  globalPosition: '10',
  checkpoint: '10',
  actor: { kind: 'staff', userId: 'u1', username: 'Mari Maasikas' },
  data,
  metadata: {},
  changes: [],
  ...over,
});

describe('historySentence (audit timeline)', () => {
  it('has a sentence for every event type of the Product, Stock, Category, User, Order, Client, Page, Menu and Site aggregates, in both languages', () => {
    const types = [PRODUCT_EVENT_SCHEMAS, STOCK_EVENT_SCHEMAS, CATEGORY_EVENT_SCHEMAS, USER_EVENT_SCHEMAS, ORDER_EVENT_SCHEMAS, CLIENT_EVENT_SCHEMAS, PAGE_EVENT_SCHEMAS, MENU_EVENT_SCHEMAS, SITE_EVENT_SCHEMAS, ALBUM_EVENT_SCHEMAS, FOLDER_EVENT_SCHEMAS, FILE_EVENT_SCHEMAS, PURCHASE_LIST_EVENT_SCHEMAS, FILTER_EVENT_SCHEMAS].flatMap((s) => Object.keys(s));
    expect([...HISTORY_SENTENCE_TYPES].sort()).toEqual([...types].sort());
    for (const bundle of [enAdmin, etAdmin]) {
      const texts = bundle.admin.history.event as Record<string, string>;
      for (const type of types) expect(texts[type], type).toMatch(/\{\{who\}\}/);
    }
  });

  it('says who set the reorder settings (unset reads as the defaults) and who made a purchase list, in English and formal Estonian', async () => {
    const set = event('ProductReorderSettingsChanged', { productId: 'p1', leadTimeDays: 7, packSize: null, changedBy: 'u1' });
    expect(historySentence(set, history, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas set the reorder settings of BF1018/1: lead time 7 days, pack of 1');
    expect(historySentence(set, history, await i18nFor('et'), 'et')).toBe('Mari Maasikas määras toote BF1018/1 tellimisseaded: tarneaeg 7 päeva, pakis 1');
    const list = event('PurchaseListCreated', { listId: 'l1', lines: [{ quantity: 12 }, { quantity: 6 }], serviceLevel: '95', range: 'last-30-days', createdBy: 'u1', createdAt: '2026-03-02T10:00:00Z' });
    expect(historySentence(list, history, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas accepted 2 reorder suggestions into a purchase list (18 units)');
    expect(historySentence(list, history, await i18nFor('et'), 'et')).toBe('Mari Maasikas võttis 2 tellimissoovitust ostunimekirja (18 ühikut)');
  });

  it('says who set the stock of which product in which warehouse, from and to, in English and formal Estonian', async () => {
    const counted = event('StockCounted', { productId: 'p1', warehouseId: 'tallinn', quantity: 14, onHand: 14 }, { changes: [{ field: 'onHand.tallinn', before: 4, after: 14 }] });
    expect(historySentence(counted, history, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas set the stock of BF1018/1 in Tallinn from 4 to 14 (count)');
    expect(historySentence(counted, history, await i18nFor('et'), 'et')).toBe('Mari Maasikas muutis toote BF1018/1 laoseisu laos Tallinn 4 → 14 (inventuur)');
    const adjusted = event('StockAdjusted', { productId: 'p1', warehouseId: 'tallinn', delta: -3, onHand: 11 }, { changes: [{ field: 'onHand.tallinn', before: 14, after: 11 }] });
    expect(historySentence(adjusted, history, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas changed the stock of BF1018/1 in Tallinn by -3, from 14 to 11');
  });

  it("quotes staff's reason of a stock change after the sentence", async () => {
    const received = event('StockReceived', { productId: 'p1', warehouseId: 'tallinn', quantity: 10, onHand: 14, reason: 'Tarne 42' }, { changes: [{ field: 'onHand.tallinn', before: 4, after: 14 }] });
    expect(historySentence(received, history, await i18nFor('et'), 'et')).toMatch(/^Mari Maasikas võttis lattu Tallinn vastu 10 toodet BF1018\/1, 4 → 14 — „Tarne 42”$/);
    const counted = event('StockCounted', { productId: 'p1', warehouseId: 'tallinn', quantity: 3, onHand: 3, reason: 'admin.history.reason.expired' });
    expect(historySentence(counted, history, await i18nFor('en-US'), 'en')).toMatch(/ — „admin\.history\.reason\.expired”$/);
  });

  it('names a shopper or the system when no staff member acted, and the reason of a release', async () => {
    const en = await i18nFor('en-US');
    const released = event(
      'ReservationReleased',
      { productId: 'p1', warehouseId: 'tallinn', orderId: '0123456789abcdef', quantity: 2, onHand: 14, reason: 'expired' },
      { actor: { kind: 'system', userId: null, username: null }, changes: [{ field: 'onHand.tallinn', before: 12, after: 14 }] },
    );
    expect(historySentence(released, history, en, 'en')).toBe('The system released 2 of BF1018/1 in Tallinn held for order 01234567 (reservation expired), free from 12 to 14');
    const reserved = event('StockReserved', { productId: 'p1', warehouseId: 'tallinn', orderId: 'abc', quantity: 2, onHand: 12 }, { actor: { kind: 'shopper', userId: null, username: null } });
    expect(historySentence(reserved, history, en, 'en')).toMatch(/^A shopper reserved 2 of BF1018\/1/);
  });

  it('renders user and product sentences with role names and prices', async () => {
    const en = await i18nFor('en-US');
    const users = { subject: 'carol', warehouses: {}, stream: 'user-u2' };
    expect(historySentence(event('RoleGranted', { userId: 'u2', role: 'ADMIN' }), users, en, 'en')).toBe('Mari Maasikas gave carol the role Administrator');
    expect(historySentence(event('RoleGranted', { userId: 'u2', role: 'ADMIN' }), users, await i18nFor('et'), 'et')).toMatch(/^Mari Maasikas andis kasutajale carol rolli /);
    const price = event('ProductPriceChanged', { productId: 'p1', grossCents: 1500, netCents: 1210, vatRatePercent: 24 }, { changes: [{ field: 'grossCents', before: 1240, after: 1500 }] });
    expect(historySentence(price, history, en, 'en')).toBe('Mari Maasikas changed the price of BF1018/1 from €12.40 to €15.00');
  });

  it('falls back to a generic sentence with the type name for an unknown type', async () => {
    expect(historySentence(event('SomethingNew', {}), history, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas recorded SomethingNew');
    expect(historySentence(event('SomethingNew', {}), history, await i18nFor('et'), 'et')).toBe('Mari Maasikas: sündmus SomethingNew');
  });

  it('tells an order\'s story: placed, rows edited, marked paid and filled, invoice sent again', async () => {
    const order: Pick<History, 'subject' | 'warehouses' | 'stream'> = { subject: '#1001', warehouses: {}, stream: 'order-o1' };
    const et = await i18nFor('et');
    const en = await i18nFor('en-US');
    const shopper = { kind: 'shopper' as const, userId: null, username: null };
    expect(historySentence(event('OrderPlaced', { totalCents: 1639 }, { actor: shopper }), order, et, 'et')).toBe('Ostja esitas tellimuse #1001, summa 16,39\u00a0€');
    const edited = event('OrderRowsEdited', { totalCents: 2529, before: { totalCents: 1639 } });
    expect(historySentence(edited, order, en, 'en')).toBe('Mari Maasikas edited the rows of order #1001, total €16.39 → €25.29');
    expect(historySentence(event('OrderMarkedPaid', {}), order, et, 'et')).toBe('Mari Maasikas märkis tellimuse #1001 makstuks');
    expect(historySentence(event('OrderFilled', { shipped: [{ quantity: 2 }, { quantity: 1 }] }), order, en, 'en')).toBe('Mari Maasikas marked order #1001 filled (3 pcs shipped)');
    expect(historySentence(event('InvoiceSendRequested', { kind: 'invoice', number: '17', resend: true }), order, et, 'et')).toBe('Mari Maasikas saatis tellimuse #1001 dokumendi „Arve nr 17” uuesti');
  });

  it("tells a client's story: registered, order added, phone changed, forgotten", async () => {
    const client = { subject: 'Mari Maasikas', warehouses: {}, stream: 'client-c1' };
    const changed = event('ClientDetailsChanged', { clientId: 'c1', customerType: 'private', keyId: 'k', details: null, changed: ['phone', 'email'] });
    expect(historySentence(changed, client, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas changed the phone, the e-mail of the client Mari Maasikas');
    expect(historySentence(changed, client, await i18nFor('et'), 'et')).toBe('Mari Maasikas muutis kliendi Mari Maasikas andmeid: telefon, e-post');
    const linked = event('ClientOrderLinked', { clientId: 'c1', order: { orderId: 'o2', number: 1002, placedAt: '2026-11-22T10:00:00.000Z', totalCents: 990 } });
    expect(historySentence(linked, client, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas added order #1002 to the client Mari Maasikas');
    const forgotten = event('ClientForgotten', { clientId: 'c1', forgottenAt: '2026-11-23T10:00:00.000Z', orderIds: ['o1', 'o2'], keyIds: ['k'] });
    expect(historySentence(forgotten, { ...client, subject: null }, await i18nFor('et'), 'et')).toBe('Mari Maasikas unustas kliendi: kliendi ja 2 tellimuse isikuandmed kustutati');
  });

  it('tells what happened to a page, the menu and the global content, in English and formal Estonian', async () => {
    const page = { ...history, subject: 'Müügitingimused', stream: 'page-p1' };
    const [en, et] = [await i18nFor('en-US'), await i18nFor('et')];
    expect(historySentence(event('PageDraftSaved', { pageId: 'p1', revision: 3 }), page, en, 'en')).toBe('Mari Maasikas saved version 3 of the page Müügitingimused as the draft');
    expect(historySentence(event('PageVersionRestored', { pageId: 'p1', revision: 4, restoredFrom: 1 }), page, et, 'et')).toBe('Mari Maasikas taastas lehe Müügitingimused versiooni 1 versioonina 4');
    expect(historySentence(event('PagePublished', { pageId: 'p1', revision: 4 }), page, et, 'et')).toBe('Mari Maasikas avaldas lehe Müügitingimused versiooni 4');
    expect(historySentence(event('PageScheduled', { pageId: 'p1', visibility: null }), page, en, 'en')).toBe('Mari Maasikas changed when the page Müügitingimused shows: always visible');
    const ranged = event('PageScheduled', { pageId: 'p1', visibility: { type: 'timeRange', rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: '2026-12-24T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' } });
    expect(historySentence(ranged, page, et, 'et')).toMatch(/^Mari Maasikas muutis lehe Müügitingimused nähtavust: nähtav .+ kuni .+, muul ajal peidetud$/);
    expect(historySentence(event('PageDeleted', { pageId: 'p1' }), page, et, 'et')).toBe('Mari Maasikas kustutas lehe Müügitingimused');
    expect(historySentence(event('MenuChanged', { entries: [{}, {}, {}] }), page, en, 'en')).toBe('Mari Maasikas changed the main menu (3 entries)');
    expect(historySentence(event('GlobalFieldsChanged', { fields: { phone: {}, email: {} } }), page, et, 'et')).toBe('Mari Maasikas muutis üldvälju: telefon, e-post');
    expect(historySentence(event('GlobalFieldsChanged', { fields: { newAddressBanner: {}, 'social.facebook': {}, someNewKey: {} } }), page, en, 'en')).toBe('Mari Maasikas changed the global fields: new address banner, Facebook link, someNewKey');
    expect(historySentence(event('GlobalItemContainersChanged', { containers: { phone: [] } }), page, en, 'en')).toBe('Mari Maasikas changed the global item containers: phone');
    expect(historySentence(event('BannerShownChanged', { shown: false }), page, en, 'en')).toBe('Mari Maasikas set whether the banner shows: no');
  });

  it("gives the menu's save one line per entry change (added, removed, moved, renamed, changed), in English and formal Estonian", async () => {
    const [en, et] = [await i18nFor('en-US'), await i18nFor('et')];
    const item = (id: string, et: string, enLabel: string, over: Partial<MenuItem> = {}): MenuItem => ({ id, kind: 'page', label: { et, en: enLabel }, target: `/${id}`, hidden: false, children: [], ...over });
    const first = [item('tooted', 'Tooted', 'Products'), item('kontakt', 'Kontakt', 'Contact'), item('galerii', 'Galerii', 'Gallery'), item('meist', 'Meist', 'About')];
    const second = [item('kontakt', 'Kontaktid', 'Contacts'), item('tooted', 'Tooted', 'Products'), item('meist', 'Meist', 'About us', { hidden: true }), item('uudised', 'Uudised', 'News')];
    const stored = (entries: MenuItem[], n: number) => ({ type: 'MenuChanged', data: { entries, by: 'u1', at: '2026-11-22T10:00:00.000Z' }, n });
    const { entries } = foldTimeline('menu', [stored(first, 1), stored(second, 2)]);
    const save = event('MenuChanged', { entries: second }, { changes: entries[1]!.changes as HistoryEvent['changes'] });
    expect(historyEntryLines(save, en, 'en')).toEqual([
      "Moved the entry 'Contacts' from place 2 to 1",
      "Renamed the entry 'Contact' to 'Contacts'",
      "Renamed the entry 'About' to 'About us'",
      "Changed the target or visibility of the entry 'About us'",
      "Added the entry 'News' at place 4",
      "Removed the entry 'Gallery' (place 3)",
    ]);
    expect(historyEntryLines(save, et, 'et')).toEqual([
      'Kirje „Kontaktid” viidi kohalt 2 kohale 1',
      'Kirje „Kontakt” nimetati ümber: „Kontaktid”',
      // Only the English label changed: the line names the English labels.
      'Kirje „About” nimetati ümber: „About us”',
      'Kirje „Meist” sihtkohta või nähtavust muudeti',
      'Lisati kirje „Uudised” kohale 4',
      'Eemaldati kirje „Galerii” (koht 3)',
    ]);
    // The first save of the stream adds every entry, one line each; an event of another stream has none.
    expect(historyEntryLines(event('MenuChanged', { entries: first }, { changes: entries[0]!.changes as HistoryEvent['changes'] }), en, 'en')).toHaveLength(4);
    expect(historyEntryLines(event('ProductPriceChanged', {}, { changes: [{ field: 'grossCents', before: 1, after: 2 }] }), en, 'en')).toEqual([]);
  });

  it("says who changed where a filter hides when its count is 0 (spec 9), in English and formal Estonian", async () => {
    const changed = event('FilterHiddenWhenEmptyChanged', { name: 'Marque', categoryIds: ['a', 'b'] });
    const filterHistory = { subject: 'Marque', warehouses: {}, stream: 'filter-Marque' };
    expect(historySentence(changed, filterHistory, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas changed where filter Marque hides when its count is 0 (categories: 2)');
    expect(historySentence(changed, filterHistory, await i18nFor('et'), 'et')).toBe('Mari Maasikas muutis, kus filter Marque peidetakse, kui selle arv on 0 (kategooriaid: 2)');
    const placed = event('FilterPositionSet', { name: 'Marque', position: 0 });
    expect(historySentence(placed, filterHistory, await i18nFor('en-US'), 'en')).toBe('Mari Maasikas set the place of filter Marque in the filter panel: 1');
  });
});

