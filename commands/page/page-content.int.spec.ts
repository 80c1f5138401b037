/**
 * The content model against real PostgreSQL: the Page, Menu and global content handlers, their read models
 * (published pages by id and by slug per language, drafts, versions, menu, global fields), the visibility rule
 * evaluated at query time, the menu guarding a linked page's delete, and events stored before drafts and before the
 * menu aggregate (PageSaved, MainMenuChanged, GlobalFieldsChanged) still folding, projecting and seeding nothing new.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_STREAM_ID } from '../../domain/menu/menu.js';
import { pageStreamId } from '../../domain/page/page.js';
import { ChangedMeanwhileError } from '../../domain/shared/errors.js';
import { SITE_STREAM_ID } from '../../domain/site/site.js';
import { getPage, getPageDraft, listPageDrafts, listPageNames, listPageVersions } from '../../projections/pages/queries.js';
import { getGlobalContentForStaff, getSiteContent } from '../../projections/site/queries.js';
import { createShopHarness, type ShopHarness } from '../../tests/support/shop-harness.js';
import { loadMenu, setMenu } from '../menu/menu-handler.js';
import { toNewEvents } from '../shared/command-handler.js';
import { seedSiteContent } from '../site/seed-site-content.js';
import { setBannerShown } from '../site/set-banner-shown.js';
import { setGlobalItemContainers } from '../site/set-global-item-containers.js';
import { deletePage } from './delete-page.js';
import { publishPage } from './publish-page.js';
import { restorePageVersion } from './restore-page-version.js';
import { savePageDraft } from './save-page-draft.js';
import { schedulePage } from './schedule-page.js';
import { SEED_PAGES } from './seed-pages.js';
import { unpublishPage } from './unpublish-page.js';

let h: ShopHarness;
const MARI = randomUUID();
const JAAN = randomUUID();
const ctx = (userId: string | null = MARI) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId, now: h.clock.now });
const draft = (title: string, slugEt: string, slugEn = slugEt) => ({ title: { et: title, en: `${title} (en)` }, slug: { et: slugEt, en: slugEn }, content: { et: `<p>${title}</p>` } });
/** Every stream's version, committed (a read of $all would stop at the horizon of other open transactions). */
const streamVersions = async () => (await sql<{ stream_id: string; version: string }>`select stream_id, version::text from es_streams order by stream_id`.execute(h.db)).rows;

beforeAll(async () => {
  h = await createShopHarness('page_content');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('events stored before drafts and before the menu aggregate', () => {
  it('fold, project and are what the seed finds: a second start appends nothing', async () => {
    const legacyCtx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: '2026-01-10T08:00:00.000Z' };
    const terms = SEED_PAGES[0]!;
    await h.store.appendToStream(pageStreamId(terms.pageId), toNewEvents([{ type: 'PageSaved', data: { pageId: terms.pageId, name: 'muugitingimused', title: { et: 'Vanad tingimused', en: 'Old terms' }, content: { et: '<p>Vana</p>', en: '' }, metaDescription: { et: '', en: '' }, metaKeywords: { et: '', en: '' } } }], pageStreamId(terms.pageId), legacyCtx));
    await h.store.appendToStream(SITE_STREAM_ID, toNewEvents([
      { type: 'GlobalFieldsChanged', data: { fields: { shopName: { et: 'Vana pood', en: 'Old shop' } } } },
      { type: 'MainMenuChanged', data: { entries: [{ kind: 'page', label: { et: 'Müügitingimused', en: 'Terms' }, target: 'muugitingimused' }, { kind: 'page', label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery' }] } },
    ], SITE_STREAM_ID, legacyCtx));
    await h.settle();
    expect(await getPage(h.db, 'muugitingimused', { now: h.clock.now })).toMatchObject({ pageId: terms.pageId, name: 'muugitingimused', title: { et: 'Vanad tingimused' }, layout: 'default', revision: 1 });
    expect((await getSiteContent(h.db)).menu).toEqual([
      { id: 'legacy-1', kind: 'page', label: { et: 'Müügitingimused', en: 'Terms' }, target: 'muugitingimused', hidden: false, children: [] },
      { id: 'legacy-2', kind: 'page', label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery', hidden: true, children: [] },
    ]);
    expect((await loadMenu(h.store)).entries.map((e) => e.id)).toEqual(['legacy-1', 'legacy-2']);

    // First start after the upgrade: the existing page and menu are kept; the missing page is seeded.
    await seedSiteContent(h.store, h.clock.now);
    await h.settle();
    expect((await getPage(h.db, terms.pageId, { now: h.clock.now }))?.title.et).toBe('Vanad tingimused');
    expect((await h.store.readStream(MENU_STREAM_ID)).version).toBe(0n);
    expect(await getPage(h.db, 'kontakt', { now: h.clock.now })).toMatchObject({ pageId: SEED_PAGES[1]!.pageId, revision: 1 });
    // Second start: nothing new at all.
    const before = await streamVersions();
    await seedSiteContent(h.store, h.clock.now);
    expect(await streamVersions()).toEqual(before);
  });
});

describe('drafts, publication, versions and the stale save', () => {
  const pageId = randomUUID();

  it('a draft is for staff only until published; guests then find it by id and by slug per language', async () => {
    await savePageDraft(h.store, { pageId, expectedVersion: 0, ...draft('Tarne', 'tarne', 'delivery'), layout: 'sidebar-right' }, ctx());
    await h.settle();
    expect(await getPage(h.db, 'tarne', { now: h.clock.now })).toBeNull();
    expect(await getPageDraft(h.db, pageId)).toMatchObject({ status: 'active', version: 1, draftRevision: 1, publishedRevision: null, stateNow: null, changedBy: MARI, draft: { layout: 'sidebar-right', slug: { et: 'tarne', en: 'delivery' } } });
    await publishPage(h.store, { pageId, expectedVersion: 1 }, ctx());
    await h.settle();
    for (const [ref, lang] of [[pageId, 'et'], ['tarne', 'et'], ['delivery', 'en'], ['delivery', 'et']] as const) {
      expect(await getPage(h.db, ref, { lang, now: h.clock.now }), `${ref} in ${lang}`).toMatchObject({ pageId, name: 'tarne', layout: 'sidebar-right', revision: 1 });
    }
    expect(await listPageNames(h.db, h.clock.now)).toContain('tarne');
    expect((await listPageDrafts(h.db)).map((p) => p.pageId)).toContain(pageId);
  });

  it('a stale save is refused naming who saved meanwhile and when; nothing is written', async () => {
    await savePageDraft(h.store, { pageId, expectedVersion: 2, ...draft('Tarne ja kohaletoimetamine', 'tarne') }, ctx(JAAN));
    const error = await savePageDraft(h.store, { pageId, expectedVersion: 2, ...draft('Mari versioon', 'tarne') }, ctx(MARI)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChangedMeanwhileError);
    expect(error).toMatchObject({ code: 'page.changed_meanwhile', category: 'conflict', actualVersion: 3, lastUserId: JAAN, lastChangedAt: h.clock.now });
    expect((await h.store.readStream(pageStreamId(pageId))).version).toBe(3n);
  });

  it('guests keep the published version while the new draft waits; a restore appends a version equal to the old one', async () => {
    await h.settle();
    expect((await getPage(h.db, 'tarne', { now: h.clock.now }))?.title.et).toBe('Tarne');
    await restorePageVersion(h.store, { pageId, revision: 1 }, ctx());
    await h.settle();
    const versions = await listPageVersions(h.db, pageId);
    expect(versions.map((v) => [v.revision, v.restoredFrom, v.doc.title.et, v.savedBy])).toEqual([
      [3, 1, 'Tarne', MARI],
      [2, null, 'Tarne ja kohaletoimetamine', JAAN],
      [1, null, 'Tarne', MARI],
    ]);
    expect(await getPageDraft(h.db, pageId)).toMatchObject({ draftRevision: 3, publishedRevision: 1, version: 4 });
  });

  it('unpublishing hides the page from guests and keeps the draft', async () => {
    await unpublishPage(h.store, { pageId }, ctx());
    await h.settle();
    expect(await getPage(h.db, pageId, { now: h.clock.now })).toBeNull();
    expect(await listPageNames(h.db, h.clock.now)).not.toContain('tarne');
    expect(await getPageDraft(h.db, pageId)).toMatchObject({ publishedRevision: null, draftRevision: 3 });
  });
});

describe('the visibility rule at query time (spec 4)', () => {
  it('a timed page leaves the published query after its end and comes back when its rule says so, with no event', async () => {
    const pageId = randomUUID();
    await savePageDraft(h.store, { pageId, ...draft('Jõulupakkumine', 'joulud') }, ctx());
    await publishPage(h.store, { pageId }, ctx());
    await schedulePage(h.store, { pageId, visibility: { type: 'timeRange', rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: '2026-12-24T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' } }, ctx());
    await h.settle();
    const at = (now: string) => getPage(h.db, 'joulud', { now });
    expect(await at('2026-11-30T23:59:59.999Z')).toBeNull();
    expect(await at('2026-12-01T00:00:00.000Z')).not.toBeNull();
    expect(await at('2026-12-24T00:00:00.000Z')).not.toBeNull();
    expect(await at('2026-12-24T00:00:00.001Z')).toBeNull();
    expect(await listPageNames(h.db, '2026-12-25T00:00:00.000Z')).not.toContain('joulud');
    expect((await getPageDraft(h.db, pageId, '2026-12-25T00:00:00.000Z'))?.stateNow).toBe('hidden');
    // The staff extend it from the 25th on (from equals to: in range from then onward).
    await schedulePage(h.store, { pageId, visibility: { type: 'timeRange', rangeFrom: '2026-12-25T00:00:00.000Z', rangeTo: '2026-12-25T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' } }, ctx());
    await h.settle();
    expect(await at('2026-12-24T12:00:00.000Z')).toBeNull();
    expect(await at('2027-03-01T00:00:00.000Z')).not.toBeNull();
  });
});

describe('the menu guards the pages it links', () => {
  it('refuses to delete a page a menu entry links, naming the entry; deletes it once the entry is gone', async () => {
    const kontakt = SEED_PAGES[1]!.pageId;
    const menu = await loadMenu(h.store);
    await setMenu(h.store, { expectedVersion: 0, entries: [...menu.entries, { id: 'kontakt', kind: 'page', label: { et: 'Kontakt', en: 'Contact' }, target: kontakt, hidden: false, children: [] }] }, ctx());
    await expect(deletePage(h.store, { pageId: kontakt }, ctx())).rejects.toMatchObject({ code: 'page.linked_from_menu', category: 'illegal_state', message: expect.stringContaining('Kontakt') });
    // Nested one level: a child entry guards the page too.
    await setMenu(h.store, { expectedVersion: 1, entries: [{ id: 'info', kind: 'link', label: { et: 'Info' }, target: '/info', children: [{ id: 'k', kind: 'page', label: { et: 'Kontaktid' }, target: 'kontakt' }] }] }, ctx());
    await expect(deletePage(h.store, { pageId: kontakt }, ctx())).rejects.toMatchObject({ code: 'page.linked_from_menu', message: expect.stringContaining('Kontaktid') });
    await expect(setMenu(h.store, { expectedVersion: 1, entries: [] }, ctx(JAAN))).rejects.toMatchObject({ code: 'menu.changed_meanwhile', lastUserId: MARI });
    await setMenu(h.store, { expectedVersion: 2, entries: [] }, ctx());
    await deletePage(h.store, { pageId: kontakt }, ctx());
    await h.settle();
    expect(await getPage(h.db, 'kontakt', { now: h.clock.now })).toBeNull();
    expect(await getPageDraft(h.db, kontakt)).toMatchObject({ status: 'deleted' });
    expect((await listPageDrafts(h.db)).map((p) => p.pageId)).not.toContain(kontakt);
    expect(await getGlobalContentForStaff(h.db)).toMatchObject({ menu: [], menuVersion: 3 });
  });
});

describe('global fields, global item containers and the banner', () => {
  it('the banner shows until switched off; staff still read its text; containers hold sanitised HTML', async () => {
    const before = await getGlobalContentForStaff(h.db);
    expect((await getSiteContent(h.db)).fields.newAddressBanner?.et).toMatch(/^Oleme kolinud/);
    await setBannerShown(h.store, { shown: false, expectedVersion: before.siteVersion }, ctx());
    await setGlobalItemContainers(h.store, { containers: { footerNote: [{ id: 'n1', html: { et: '<p onclick="x()">Tere<script>x()</script></p>' } }] } }, ctx());
    await h.settle();
    const guest = await getSiteContent(h.db);
    expect(guest.fields.newAddressBanner).toBeUndefined();
    expect(guest.itemContainers).toEqual({ footerNote: [{ id: 'n1', html: { et: '<p>Tere</p>', en: '' } }] });
    const staff = await getGlobalContentForStaff(h.db);
    expect(staff).toMatchObject({ bannerShown: false, siteVersion: before.siteVersion + 2 });
    expect(staff.fields.newAddressBanner?.et).toMatch(/^Oleme kolinud/);
    await expect(setBannerShown(h.store, { shown: true, expectedVersion: before.siteVersion }, ctx())).rejects.toMatchObject({ code: 'site.changed_meanwhile' });
  });
});
