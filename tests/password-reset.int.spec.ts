/**
 * "Forgot password: a one-time link by mail (single use, 30 minutes), the same answer whether or not the
 * user exists", end to end on real services: the api through `app.inject` (sessions, tokens and rate-limit
 * counters in the real Redis), the event store and the read models in a fresh PostgreSQL database, the
 * password-reset-mail process manager and the send-password-reset processor on BullMQ, and a real SMTP server in
 * this process that receives the mail (tests/support/mail-pipeline.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../api/plugins/deps.js';
import { deactivateUser } from '../commands/user/deactivate-user.js';
import { loadUser } from '../commands/user/user-accounts.js';
import { toUserStreamId } from '../domain/user/user.js';
import { listOutbox } from '../platform/mail/outbox.js';
import { passwordStamp, ResetTokens } from '../platform/security/reset-tokens.js';
import { createSendPasswordResetProcessor } from '../workers/jobs/send-password-reset.js';
import { csrfHeaders, type CsrfHeaders } from './support/csrf.js';
import { type MailPipeline, startMailPipeline } from './support/mail-pipeline.js';
import { createStaffSessions, headersOf, registerStaff } from './support/staff-session.js';
import { createShopHarness, GENEROUS_RATE_LIMITS, type ShopHarness } from './support/shop-harness.js';
import { headerOf, type SinkMessage } from './support/smtp-sink.js';

const SHOP_URL = 'https://shop.example.ee';
const PASSWORD = 'Staff-Pass-2026!x';
const MIN_RESPONSE_MS = 150;
let h: ShopHarness;
let redis: Redis;
let pipeline: MailPipeline;
let csrf: CsrfHeaders;
const sessions = createStaffSessions('reset');
const keyPrefix = sessions.keyPrefix;
const nameSpace = `test-reset-limit-${randomUUID()}:`;
const ids: Record<string, string> = {};

const generousResetLimits = { perIp: { max: 10_000, windowMs: 60_000 }, perName: { max: 10_000, windowMs: 60_000 }, resetPerIp: { max: 10_000, windowMs: 60_000 } };

/** POST /v1/password-reset as a guest with the CSRF cookie and token. */
const requestLink = (username: string, options: { lang?: 'et' | 'en'; ip?: string; app?: FastifyInstance; withToken?: boolean } = {}) =>
  (options.app ?? h.app).inject({
    method: 'POST',
    url: `/v1/password-reset?lang=${options.lang ?? 'et'}`,
    headers: { cookie: csrf.cookie, ...(options.withToken === false ? {} : { 'x-csrf-token': csrf['x-csrf-token'] }), 'content-type': 'application/json' },
    payload: { username },
    remoteAddress: options.ip ?? '10.30.0.1',
  });

/** POST /v1/password-reset/{token}. */
const resetWith = (token: string, password: string, confirm = password, options: { lang?: 'et' | 'en'; withToken?: boolean } = {}) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/password-reset/${encodeURIComponent(token)}?lang=${options.lang ?? 'en'}`,
    headers: { cookie: csrf.cookie, ...(options.withToken === false ? {} : { 'x-csrf-token': csrf['x-csrf-token'] }), 'content-type': 'application/json' },
    payload: { password, confirm },
    remoteAddress: '10.30.0.9',
  });

/** Signs in on a browser of its own: its cookies (CSRF and session), CSRF token and the answer's status. */
async function signIn(username: string, password: string): Promise<{ cookie: string; token: string; status: number }> {
  const { status, browser } = await sessions.trySignIn(h.app, username, password, { lang: 'en', remoteAddress: '10.30.1.1' });
  return { cookie: headersOf(browser).cookie, token: browser.csrf['x-csrf-token'], status };
}

/** The text of a mail with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The reset link of a mail and its token. */
function linkOf(mail: SinkMessage): { link: string; token: string } {
  const match = /(https:\/\/shop\.example\.ee(?:\/en)?\/password-reset\/([A-Za-z0-9_-]{43}))/.exec(decoded(mail.raw));
  if (!match) throw new Error(`no reset link in the mail:\n${mail.raw}`);
  return { link: match[1], token: match[2] };
}

/** Asks for a link for `username` and waits for the one new mail it causes. */
async function mailedLink(username: string, lang: 'et' | 'en' = 'en'): Promise<{ mail: SinkMessage; token: string; link: string }> {
  const before = pipeline.sink.accepted.length;
  expect((await requestLink(username, { lang })).statusCode).toBe(200);
  await pipeline.caughtUp();
  await pipeline.sink.waitForAccepted(before + 1, 20_000);
  const mail = pipeline.sink.accepted[before];
  return { mail, ...linkOf(mail) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

beforeAll(async () => {
  redis = sessions.redis;
  h = await createShopHarness('password_reset', {
    api: { sessions: sessions.deps(), rateLimits: { ...GENEROUS_RATE_LIMITS, redis, nameSpace, passwordReset: generousResetLimits }, passwordReset: { minResponseMs: MIN_RESPONSE_MS } },
  });
  pipeline = await startMailPipeline(h, SHOP_URL, { resetTokens: new ResetTokens({ redis, prefix: keyPrefix }) });
  csrf = await csrfHeaders(h.app);
  const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
  const users: [string, string | null, ('ADMIN' | 'CLIENT')[]][] = [
    ['boss', 'boss@pood.ee', ['ADMIN', 'CLIENT']],
    ['mari', 'Mari@Pood.ee', ['CLIENT']],
    ['jaan', null, ['CLIENT']],
    ['kati', 'kati@pood.ee', ['CLIENT']],
    ['timo', 'timo@pood.ee', ['CLIENT']],
  ];
  Object.assign(ids, await registerStaff(h.store, users.map(([username, email, roles]) => ({ username, email, roles })), { password: PASSWORD, now: h.clock.now }));
  await deactivateUser(h.store, { userId: ids.kati }, ctx());
  await h.settle();
});

afterAll(async () => {
  await pipeline?.stop();
  await h?.close();
  await sessions.cleanup(nameSpace);
});

describe('POST /v1/password-reset', () => {
  it('mails exactly one link to a user with an address, in the language asked; only the token\'s hash is kept, for 30 minutes', async () => {
    const res = await requestLink('Mari', { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { accepted: true } });
    await pipeline.caughtUp();
    await pipeline.sink.waitForAccepted(1, 20_000);
    const mail = pipeline.sink.accepted[0];
    expect(mail.to).toBe('Mari@pood.ee'); // the address as stored; the SMTP client lower-cases the domain
    expect(headerOf(mail.raw, 'Subject')).toBe('Reset your password');
    expect(headerOf(mail.raw, 'X-Shop-Mail')).toBe('password-reset');
    const { link, token } = linkOf(mail);
    expect(link).toBe(`${SHOP_URL}/en/password-reset/${token}`);
    expect(decoded(mail.raw)).toContain('Hello mari,');
    expect(decoded(mail.raw)).toContain('The link works for 30 minutes and can be used once.');

    const keys = await redis.keys(`${keyPrefix}pwreset:*`);
    expect(keys).toEqual([`${keyPrefix}pwreset:${createHash('sha256').update(token).digest('hex')}`]);
    expect(await redis.get(keys[0])).not.toContain(token);
    const ttl = await redis.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);

    // The event records the request (no token), by nobody signed in; the outbox one sent mail.
    const { events } = await h.store.readStream(toUserStreamId(ids.mari));
    const requested = events.filter((e) => e.type === 'PasswordResetRequested');
    expect(requested.map((e) => e.data)).toEqual([{ userId: ids.mari, email: 'Mari@Pood.ee', language: 'en', requestedAt: h.clock.now }]);
    expect(JSON.stringify(requested.map((e) => [e.data, e.metadata]))).not.toContain(token);
    await new Promise((r) => setTimeout(r, 500));
    expect(pipeline.sink.accepted).toHaveLength(1);
    expect((await listOutbox(h.db)).filter((r) => r.kind === 'password-reset').map((r) => [r.state, r.recipient])).toEqual([['sent', 'Mari@Pood.ee']]);
  });

  it('takes an e-mail address too (any case), and writes Estonian with the formal address', async () => {
    const { mail, link, token } = await mailedLink('MARI@pood.ee', 'et');
    expect(mail.to).toBe('Mari@pood.ee');
    expect(link).toBe(`${SHOP_URL}/password-reset/${token}`);
    expect(headerOf(mail.raw, 'Subject')).toBe('Parooli taastamine');
    expect(decoded(mail.raw)).toContain('Teie kasutajakonto');
  });

  it('answers an unknown user, one without an address and a deactivated one exactly alike, in about the same time, and mails nothing', async () => {
    const base = pipeline.sink.accepted.length;
    const known = await requestLink('timo');
    const others = await Promise.all(['nobody', 'nobody@pood.ee', 'jaan', 'kati', 'kati@pood.ee'].map((n) => requestLink(n)));
    for (const res of others) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    // Timing: the answer waits for the same floor either way (an appended event for the known user).
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 5; i++) {
      for (const [kind, name] of [['known', 'timo'], ['unknown', `ghost-${i}`]] as const) {
        const t0 = performance.now();
        await requestLink(name);
        times[kind].push(performance.now() - t0);
      }
    }
    expect(median(times.known)).toBeGreaterThanOrEqual(MIN_RESPONSE_MS - 5);
    expect(median(times.unknown)).toBeGreaterThanOrEqual(MIN_RESPONSE_MS - 5);
    // Both wait for the same floor; the ratio (not the difference, which a busy machine stretches) stays near 1.
    const [k, u] = [median(times.known), median(times.unknown)];
    expect(Math.max(k, u) / Math.min(k, u)).toBeLessThan(1.5);
    // Only timo's requests made events and mails; jaan (no address) and kati (deactivated) none.
    await pipeline.caughtUp();
    for (const name of ['jaan', 'kati']) {
      const { events } = await h.store.readStream(toUserStreamId(ids[name]));
      expect(events.some((e) => e.type === 'PasswordResetRequested')).toBe(false);
    }
    // Six requests for timo: six mails, all to timo, and nothing else arrives.
    await pipeline.sink.waitForAccepted(base + 6, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(pipeline.sink.accepted.slice(base).map((m) => m.to)).toEqual(Array(6).fill('timo@pood.ee'));
  });

  it('needs the CSRF token', async () => {
    const res = await requestLink('mari', { withToken: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('request.csrf_invalid');
  });
});

describe('POST /v1/password-reset/{token}', () => {
  it('sets the password once: a second use fails, the new password signs in, the old one not; the event names the user', async () => {
    const { token } = await mailedLink('mari');
    const first = await resetWith(token, 'Uus-Parool-2026!');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ username: 'mari' });
    const again = await resetWith(token, 'Teine-Parool-2026!', undefined, { lang: 'et' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ success: false, errors: [{ code: 'password_reset.token_invalid' }] });
    expect(again.json().message).toBe('See parooli taastamise link on vale, juba kasutatud või aegunud. Palun küsige uus link.');
    expect((await signIn('mari', 'Uus-Parool-2026!')).status).toBe(200);
    expect((await signIn('mari', PASSWORD)).status).toBe(400);
    const { events } = await h.store.readStream(toUserStreamId(ids.mari));
    const changed = events.filter((e) => e.type === 'PasswordChanged');
    expect(changed).toHaveLength(1);
    expect(changed[0].metadata.userId).toBe(ids.mari);
    expect(await redis.keys(`${keyPrefix}pwreset:*`)).not.toContain(`${keyPrefix}pwreset:${createHash('sha256').update(token).digest('hex')}`);
  });

  it('refuses a weak password with field errors and keeps the link usable', async () => {
    const { token } = await mailedLink('timo');
    const short = await resetWith(token, 'lühike', 'muu');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual(['password:user.password_too_short', 'confirm:user.password_mismatch']);
    const common = await resetWith(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ code: 'user.password_common', field: 'password', message: 'This password is too common: choose another' }]);
    expect((await resetWith(token, 'Timo-Uus-Parool-1')).statusCode).toBe(200);
  });

  it("ends the user's other sessions", async () => {
    const session = await signIn('boss', PASSWORD);
    expect(session.status).toBe(200);
    const me = () => h.app.inject({ url: '/v1/session?lang=en', headers: { cookie: session.cookie } });
    expect((await me()).statusCode).toBe(200);
    const { token } = await mailedLink('boss');
    expect((await resetWith(token, 'Bossi-Uus-Parool-9')).statusCode).toBe(200);
    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(after.json().errors[0].code).toBe('session.expired');
  });

  it('refuses an expired token, an unknown one, and one issued before the password changed', async () => {
    const short = new ResetTokens({ redis, prefix: keyPrefix, ttlMs: 300 });
    const user = await loadUser(h.store, ids.timo);
    if (user.status === 'empty') throw new Error('timo is missing');
    const expiring = await short.issue({ userId: ids.timo, passwordStamp: passwordStamp(user.passwordHash) });
    await new Promise((r) => setTimeout(r, 600));
    expect((await resetWith(expiring, 'Timo-Parool-Kolm-3')).statusCode).toBe(410);
    expect((await resetWith('x'.repeat(43), 'Timo-Parool-Kolm-3')).statusCode).toBe(410);
    expect((await resetWith('not-a-token', 'Timo-Parool-Kolm-3')).statusCode).toBe(410);

    const older = (await mailedLink('timo')).token;
    const newer = (await mailedLink('timo')).token;
    expect((await resetWith(newer, 'Timo-Parool-Neli-4')).statusCode).toBe(200);
    expect((await resetWith(older, 'Timo-Parool-Viis-5')).statusCode).toBe(410);
  });

  it('needs the CSRF token', async () => {
    const res = await resetWith('x'.repeat(43), 'Timo-Parool-Kuus-6', undefined, { withToken: false });
    expect(res.statusCode).toBe(403);
  });
});

describe('the send-password-reset processor', () => {
  it('sends no link for a request older than the link would live, nor to an address changed since', async () => {
    const processor = createSendPasswordResetProcessor({
      db: h.db,
      store: h.store,
      transport: { send: async () => { throw new Error('must not send'); }, close: () => {} },
      tokens: new ResetTokens({ redis, prefix: keyPrefix }),
      from: 'Baltic Parts <shop@baltic-parts.test>',
      shopUrl: SHOP_URL,
      now: () => '2026-11-22T10:31:00.000Z',
    });
    const stale = await processor({ eventId: randomUUID(), userId: ids.timo, email: 'timo@pood.ee', language: 'et', requestedAt: '2026-11-22T10:00:00.000Z' });
    expect(stale).toMatchObject({ status: 'skipped', reason: 'the request is older than the link would live' });
    const moved = await processor({ eventId: randomUUID(), userId: ids.timo, email: 'vana@pood.ee', language: 'et', requestedAt: '2026-11-22T10:30:00.000Z' });
    expect(moved).toMatchObject({ status: 'skipped' });
  });
});

describe('rate limits (counted in Redis by every replica)', () => {
  it('per name asked for, known or not, and per address: 429 with the spec\'s text', async () => {
    const limited = (): Partial<ApiDeps> => ({
      sessions: sessions.deps(),
      passwordReset: { minResponseMs: 0 },
      rateLimits: { redis, nameSpace: `${nameSpace}limits:`, passwordReset: { perIp: { max: 5, windowMs: 60_000 }, perName: { max: 2, windowMs: 60_000 } } },
    });
    const [a, b] = [await h.replica(limited()), await h.replica(limited())];
    for (const name of ['timo', 'nobody-at-all']) {
      expect((await requestLink(name, { app: a, ip: '10.40.0.1', lang: 'en' })).statusCode).toBe(200);
      expect((await requestLink(name, { app: b, ip: '10.40.0.2', lang: 'en' })).statusCode).toBe(200);
      const third = await requestLink(name, { app: a, ip: '10.40.0.3', lang: 'en' });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, message: 'Rate limit exceeded. Please try again later.', errors: [{ code: 'rate_limited' }] });
    }
    // Per address: 5 requests from one address, each for another name, then 429.
    for (let i = 0; i < 5; i++) expect((await requestLink(`someone-${i}`, { app: i % 2 ? a : b, ip: '10.40.0.9' })).statusCode).toBe(200);
    expect((await requestLink('someone-else', { app: a, ip: '10.40.0.9' })).statusCode).toBe(429);
  });
});

describe('the OpenAPI document and the admin screens\' address', () => {
  it('lists both routes with their answers', async () => {
    const doc = (await h.app.inject({ url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths['/v1/password-reset'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/v1/password-reset/{token}'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/v1/password-reset/{token}'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '410', '429']));
  });

  it('an administrator sets, refuses and clears a user\'s address (PUT /v1/admin/users/{id}); the list shows it', async () => {
    const session = await signIn('boss', 'Bossi-Uus-Parool-9');
    const own = { cookie: session.cookie, 'x-csrf-token': session.token };
    const put = (email: string | null) =>
      h.app.inject({ method: 'PUT', url: `/v1/admin/users/${ids.jaan}?lang=en`, headers: { ...own, 'content-type': 'application/json' }, payload: { roles: ['CLIENT'], email } });
    const bad = await put('jaan@pood');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ code: 'user.email_invalid', field: 'email', message: 'Please enter one valid e-mail address.' }]);
    const set = await put(' jaan@pood.ee ');
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ username: 'jaan', email: 'jaan@pood.ee' });
    await h.settle();
    const list = await h.app.inject({ url: '/v1/admin/users', headers: { cookie: session.cookie } });
    expect(list.json().data.find((u: { username: string }) => u.username === 'jaan').email).toBe('jaan@pood.ee');
    expect((await put('')).json().data.email).toBeNull();
  });
});
