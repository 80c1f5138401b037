/**
 * GET /v1/categories/suggestions on real PostgreSQL over tests/fixtures/small-catalog.csv (spec 9 "Category search
 * suggestions: at most 10; score 30 for an exact match and 10 per whole-word hit (logged only)"): best first in the
 * asked language, the score never answered, bad input 400 in the
 * envelope and the request's language, 429 after the per-address limit, and the route in the OpenAPI document.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SUGGESTION_RATE_LIMIT } from '../api/routes/categories/index.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const fixture = path.resolve(__dirname, 'fixtures/small-catalog.csv');
let h: ShopHarness;
type Suggestion = { id: string; name: string; url: string; parents: string[] };
const ask = async (query: string, headers: Record<string, string> = {}) => {
  const res = await h.app.inject({ url: `/v1/categories/suggestions?${query}`, headers });
  return { status: res.statusCode, body: res.json() as { success: boolean; data?: Suggestion[]; message?: string; errors?: { code: string }[] } };
};

beforeAll(async () => {
  h = await createShopHarness('category-suggestions');
  await h.importFile(fixture);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

describe('GET /v1/categories/suggestions (spec 9)', () => {
  it('answers the matching categories best first in the asked language, without the score', async () => {
    const en = await ask('q=filters&lang=en');
    expect(en.status).toBe(200);
    // 'Filters' exact (30 + 10), then the two with the whole word (10 each), more products first (Fuel 2, Oil 1).
    expect(en.body.data!.map((s) => s.name)).toEqual(['Filters', 'Fuel filters', 'Oil filters']);
    expect(en.body.data![0]).toEqual({ id: expect.any(String), name: 'Filters', url: '/en/filters', parents: [] });
    const partial = await ask('q=filt&lang=en');
    expect(partial.body.data!.map((s) => s.name).sort()).toEqual(['Filters', 'Fuel filters', 'Oil filters']);
    // 'oil filters': exact (30) + two whole words (20) before 'Fuel filters' (one whole word, 'oil' starts nothing there: not a candidate).
    expect((await ask('q=oil%20filters&lang=en')).body.data!.map((s) => [s.name, s.parents])).toEqual([['Oil filters', ['Filters']]]);
    const et = await ask('q=%C3%B5lifiltrid&lang=et');
    expect(et.body.data!.map((s) => [s.name, s.url])).toEqual([['Õlifiltrid', '/et/filtrid/olifiltrid']]);
    expect(JSON.stringify(en.body)).not.toContain('score');
  });

  it('answers Estonian by Accept-Language, and nothing for a query under 2 characters or without a match', async () => {
    expect((await ask('q=pidurid', { 'accept-language': 'et-EE' })).body.data!.map((s) => s.name)).toEqual(['Pidurid']);
    expect((await ask('q=b&lang=en')).body.data).toEqual([]);
    expect((await ask('q=zzzz&lang=en')).body.data).toEqual([]);
  });

  it('refuses a missing or control-character query with 400 in the envelope and the language asked', async () => {
    const missing = await ask('lang=et');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, status: 'failure' });
    const control = await ask('q=ab%01&lang=en');
    expect(control.status).toBe(400);
    const long = await ask(`q=${'a'.repeat(201)}&lang=en`);
    expect(long.status).toBe(400);
  });

  it('is in the API document with an operationId', async () => {
    const doc = (await h.app.inject('/v1/openapi.json')).json() as { paths: Record<string, { get?: { operationId?: string } }> };
    expect(doc.paths['/v1/categories/suggestions']?.get?.operationId).toBe('getCategoriesSuggestions');
  });

  it(`answers 429 rate_limited after ${CATEGORY_SUGGESTION_RATE_LIMIT} asks a minute from one address`, async () => {
    let last = 200;
    for (let i = 0; i <= CATEGORY_SUGGESTION_RATE_LIMIT + 1 && last !== 429; i++) {
      last = (await h.app.inject({ url: '/v1/categories/suggestions?q=filt', remoteAddress: '10.9.8.7' })).statusCode;
    }
    expect(last).toBe(429);
    const res = await h.app.inject({ url: '/v1/categories/suggestions?q=filt&lang=en', remoteAddress: '10.9.8.7' });
    expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'rate_limited' }] });
    // Another address is not affected.
    expect((await h.app.inject({ url: '/v1/categories/suggestions?q=filt', remoteAddress: '10.9.8.8' })).statusCode).toBe(200);
  });
});
