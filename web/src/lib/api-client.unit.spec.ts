/**
 * The call helper of spec 7 and spec 8 against a real HTTP server (node:http) in this process; the abort and the
 * network failure are real too (a slow answer aborted, a port nobody listens on). Toast texts are checked in both
 * languages (app bundle `api.*`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import i18n from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import appEn from '../locales/en-US/app.json';
import appEt from '../locales/et/app.json';
import { currentToasts, dismissToast } from '../components/feedback/toasts';
import { ApiError, apiErrorText, apiPath, configureApiClient, deleteJson, getJson, postJson, putJson } from './api-client';

interface Seen {
  method: string;
  url: string;
  csrf: string | undefined;
  body: string;
}
const seen: Seen[] = [];
let csrfCalls = 0;
let rejectNextCsrf = false;

/** Answers by path under /shop-api (the configured prefix). */
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const url = req.url ?? '';
    seen.push({ method: req.method ?? '', url, csrf: req.headers['x-csrf-token'] as string | undefined, body });
    const path = url.replace(/^\/shop-api/, '').replace(/\?.*$/, '');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(value));
    };
    if (!url.startsWith('/shop-api/')) return json(404, { success: false, message: 'outside the prefix' });
    switch (path) {
      case '/v1/csrf-token':
        csrfCalls++;
        return json(200, { success: true, data: { token: `token-${csrfCalls}` } });
      case '/json':
        return json(200, { success: true, data: { n: 1 } });
      case '/csrf-checked':
        if (rejectNextCsrf) {
          rejectNextCsrf = false;
          return json(403, { success: false, message: 'Invalid CSRF token', errors: [{ code: 'request.csrf_invalid', message: 'Invalid CSRF token' }] });
        }
        return json(200, { success: true, data: req.headers['x-csrf-token'] });
      case '/item/7':
        res.writeHead(204);
        return res.end();
      case '/text':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<p>plain</p>');
      case '/broken-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"success": tru');
      case '/failure-envelope':
        return json(200, { status: 'failure', message: 'Not saved', errors: [{ code: 'page.invalid', message: 'Not saved' }] });
      case '/invalid':
        return json(422, { success: false, message: 'Invalid', errors: [{ code: 'page.name_required', message: 'Name is required', field: 'name' }] });
      case '/crash':
        return json(500, { success: false, message: 'Internal error' });
      case '/slow':
        setTimeout(() => json(200, { success: true }), 2000);
        return undefined;
      default:
        return json(404, { success: false, message: 'Not found' });
    }
  });
});

let origin = '';
let deadOrigin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that refuses connections: listen, note it, close.
  const dead = http.createServer();
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  deadOrigin = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => dead.close(() => resolve()));
  await i18n.init({
    resources: { et: { app: appEt }, 'en-US': { app: appEn } },
    lng: 'et',
    fallbackLng: 'et',
    ns: ['app'],
    defaultNS: 'app',
    interpolation: { escapeValue: false },
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  configureApiClient({ pathPrefix: '' });
});

beforeEach(async () => {
  configureApiClient({ pathPrefix: `${origin}/shop-api/` });
  for (const t of currentToasts()) dismissToast(t.id);
  seen.length = 0;
  await i18n.changeLanguage('et');
});

const toastTexts = () => currentToasts().map((t) => `${t.tone}: ${t.text}`);
const rejection = (p: Promise<unknown>) => p.then(() => { throw new Error('resolved'); }, (e: unknown) => e as ApiError);

describe('path prefix', () => {
  it('puts the configured prefix before root-relative paths only', async () => {
    expect(apiPath('/v1/site')).toBe(`${origin}/shop-api/v1/site`);
    expect(apiPath('https://example.ee/x')).toBe('https://example.ee/x');
    const res = await getJson<{ data: { n: number } }>('/json');
    expect(res.body.data.n).toBe(1);
    expect(seen.map((s) => s.url)).toEqual(['/shop-api/json']);
  });
});

describe('methods and CSRF', () => {
  it('sends DELETE with a CSRF token; a 204 is success with no data', async () => {
    const res = await deleteJson('/item/7');
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const del = seen.find((s) => s.method === 'DELETE')!;
    expect(del.url).toBe('/shop-api/item/7');
    expect(del.csrf).toMatch(/^token-\d+$/);
  });

  it('sends POST and PUT bodies as JSON with the token; GET without one', async () => {
    await getJson('/json');
    await postJson('/csrf-checked', { a: 1 });
    await putJson('/csrf-checked', { b: 2 });
    expect(seen.filter((s) => s.url === '/shop-api/json')[0]!.csrf).toBeUndefined();
    const writes = seen.filter((s) => s.url === '/shop-api/csrf-checked');
    expect(writes.map((s) => [s.method, s.body])).toEqual([['POST', '{"a":1}'], ['PUT', '{"b":2}']]);
    expect(writes.every((s) => s.csrf?.startsWith('token-'))).toBe(true);
  });

  it('renews the token once after a 403 request.csrf_invalid and retries', async () => {
    await postJson('/csrf-checked', {}); // a token is cached
    const before = csrfCalls;
    rejectNextCsrf = true;
    const res = await postJson<{ data: string }>('/csrf-checked', {});
    expect(csrfCalls).toBe(before + 1);
    expect(res.body.data).toBe(`token-${before + 1}`);
  });
});

describe('answers that are not JSON', () => {
  it('takes a non-JSON answer as success with its text when JSON is not demanded', async () => {
    const res = await getJson<string>('/text', { json: false });
    expect(res.body).toBe('<p>plain</p>');
  });

  it("rejects with 'Server did not respond with JSON' when JSON is demanded", async () => {
    const e = await rejection(getJson('/text'));
    expect(e).toBeInstanceOf(ApiError);
    expect([e.message, e.code, e.status]).toEqual(['Server did not respond with JSON', 'not_json', 200]);
    expect(apiErrorText(e)).toBe('Server ei vastanud JSON-vormingus');
    await i18n.changeLanguage('en-US');
    expect(apiErrorText(e)).toBe('Server did not respond with JSON');
  });

  it("rejects a JSON answer that does not parse with 'Error parsing JSON: {detail}'", async () => {
    const e = await rejection(getJson('/broken-json'));
    expect(e.code).toBe('invalid_json');
    expect(e.message).toMatch(/^Error parsing JSON: .+/);
    const detail = e.message.replace('Error parsing JSON: ', '');
    expect(apiErrorText(e)).toBe(`Viga JSON-i lugemisel: ${detail}`);
    await i18n.changeLanguage('en-US');
    expect(apiErrorText(e)).toBe(`Error parsing JSON: ${detail}`);
  });
});

describe('failures', () => {
  it("rejects an aborted request with 'Aborted' and shows nothing", async () => {
    const controller = new AbortController();
    const pending = rejection(getJson('/slow', controller.signal));
    setTimeout(() => controller.abort(), 50);
    const e = await pending;
    expect([e.message, e.code, e.status]).toEqual(['Aborted', 'aborted', 0]);
    expect(apiErrorText(e)).toBe('Katkestatud');
    expect(toastTexts()).toEqual([]);
    await i18n.changeLanguage('en-US');
    expect(apiErrorText(e)).toBe('Aborted');
  });

  it("rejects a request aborted before it starts with 'Aborted'", async () => {
    const e = await rejection(deleteJson('/item/7', undefined, { signal: AbortSignal.abort() }));
    expect([e.message, e.code]).toEqual(['Aborted', 'aborted']);
    expect(toastTexts()).toEqual([]);
  });

  it("flashes the no-connection warning and rejects with 'Server did not respond' (et)", async () => {
    configureApiClient({ pathPrefix: deadOrigin });
    const e = await rejection(getJson('/json'));
    expect([e.message, e.code, e.status]).toEqual(['Server did not respond', 'network', 0]);
    expect(toastTexts()).toEqual(['warning: Serveriga puudub internetiühendus.']);
    expect(apiErrorText(e)).toBe('Server ei vastanud');
    await i18n.changeLanguage('en-US');
    expect(apiErrorText(e)).toBe('Server did not respond');
  });

  it('flashes the no-connection warning in English', async () => {
    await i18n.changeLanguage('en-US');
    configureApiClient({ pathPrefix: deadOrigin });
    const e = await rejection(postJson('/json', {}));
    expect(e.message).toBe('Server did not respond');
    expect(toastTexts()).toEqual(['warning: There is no internet connection to the server.']);
  });

  it('shows the system-error toast until dismissed on a status of 500 or more, in both languages', async () => {
    const e = await rejection(getJson('/crash'));
    expect([e.status, e.message]).toEqual([500, 'Internal error']);
    expect(toastTexts()).toEqual(['error: Serveris tekkis viga.']);
    const [toast] = currentToasts();
    await new Promise((r) => setTimeout(r, 6000 + 100)); // longer than any timed toast (spec 9)
    expect(currentToasts()).toContain(toast);
    dismissToast(toast!.id);
    await i18n.changeLanguage('en-US');
    await rejection(getJson('/crash'));
    expect(toastTexts()).toEqual(['error: The server encountered an error.']);
  }, 15_000);

  it('a silent call (page views) rejects on a network failure or a 5xx and shows nothing', async () => {
    expect((await rejection(getJson('/crash', { silent: true }))).status).toBe(500);
    configureApiClient({ pathPrefix: deadOrigin });
    expect((await rejection(postJson('/json', {}, { silent: true }))).code).toBe('network');
    expect(toastTexts()).toEqual([]);
  });

  it('rejects a 4xx or a failure envelope with the status, the first error code and the envelope, without toasts', async () => {
    const invalid = await rejection(postJson('/invalid', {}));
    expect([invalid.status, invalid.code, invalid.message]).toEqual([422, 'page.name_required', 'Invalid']);
    expect((invalid.body as { errors: unknown[] }).errors).toHaveLength(1);
    const failure = await rejection(getJson('/failure-envelope'));
    expect([failure.status, failure.code]).toEqual([400, 'page.invalid']);
    expect(toastTexts()).toEqual([]);
  });

  it("shows 'Unexpected error occurred while saving data.' for a failed save that asks for it, in both languages", async () => {
    await rejection(putJson('/invalid', {}, { saveErrorToast: true }));
    expect(toastTexts()).toEqual(['error: Andmete salvestamisel tekkis ootamatu viga.']);
    for (const t of currentToasts()) dismissToast(t.id);
    await i18n.changeLanguage('en-US');
    await rejection(deleteJson('/invalid', undefined, { saveErrorToast: true }));
    expect(toastTexts()).toEqual(['error: Unexpected error occurred while saving data.']);
  });
});
