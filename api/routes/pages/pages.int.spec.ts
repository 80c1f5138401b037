/**
 * Content pages end to end through real PostgreSQL: SavePageDraft (sanitised HTML) and PublishPage -> rm_pages ->
 * GET /v1/page/{pageName|pageId} in either language (spec 7, spec 3 "Page"), 404 in the envelope; a draft is not
 * what guests see.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPage } from '../../../commands/page/publish-page.js';
import { savePageDraft } from '../../../commands/page/save-page-draft.js';
import { SEED_PAGES } from '../../../commands/page/seed-pages.js';
import { seedSiteContent } from '../../../commands/site/seed-site-content.js';
import { getSiteContent } from '../../../projections/site/queries.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';

let h: ShopHarness;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
const get = async (url: string) => {
  const res = await h.app.inject(url);
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  h = await createShopHarness('pages');
  await seedSiteContent(h.store, h.clock.now);
  await h.settle();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('seeding (npm start records the site content and pages)', () => {
  it('a second start appends nothing; the seeded menu hides Galerii by its flag', async () => {
    // Every stream's version, committed (a read of $all would stop at the horizon of other open transactions).
    const versions = async () => (await sql<{ stream_id: string; version: string }>`select stream_id, version::text from es_streams order by stream_id`.execute(h.db)).rows;
    const before = await versions();
    await seedSiteContent(h.store, h.clock.now);
    expect(await versions()).toEqual(before);
    const { menu } = await getSiteContent(h.db);
    expect(menu.filter((e) => e.hidden).map((e) => e.label.et)).toEqual(['Galerii']);
  });
});

describe('GET /v1/page/{pageName}', () => {
  it('answers the seeded terms of sale in Estonian by default and in English with lang=en', async () => {
    const et = await get('/v1/page/muugitingimused');
    expect(et.status).toBe(200);
    expect(et.body).toMatchObject({ success: true, lang: 'et', data: { name: 'muugitingimused', title: 'Müügitingimused', canonical: '/muugitingimused' } });
    expect(et.body.data.content).toContain('<h2>Taganemisõigus</h2>');
    expect(et.body.data.alternates).toEqual({ et: '/muugitingimused', en: '/en/muugitingimused' });
    const en = await get('/v1/page/muugitingimused?lang=en');
    expect(en.body).toMatchObject({ lang: 'en', data: { title: 'Terms of sale', canonical: '/en/muugitingimused' } });
    expect(en.body.data.content).toContain('<h2>Right of withdrawal</h2>');
  });

  it('finds a page by its id too', async () => {
    const { body } = await get(`/v1/page/${SEED_PAGES[1]!.pageId}?lang=en`);
    expect(body.data).toMatchObject({ name: 'kontakt', title: 'Contact' });
  });

  it('answers 404 in the envelope and the language for an unknown page', async () => {
    const et = await get('/v1/page/no-such-page');
    expect(et.status).toBe(404);
    expect(et.body).toMatchObject({ success: false, status: 'failure', message: 'Lehekülge ei leitud.', errors: [{ code: 'page.not_found' }] });
    expect((await get('/v1/page/no-such-page?lang=en')).body.message).toBe('Page not found.');
  });

  it('keeps safe markup, drops scripts and handlers, and falls back to Estonian for a missing English text', async () => {
    const pageId = randomUUID();
    await savePageDraft(
      h.store,
      {
        pageId,
        slug: { et: 'tarne' },
        title: { et: 'Tarne' },
        content: { et: '<h2 onclick="steal()">Tarne</h2><p>Pakiautomaati <a href="javascript:alert(1)">x</a> <a href="https://omniva.ee">Omniva</a></p><script>steal()</script>' },
      },
      ctx(),
    );
    await h.settle();
    expect((await get('/v1/page/tarne')).status).toBe(404); // a draft only: guests see nothing yet
    await publishPage(h.store, { pageId }, ctx());
    await h.settle();
    const { body } = await get('/v1/page/tarne?lang=en');
    expect(body.data.title).toBe('Tarne');
    expect(body.data.content).toBe('<h2>Tarne</h2><p>Pakiautomaati <a rel="noopener noreferrer">x</a> <a href="https://omniva.ee" rel="noopener noreferrer">Omniva</a></p>');
  });

  it('shows the published version while a newer draft waits', async () => {
    const pageId = randomUUID();
    await savePageDraft(h.store, { pageId, slug: { et: 'hooldus' }, title: { et: 'Hooldus' }, content: { et: '<p>Esimene</p>' } }, ctx());
    await publishPage(h.store, { pageId }, ctx());
    await savePageDraft(h.store, { pageId, slug: { et: 'hooldus' }, title: { et: 'Hooldus' }, content: { et: '<p>Teine</p>' } }, ctx());
    await h.settle();
    expect((await get('/v1/page/hooldus')).body.data.content).toBe('<p>Esimene</p>');
  });

  it('refuses a name a storefront route takes, saving nothing', async () => {
    await expect(savePageDraft(h.store, { pageId: randomUUID(), slug: { et: 'products' }, title: { et: 'Tooted' }, content: {} }, ctx())).rejects.toMatchObject({ code: 'page.name_reserved' });
  });
});
