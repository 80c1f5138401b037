/**
 * The OpenAPI document (GET /v1/openapi.json), the integrators' page (/v1/docs) and the staff prefix's guard
 * (/v1/admin/...: 401 in the envelope without a staff session), and every documented route fed
 * garbage, driven with `inject`. The document is checked as a generator reads it: @redocly/openapi-core's lint
 * (recommended rules, no error) and bundle (every $ref resolves), an operationId per operation, and the security
 * each staff operation really needs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleFromString, createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_TYPESCRIPT_CLI } from '../../platform/testing/tool-packages.js';
import { csrfHeaders } from '../../tests/support/csrf.js';
import { createShopHarness, type ShopHarness } from '../../tests/support/shop-harness.js';

let h: ShopHarness;
beforeAll(async () => {
  h = await createShopHarness('api_openapi');
});
afterAll(async () => {
  await h?.close();
});

describe('GET /v1/openapi.json', () => {
  it('is valid JSON listing the storefront routes, each with a response schema per status', async () => {
    const res = await h.app.inject({ url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = JSON.parse(res.body) as { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    expect(doc.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/v1/products', 'get'],
      ['/product/view/{id}', 'get'],
      ['/v1/search', 'get'],
      ['/v1/categories', 'get'],
      ['/v1/site', 'get'],
      ['/v1/page/{pageRef}', 'get'],
      ['/v1/delivery-provider', 'get'],
      ['/v1/delivery-provider/{providerId}', 'get'],
      ['/v1/stock-notification', 'post'],
      ['/v1/place-order', 'post'],
      ['/v1/payment/{token}', 'get'],
      ['/v1/payment/{token}', 'put'],
      ['/v1/csrf-token', 'get'],
      ['/order/download/{token}', 'get'],
      ['/v1/admin/me', 'get'],
      ['/file/create', 'post'],
      ['/files/{fileId}/{variant}', 'get'],
      ['/category/create', 'post'],
      ['/category/update/{id}', 'post'],
      ['/category/delete/{id}', 'post'],
      ['/v1/admin/categories', 'get'],
      ['/v1/admin/products/problematic', 'get'],
      ['/v1/admin/filters', 'get'],
      ['/v1/admin/filters', 'put'],
      ['/v1/admin/orders/{id}/invoices', 'get'],
      ['/v1/admin/orders/{id}/invoice.pdf', 'get'],
      // OrderList, OrderEdit and the spec 4 toggles.
      ['/v1/admin/orders', 'get'],
      ['/v1/admin/orders/{id}', 'get'],
      ['/v1/admin/orders/{id}', 'put'],
      ['/v1/admin/orders/{id}/paid', 'post'],
      ['/v1/admin/orders/{id}/filled', 'post'],
    ];
    // Sending an invoice answers 202 (the mail goes out through the worker).
    for (const path of ['/v1/admin/orders/{id}/invoice', '/v1/admin/orders/{id}/prepayment-invoice']) expect(Object.keys(doc.paths[path]?.post?.responses ?? {}), path).toContain('202');
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(Object.keys(operation!.responses ?? {}), `${method.toUpperCase()} ${path}`).toContain('200');
    }
    // Every route the document lists declares its answers.
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses ?? {}).filter((s) => s !== 'default'), `${method.toUpperCase()} ${path}`).not.toEqual([]);
      }
    }
    // The place-order body and its failure envelope (redirect) are documented.
    const placeOrder = doc.paths['/v1/place-order'].post as { requestBody?: unknown; responses: Record<string, unknown> };
    expect(JSON.stringify(placeOrder.requestBody)).toContain('accept_terms');
    expect(JSON.stringify(placeOrder.responses['409'])).toContain('redirect');
  });

  it('is valid OpenAPI 3.1 by the recommended rules, and every $ref resolves (the recursive category tree a named component)', async () => {
    const source = (await h.app.inject({ url: '/v1/openapi.json' })).body;
    const doc = JSON.parse(source) as { openapi: string; servers?: unknown[]; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/', description: 'This shop' }]);
    // JSON Schema 2020-12: null is a type; the 3.0 keyword `nullable` is gone everywhere.
    expect(source).not.toContain('"nullable"');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    const bundled = await bundleFromString({ source, absoluteRef: 'openapi.json', config, dereference: true });
    expect(bundled.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
    // The tree: GET /v1/categories answers nodes whose children are nodes again, by reference.
    const categories = JSON.stringify((doc as unknown as { paths: Record<string, { get: unknown }> }).paths['/v1/categories'].get);
    expect(categories).toContain('"$ref":"#/components/schemas/CategoryNode"');
    expect(JSON.stringify(doc.components.schemas.CategoryNode)).toContain('"children":{"type":"array","items":{"$ref":"#/components/schemas/CategoryNode"}}');
  });

  it('resolves every $ref in the document by walking it (what openapi-typescript needs), and names every operation', async () => {
    const doc = (await h.app.inject({ url: '/v1/openapi.json' })).json() as Record<string, unknown>;
    /** The value at a local JSON pointer ('#/components/schemas/X'), or undefined. */
    const resolve = (ref: string): unknown => {
      if (!ref.startsWith('#/')) return undefined;
      let at: unknown = doc;
      for (const raw of ref.slice(2).split('/')) {
        const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        if (typeof at !== 'object' || at === null || !(key in at)) return undefined;
        at = (at as Record<string, unknown>)[key];
      }
      return at;
    };
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    expect([...new Set(refs)].filter((ref) => resolve(ref) === undefined)).toEqual([]);
    // A reference that points at a reference only would loop for ever in a generator.
    expect([...new Set(refs)].filter((ref) => Object.keys(resolve(ref) as object).join() === '$ref')).toEqual([]);
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
    const unnamed = Object.entries(doc.paths as Record<string, Record<string, { operationId?: unknown }>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method, operation]) => methods.includes(method) && typeof operation.operationId !== 'string')
        .map(([method]) => `${method} ${path}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('generates TypeScript types with openapi-typescript 7 (a client generator integrators use)', async () => {
    // tools/openapi-typescript, installed by npm test (platform/testing/tool-packages.ts).
    const doc = (await h.app.inject({ url: '/v1/openapi.json' })).body;
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-ts-'));
    try {
      await writeFile(path.join(dir, 'openapi.json'), doc);
      const out = path.join(dir, 'api.d.ts');
      const { stderr } = await promisify(execFile)(process.execPath, [OPENAPI_TYPESCRIPT_CLI, path.join(dir, 'openapi.json'), '-o', out], { timeout: 120_000 });
      expect(stderr).not.toMatch(/error|can't resolve/i);
      const types = await readFile(out, 'utf8');
      expect(types).toContain('export interface paths {');
      expect(types).toContain('"/v1/products": {');
      expect(types).toContain('"/product/view/{id}": {');
      // The recursive category tree is a named schema the generator refers to.
      expect(types).toMatch(/CategoryNode: \{[\s\S]*?children\??: components\["schemas"\]\["CategoryNode"\]\[\]/);
      expect(types).toContain('export interface operations {');
      expect(types).toContain('getProductViewById: {');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives every operation a unique operationId (method and path without /v1) and declares what the guards require', async () => {
    type Operation = { operationId?: string; security?: Record<string, string[]>[] };
    const doc = (await h.app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes).toMatchObject({
      staffSession: { type: 'apiKey', in: 'cookie', name: 'shop_sid' },
      csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
    });
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string')).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v1/admin/pages/{id}'].get.operationId).toBe('getAdminPagesById');
    expect(doc.paths['/v1/admin/orders/{id}/invoice.pdf'].get.operationId).toBe('getAdminOrdersByIdInvoicePdf');
    expect(doc.paths['/product/view/{id}'].get.operationId).toBe('getProductViewById');
    const schemes = (o: Operation) => Object.keys(o.security?.[0] ?? {}).sort();
    for (const { path, method, operation } of operations) {
      expect(operation.security, `${method} ${path}`).toBeDefined();
      if (!path.startsWith('/v1/admin/')) continue;
      // Every staff call runs the guard; every write the CSRF check too.
      expect(schemes(operation), `${method} ${path}`).toEqual(method === 'get' ? ['staffSession'] : ['csrfToken', 'staffSession']);
    }
    // Outside /v1/admin: the spec's staff calls, the shopper's writes, and a public read.
    expect(schemes(doc.paths['/category/delete/{id}'].post)).toEqual(['csrfToken', 'staffSession']);
    expect(schemes(doc.paths['/file/create'].post)).toEqual(['csrfToken', 'staffSession']);
    expect(schemes(doc.paths['/v1/site-summary'].get)).toEqual(['staffSession']);
    expect(schemes(doc.paths['/v1/place-order'].post)).toEqual(['csrfToken']);
    expect(schemes(doc.paths['/v1/login-session'].post)).toEqual(['csrfToken']);
    expect(doc.paths['/v1/products'].get.security).toEqual([]);
  });

  it('splits the document for the integrators\' page into a storefront and a staff part that together hold every operation once', async () => {
    const methods = ['get', 'put', 'post', 'delete', 'patch'];
    const operations = (doc: { paths: Record<string, Record<string, unknown>> }) =>
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).filter((k) => methods.includes(k)).map((m) => `${m} ${path}`));
    const whole = operations((await h.app.inject({ url: '/v1/openapi.json' })).json());
    const storefront = operations((await h.app.inject({ url: '/v1/openapi/storefront.json' })).json());
    const staff = operations((await h.app.inject({ url: '/v1/openapi/staff.json' })).json());
    expect([...storefront, ...staff].sort()).toEqual([...whole].sort());
    expect(staff).toContain('post /v1/admin/fitment/apply');
    expect(staff).toContain('post /file/create');
    expect(storefront).toContain('post /v1/place-order');
    expect(storefront.some((o) => o.includes('/v1/admin/'))).toBe(false);
  });

  it('has a readable page for integrators', async () => {
    const res = await h.app.inject({ url: '/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});

describe('every documented route fed garbage (conventions 14)', () => {
  it('answers below 500, and every 4xx in the envelope', async () => {
    const doc = (await h.app.inject({ url: '/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const csrf = await csrfHeaders(h.app);
    const garbage = ['%00', 'a%00b', '..%2F..%2Fetc', "'%20or%201=1--", 'x'.repeat(90), '%F0%9F%92%A9'];
    let tried = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        for (const g of garbage) {
          const url = `${template.replace(/\{[^}]+\}/g, g)}?lang=${g}&page=-1&pageSize=7&q=${g}&f=${g}&sort=${g}&attempt=${g}&country=${g}`;
          const res = await h.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { ...csrf, 'content-type': 'application/json' },
            ...(method === 'get' ? {} : { payload: `{"items":"${g}","user_email":[1],"product_id":{"a":1},"method":null,"client":5}` }),
          });
          tried++;
          expect(res.statusCode, `${method.toUpperCase()} ${url}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json(), `${method.toUpperCase()} ${url}`).toMatchObject({ success: false, status: 'failure', message: expect.any(String), errors: expect.any(Array) });
        }
      }
    }
    expect(tried).toBeGreaterThan(60);
  });
});

describe('/v1/admin', () => {
  it('answers 401 in the envelope without a staff session, known and unknown paths alike', async () => {
    for (const url of ['/v1/admin/me?lang=en', '/v1/admin/orders?lang=en']) {
      const res = await h.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ success: false, status: 'failure', message: 'Your request was made with invalid credentials.', errors: [{ code: 'unauthorized', message: 'Your request was made with invalid credentials.' }] });
    }
    // Spec 8's text in the user's language too.
    expect((await h.app.inject({ url: '/v1/admin/me?lang=et' })).json().message).toBe('Teie päring tehti kehtetute volitustega.');
    const post = await h.app.inject({ method: 'POST', url: '/v1/admin/products', payload: {} });
    expect(post.statusCode).toBe(401);
  });
});
