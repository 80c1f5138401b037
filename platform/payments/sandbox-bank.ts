/**
 * A local sandbox bank that speaks iPizza (version 008) with its own key pair, so the whole payment flow
 * runs on one machine without a bank contract: the shop's `ipizza-sandbox` method sends the browser here.
 *
 * Routes (register with `app.register(sandboxBankRoutes, options)`, no prefix; the paths carry `/sandbox-bank`):
 * - `POST /sandbox-bank/pay`: receives the shop's 1011/1012 form (urlencoded), verifies its VK_MAC with the shop's
 *   public key and its VK_DATETIME, and answers a small bilingual (Estonian + English) page with the merchant, the
 *   amount and two buttons, "Maksa / Pay" and "Katkesta / Cancel", which POST to
 * - `POST /sandbox-bank/pay/decision`: verifies the request again, then
 *   - pay: signs a 1111 answer; POSTs it with `VK_AUTO=Y` server-to-server to VK_RETURN (fire and forget, with a
 *     timeout; a failure is logged) and answers the browser a self-submitting form of the `VK_AUTO=N` answer to
 *     VK_RETURN;
 *   - cancel: answers the browser a self-submitting form of a signed 1911 answer to VK_CANCEL.
 * - `GET /sandbox-bank/logo.svg`: the method's logo.
 * A request that fails a check gets a 400 HTML page naming the problem in Estonian and English (this is the bank's
 * own page, not the shop's JSON API).
 *
 * Keys: `loadSandboxKeys(options.keyDir)` (sandbox-keys.ts); the shop's adapter reads the same directory.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, renderAutoPostForm } from './html.js';
import {
  DEFAULT_IPIZZA_TIME_WINDOW_MS,
  formatDateTime,
  IPIZZA_VERSION,
  type IpizzaFields,
  MAC_FIELDS,
  parseAmount,
  parseDateTime,
  referenceBase,
  signIpizza,
  verifyIpizza,
} from './ipizza.js';
import { DEFAULT_SANDBOX_KEY_DIR, loadSandboxKeys, type SandboxKeys } from './sandbox-keys.js';

/** The bank's pages are HTML: the payment page or auto-posting answer form (200), or a problem page (400). */
const PAGE_SCHEMA = {
  hide: true,
  response: { 200: z.string().describe('text/html: the bank page or the auto-posting answer form'), 400: z.string().describe('text/html: what is wrong with the request') },
};
const LOGO_SCHEMA = { hide: true, response: { 200: z.string().describe('image/svg+xml') } };

export interface SandboxBankOptions {
  /** Directory of the key files (default `.data/sandbox-bank/` under the repository). */
  keyDir?: string;
  /** The bank's id: `VK_SND_ID` of its answers (default `SANDBOX`). */
  bankId?: string;
  /** Recipient shown and answered (VK_REC_NAME / VK_REC_ACC) for a 1012 request, which names no account. */
  merchantName?: string;
  merchantAccount?: string;
  /** The pretend payer (VK_SND_NAME / VK_SND_ACC). */
  payerName?: string;
  payerAccount?: string;
  /** Milliseconds a request's VK_DATETIME may differ from the bank's clock when it arrives (default 5 minutes). */
  requestWindowMs?: number;
  /** Milliseconds after VK_DATETIME the shopper may still press Pay or Cancel (default 30 minutes). */
  decisionWindowMs?: number;
  /** Timeout of the server-to-server callback in milliseconds (default 5000). */
  callbackTimeoutMs?: number;
  now?: () => Date;
}

interface CheckedRequest {
  fields: IpizzaFields;
  amountCents: number;
  lang: 'et' | 'en';
}

interface Problem {
  et: string;
  en: string;
}

const REQUEST_FIELDS = {
  '1011': [...MAC_FIELDS['1011'], 'VK_MAC'],
  '1012': [...MAC_FIELDS['1012'], 'VK_MAC'],
} as const;

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40" role="img" aria-label="Näidispank / Sandbox bank"><rect width="120" height="40" rx="6" fill="#1d4f91"/><text x="60" y="26" font-family="sans-serif" font-size="15" font-weight="700" fill="#fff" text-anchor="middle">Näidispank</text></svg>`;

/**
 * The sandbox bank's routes as a Fastify plugin (see the module comment). Loads (or creates) its keys when
 * registered. Adds an `application/x-www-form-urlencoded` parser inside its own context when the app has none.
 * @throws Error from registration when the key directory cannot be used.
 */
export async function sandboxBankRoutes(app: FastifyInstance, options: SandboxBankOptions = {}): Promise<void> {
  // Its schemas are zod's (registered on its own, e.g. in a test, the app may not have set these compilers).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const keys = await loadSandboxKeys(options.keyDir ?? DEFAULT_SANDBOX_KEY_DIR);
  const bankId = options.bankId ?? 'SANDBOX';
  const now = options.now ?? (() => new Date());
  const requestWindowMs = options.requestWindowMs ?? DEFAULT_IPIZZA_TIME_WINDOW_MS;
  const decisionWindowMs = options.decisionWindowMs ?? 30 * 60_000;
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 5000;
  const pending = new Set<Promise<void>>();

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) fields[k] = v;
      done(null, fields);
    });
  }
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.get('/sandbox-bank/logo.svg', { schema: LOGO_SCHEMA }, async (_request, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(LOGO_SVG));

  app.post('/sandbox-bank/pay', { schema: PAGE_SCHEMA }, async (request, reply) => {
    const checked = checkRequest(request.body, keys, now(), requestWindowMs);
    if ('et' in checked) return problemPage(reply, checked);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(paymentPage(checked, options));
  });

  app.post('/sandbox-bank/pay/decision', { schema: PAGE_SCHEMA }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const decision = body.decision;
    const vkOnly = Object.fromEntries(Object.entries(body).filter(([k]) => k.startsWith('VK_')));
    const checked = checkRequest(vkOnly, keys, now(), decisionWindowMs, true);
    if ('et' in checked) return problemPage(reply, checked);
    if (decision !== 'pay' && decision !== 'cancel') return problemPage(reply, { et: 'Valige "Maksa" või "Katkesta".', en: 'Choose "Pay" or "Cancel".' });
    const req = checked.fields;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

    if (decision === 'cancel') {
      const answer: IpizzaFields = {
        VK_SERVICE: '1911',
        VK_VERSION: IPIZZA_VERSION,
        VK_SND_ID: bankId,
        VK_REC_ID: req.VK_SND_ID,
        VK_STAMP: req.VK_STAMP,
        VK_REF: req.VK_REF,
        VK_MSG: req.VK_MSG,
      };
      answer.VK_MAC = signIpizza(answer, '1911', keys.bankPrivateKey);
      Object.assign(answer, { VK_ENCODING: 'UTF-8', VK_LANG: req.VK_LANG ?? 'EST', VK_AUTO: 'N' });
      return reply.send(renderAutoPostForm({ kind: 'form', action: req.VK_CANCEL, fields: answer }, checked.lang));
    }

    const answer: IpizzaFields = {
      VK_SERVICE: '1111',
      VK_VERSION: IPIZZA_VERSION,
      VK_SND_ID: bankId,
      VK_REC_ID: req.VK_SND_ID,
      VK_STAMP: req.VK_STAMP,
      VK_T_NO: String(randomInt(1_000_000_000, 10_000_000_000)),
      VK_AMOUNT: req.VK_AMOUNT,
      VK_CURR: req.VK_CURR,
      VK_REC_ACC: req.VK_ACC ?? options.merchantAccount ?? '',
      VK_REC_NAME: req.VK_NAME ?? options.merchantName ?? req.VK_SND_ID,
      VK_SND_ACC: options.payerAccount ?? 'EE382200221020145685',
      VK_SND_NAME: options.payerName ?? 'Mari Maasikas',
      VK_REF: req.VK_REF,
      VK_MSG: req.VK_MSG,
      VK_T_DATETIME: formatDateTime(now()),
    };
    answer.VK_MAC = signIpizza(answer, '1111', keys.bankPrivateKey);
    Object.assign(answer, { VK_ENCODING: 'UTF-8', VK_LANG: req.VK_LANG ?? 'EST' });

    const callback = postCallback(req.VK_RETURN, { ...answer, VK_AUTO: 'Y' }, callbackTimeoutMs)
      .then((status) => {
        if (status >= 400) request.log.warn({ url: req.VK_RETURN, status, stamp: req.VK_STAMP }, 'sandbox bank: server-to-server callback answered an error');
      })
      .catch((err: unknown) => request.log.warn({ err, url: req.VK_RETURN, stamp: req.VK_STAMP }, 'sandbox bank: server-to-server callback failed'))
      .finally(() => pending.delete(callback));
    pending.add(callback);
    return reply.send(renderAutoPostForm({ kind: 'form', action: req.VK_RETURN, fields: { ...answer, VK_AUTO: 'N' } }, checked.lang));
  });
}

/** POSTs `fields` urlencoded to `url`; resolves to the HTTP status. */
async function postCallback(url: string, fields: IpizzaFields, timeoutMs: number): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  return response.status;
}

/** Checks a 1011/1012 request as a bank does: fields, VK_MAC under the shop's key, amount, reference, time. */
function checkRequest(body: unknown, keys: SandboxKeys, now: Date, windowMs: number, pastOnly = false): CheckedRequest | Problem {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { et: 'Makse andmed puuduvad.', en: 'The payment request has no fields.' };
  const fields: IpizzaFields = {};
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string') return { et: `Väli ${k} on vigane.`, en: `Field ${k} is malformed.` };
    fields[k] = v;
  }
  const service = fields.VK_SERVICE;
  if (service !== '1011' && service !== '1012') return { et: `Tundmatu teenus "${service ?? ''}".`, en: `Unknown service "${service ?? ''}".` };
  const missing = REQUEST_FIELDS[service].filter((f) => fields[f] === undefined || (f !== 'VK_MSG' && fields[f] === ''));
  if (missing.length > 0) return { et: `Puuduvad väljad: ${missing.join(', ')}.`, en: `Missing fields: ${missing.join(', ')}.` };
  if (fields.VK_VERSION !== IPIZZA_VERSION) return { et: `Toetamata versioon "${fields.VK_VERSION}".`, en: `Unsupported version "${fields.VK_VERSION}".` };
  if (!verifyIpizza(fields, service, keys.shopPublicKey)) return { et: 'Kaupmehe allkiri (VK_MAC) ei klapi.', en: "The merchant's signature (VK_MAC) does not verify." };
  const amountCents = parseAmount(fields.VK_AMOUNT);
  if (amountCents === null || amountCents <= 0) return { et: `Vigane summa "${fields.VK_AMOUNT}".`, en: `Invalid amount "${fields.VK_AMOUNT}".` };
  if (fields.VK_CURR !== 'EUR') return { et: `Toetamata valuuta "${fields.VK_CURR}".`, en: `Unsupported currency "${fields.VK_CURR}".` };
  if (referenceBase(fields.VK_REF) === null) return { et: `Vigane viitenumber "${fields.VK_REF}".`, en: `Invalid reference number "${fields.VK_REF}".` };
  if (!/^https?:\/\//.test(fields.VK_RETURN) || !/^https?:\/\//.test(fields.VK_CANCEL)) return { et: 'Tagasipöördumise aadress on vigane.', en: 'The return address is invalid.' };
  const at = parseDateTime(fields.VK_DATETIME);
  if (!at) return { et: `Vigane aeg "${fields.VK_DATETIME}".`, en: `Invalid time "${fields.VK_DATETIME}".` };
  const age = now.getTime() - at.getTime();
  const tooOld = age > windowMs;
  const inFuture = age < -(pastOnly ? DEFAULT_IPIZZA_TIME_WINDOW_MS : windowMs);
  if (tooOld || inFuture) return { et: 'Makse päring on aegunud või kell ei klapi. Alusta makset uuesti.', en: 'The payment request has expired or the clocks disagree. Start the payment again.' };
  return { fields, amountCents, lang: fields.VK_LANG === 'ENG' ? 'en' : 'et' };
}

function problemPage(reply: FastifyReply, problem: Problem) {
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      page(
        'Näidispank: viga / Sandbox bank: error',
        `<h1>Makset ei saa teha <span lang="en">/ The payment cannot be made</span></h1>
    <p role="alert">${escapeHtml(problem.et)} <span lang="en">${escapeHtml(problem.en)}</span></p>`,
      ),
    );
}

function paymentPage(request: CheckedRequest, options: SandboxBankOptions): string {
  const f = request.fields;
  const merchant = f.VK_NAME ?? options.merchantName ?? f.VK_SND_ID;
  const euros = (request.amountCents / 100).toFixed(2);
  const hidden = Object.entries(f)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  return page(
    'Näidispank: makse kinnitamine / Sandbox bank: confirm the payment',
    `<h1 id="title">Näidispank <span lang="en">/ Sandbox bank</span></h1>
    <p>Arendamiseks mõeldud pank: päris raha ei liigu. <span lang="en">A bank for development: no real money moves.</span></p>
    <dl>
      <dt>Saaja <span lang="en">/ Merchant</span></dt><dd>${escapeHtml(merchant)}</dd>
      <dt>Summa <span lang="en">/ Amount</span></dt><dd>${euros.replace('.', ',')} € <span lang="en">(EUR ${euros})</span></dd>
      <dt>Selgitus <span lang="en">/ Description</span></dt><dd>${escapeHtml(f.VK_MSG)}</dd>
      <dt>Viitenumber <span lang="en">/ Reference number</span></dt><dd>${escapeHtml(f.VK_REF)}</dd>
    </dl>
    <form method="post" action="/sandbox-bank/pay/decision" aria-labelledby="title">
      ${hidden}
      <button type="submit" name="decision" value="pay">Maksa <span lang="en">/ Pay</span></button>
      <button type="submit" name="decision" value="cancel" class="secondary">Katkesta <span lang="en">/ Cancel</span></button>
    </form>`,
  );
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="et">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; background: #f3f5f8; color: #111; }
    main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px #0002; overflow-wrap: anywhere; }
    h1 { font-size: 1.4rem; color: #1d4f91; }
    dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .4rem 1rem; }
    dt { font-weight: 600; }
    dd { margin: 0; }
    button { font: inherit; padding: .6rem 1.2rem; margin: 1rem .5rem 0 0; border-radius: 6px; border: 2px solid #1d4f91; background: #1d4f91; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #1d4f91; }
    button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
    /* Phones: the card fills the screen, each label above its value, nothing wider than the screen. */
    @media (max-width: 600px) {
      body { background: #fff; }
      main { margin: 0; padding: 1rem; border-radius: 0; box-shadow: none; }
      dl { grid-template-columns: minmax(0, 1fr); gap: .1rem; }
      dd + dt { margin-top: .5rem; }
    }
  </style>
</head>
<body>
  <main>
    ${content}
  </main>
</body>
</html>
`;
}
