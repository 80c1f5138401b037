/**
 * iPizza, the Estonian bank link ("pangalink", protocol version 008 as Swedbank, SEB, LHV, Luminor and Coop Pank
 * document it), as a {@link PaymentProvider} (spec 3 "Payment method", spec 4 "Payment page").
 *
 * Flow: `start()` returns a form the shopper's browser POSTs to the bank (service 1011, or 1012 when the shop's
 * account is not sent); the bank answers with service 1111 (paid) or 1911 (cancelled), once server-to-server
 * (`VK_AUTO=Y`) and once through the browser (`VK_AUTO=N`), both to `VK_RETURN` / `VK_CANCEL`, which are the
 * request's `returnUrl`. iPizza has no separate notification URL, so the return endpoint must accept both kinds.
 *
 * Signatures: `VK_MAC` is the base64 RSA-SHA1 signature (PKCS#1 v1.5) over the MAC fields of the service, in the
 * order {@link MAC_FIELDS} fixes, each value prefixed with its length in characters as three digits
 * (`VK_ENCODING=UTF-8`, so the bytes signed are the UTF-8 encoding of that string). The shop signs with its
 * private key; answers are verified with the bank's public key (an X.509 certificate or a PEM public key).
 *
 * Money: `VK_AMOUNT` is a decimal string of euros ("12.34"); inside the shop amounts are integer euro cents.
 *
 * Counting and trimming the way banks do: banks and the Pangalink.net emulator trim leading and
 * trailing spaces of every value before signing, so {@link macInput} trims too, and the request form carries the
 * trimmed values. Lengths are counted in characters; implementations disagree only outside the Basic Multilingual
 * Plane (Pangalink counts JavaScript string length, where an emoji counts 2; PHP's mb_strlen counts 1), so the one
 * free-text field the shop fills, VK_MSG, keeps only characters every implementation counts as one
 * ({@link ipizzaText}).
 *
 * Age of answers: the banks' specifications bound the age of the shop's *request* (VK_DATETIME, which
 * the bank checks); for the *answer* they only say VK_T_DATETIME is when the payment was made. A bank's result page
 * waits for the shopper to click back, and the server-to-server answer may never arrive (the shop was down), so the
 * browser return may be the only proof the shop ever gets. Hence: a correctly signed 1111 answer for this shop,
 * order and amount is proof of payment whatever its age. Replaying it changes nothing, because recording a payment
 * is idempotent (commands/order/record-payment.ts keys it by the bank's transaction id). Freshness
 * (IPIZZA_TIME_WINDOW_MS) only marks the answer `late` for the log.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify, X509Certificate } from 'node:crypto';
import {
  type PaymentCallback,
  PaymentCallbackRejected,
  type PaymentClaim,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStart,
  type VerifiedPayment,
} from './port.js';

export const IPIZZA_VERSION = '008';

/** The MAC fields of each service, in the order the protocol fixes (version 008). */
export const MAC_FIELDS = {
  /** Payment request with the recipient's account and name. */
  '1011': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_STAMP', 'VK_AMOUNT', 'VK_CURR', 'VK_ACC', 'VK_NAME', 'VK_REF', 'VK_MSG', 'VK_RETURN', 'VK_CANCEL', 'VK_DATETIME'],
  /** Payment request to the account the bank's contract names. */
  '1012': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_STAMP', 'VK_AMOUNT', 'VK_CURR', 'VK_REF', 'VK_MSG', 'VK_RETURN', 'VK_CANCEL', 'VK_DATETIME'],
  /** Answer: the payment was made. */
  '1111': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_T_NO', 'VK_AMOUNT', 'VK_CURR', 'VK_REC_ACC', 'VK_REC_NAME', 'VK_SND_ACC', 'VK_SND_NAME', 'VK_REF', 'VK_MSG', 'VK_T_DATETIME'],
  /** Answer: the payment was not made (cancelled by the shopper or refused). */
  '1911': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_REF', 'VK_MSG'],
} as const;

export type IpizzaService = keyof typeof MAC_FIELDS;
export type IpizzaRequestService = '1011' | '1012';
export type IpizzaAnswerService = '1111' | '1911';
/** The fields of one iPizza message (`VK_*` name to value). */
export type IpizzaFields = Record<string, string>;

/** Field length limits of version 008 (characters). */
const MAX_LENGTH: Record<string, number> = {
  VK_SND_ID: 15,
  VK_STAMP: 20,
  VK_AMOUNT: 12,
  VK_ACC: 34,
  VK_NAME: 70,
  VK_REF: 35,
  VK_MSG: 95,
  VK_RETURN: 255,
  VK_CANCEL: 255,
};

/** Default tolerance between the bank's signed time and the time a callback arrives: 5 minutes (both ways). */
export const DEFAULT_IPIZZA_TIME_WINDOW_MS = 5 * 60_000;

export const isIpizzaService = (s: string): s is IpizzaService => Object.hasOwn(MAC_FIELDS, s);

/** Length of a string in characters (Unicode code points), as the protocol counts it for `VK_ENCODING=UTF-8`. */
export const charLength = (value: string): number => {
  let n = 0;
  for (const _ of value) n++;
  return n;
};

/**
 * Free text for an iPizza field that every implementation signs alike: control characters become spaces, characters
 * outside the Basic Multilingual Plane (emoji, which JavaScript counts as 2 and PHP as 1) are dropped, runs of spaces
 * collapse, the ends are trimmed, and the result is cut to `max` characters (then trimmed again).
 */
export function ipizzaText(value: string, max: number): string {
  const cleaned = value
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\u{10000}-\u{10ffff}]/gu, '')
    .replace(/[\ud800-\udfff]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return cleaned.slice(0, max).trim();
}

/**
 * The string `VK_MAC` signs: every MAC field of `service` in protocol order as `nnn` + value, where the value is
 * trimmed of leading and trailing spaces (as banks do) and `nnn` is its length in characters, zero-padded to 3
 * digits. A missing field counts as empty (`000`).
 * @throws Error when a value is longer than 999 characters.
 */
export function macInput(fields: IpizzaFields, service: IpizzaService): string {
  return MAC_FIELDS[service]
    .map((name) => {
      const value = (fields[name] ?? '').trim();
      const length = charLength(value);
      if (length > 999) throw new Error(`iPizza field ${name} is longer than 999 characters`);
      return String(length).padStart(3, '0') + value;
    })
    .join('');
}

/** Signs the MAC fields of `service` with `privateKey`: the base64 `VK_MAC` (RSA-SHA1). */
export function signIpizza(fields: IpizzaFields, service: IpizzaService, privateKey: KeyObject): string {
  return sign('RSA-SHA1', Buffer.from(macInput(fields, service), 'utf8'), privateKey).toString('base64');
}

/** True when `fields.VK_MAC` is a valid RSA-SHA1 signature of the MAC fields of `service` under `publicKey`. */
export function verifyIpizza(fields: IpizzaFields, service: IpizzaService, publicKey: KeyObject): boolean {
  const mac = fields.VK_MAC ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(mac)) return false;
  try {
    return verify('RSA-SHA1', Buffer.from(macInput(fields, service), 'utf8'), publicKey, Buffer.from(mac, 'base64'));
  } catch {
    return false;
  }
}

/**
 * A public key from PEM text: an X.509 certificate (`-----BEGIN CERTIFICATE-----`, as banks hand them out), a
 * public key (`-----BEGIN PUBLIC KEY-----` / `RSA PUBLIC KEY`), or a private key (its public half is used).
 * @throws Error when the text holds none of these.
 */
export function loadPublicKey(pem: string | Buffer): KeyObject {
  const text = pem.toString();
  if (text.includes('-----BEGIN CERTIFICATE-----')) return new X509Certificate(text).publicKey;
  return createPublicKey(text);
}

/** A private key from PEM text (PKCS#1 or PKCS#8, optionally encrypted with `passphrase`). @throws Error when unreadable. */
export function loadPrivateKey(pem: string | Buffer, passphrase?: string): KeyObject {
  return createPrivateKey(passphrase ? { key: pem, passphrase } : pem);
}

/**
 * The Estonian reference number (viitenumber) of `base`: its digits followed by the 7-3-1 check digit (weights 7,
 * 3, 1 repeating from the rightmost digit; check = (10 - sum mod 10) mod 10), e.g. 123456 -> 1234561, 1042 -> 10427.
 * @throws Error when `base` is not 1-19 decimal digits (the whole reference may have at most 20).
 */
export function referenceNumber(base: number | string): string {
  const digits = String(base);
  if (!/^\d{1,19}$/.test(digits)) throw new Error(`reference number base must be 1-19 digits, got "${digits}"`);
  return digits + checkDigit731(digits);
}

function checkDigit731(digits: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * weights[i % 3];
  return String((10 - (sum % 10)) % 10);
}

/** The base of a reference number whose 7-3-1 check digit is right (`"10427"` -> `"1042"`), else null. */
export function referenceBase(reference: string): string | null {
  if (!/^\d{2,20}$/.test(reference)) return null;
  const base = reference.slice(0, -1);
  return checkDigit731(base) === reference.slice(-1) ? base : null;
}

/** Euro cents as the protocol's decimal string: 1234 -> "12.34". @throws Error for a negative or fractional amount. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`amount must be whole euro cents >= 0, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The protocol's decimal euro string as cents ("12.34" -> 1234, "12.3" -> 1230, "12" -> 1200, ".01" -> 1); null when malformed. */
export function parseAmount(value: string): number | null {
  const m = /^(\d{0,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m || (m[1] === '' && m[2] === undefined)) return null;
  return Number(m[1] || '0') * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** A time as the protocol writes it (ISO 8601 with a numeric offset, here UTC): `2026-11-22T08:15:00+0000`. */
export function formatDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** Parses `YYYY-MM-DDThh:mm:ss` with `+hhmm`, `+hh:mm` or `Z` (fractions allowed); null when malformed. */
export function parseDateTime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|([+-])(\d{2}):?(\d{2}))$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone, sign, oh, om] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (Number.isNaN(utc)) return null;
  const check = new Date(utc);
  if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return null;
  const offsetMs = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (+oh * 60 + +om) * 60_000;
  return new Date(utc - offsetMs);
}

/** The request fields each service must carry, and the answer fields each answer must carry. */
const REQUIRED_ANSWER_FIELDS: Record<IpizzaAnswerService, readonly string[]> = {
  '1111': [...MAC_FIELDS['1111'], 'VK_MAC'],
  '1911': [...MAC_FIELDS['1911'], 'VK_MAC'],
};
/** Answer fields that may not be empty. */
const NON_EMPTY_ANSWER_FIELDS: Record<IpizzaAnswerService, readonly string[]> = {
  '1111': ['VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_T_NO', 'VK_AMOUNT', 'VK_CURR', 'VK_REF', 'VK_T_DATETIME'],
  '1911': ['VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_REF'],
};

/**
 * The fields of a received callback as strings: the POST body (an object of form fields, or the raw urlencoded
 * string) when it carries `VK_*` fields, else the query string (some banks return by GET).
 * @throws PaymentCallbackRejected('malformed') when a field is repeated or not text.
 */
export function callbackFields(callback: PaymentCallback): IpizzaFields {
  const fromBody = toFields(callback.body);
  if (!fromBody) throw new PaymentCallbackRejected('malformed', 'iPizza callback fields are not text or are repeated');
  if (Object.keys(fromBody).some((k) => k.startsWith('VK_'))) return fromBody;
  const fromQuery = toFields(callback.query);
  if (!fromQuery) throw new PaymentCallbackRejected('malformed', 'iPizza callback fields are not text or are repeated');
  return fromQuery;
}

function toFields(value: unknown): IpizzaFields | null {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    const out: IpizzaFields = {};
    for (const [k, v] of new URLSearchParams(value)) {
      if (Object.hasOwn(out, k)) return null;
      out[k] = v;
    }
    return out;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const out: IpizzaFields = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}

/**
 * What an iPizza answer claims, unverified: the order number of VK_STAMP (else the base of VK_REF when
 * its check digit is right) and VK_AUTO=Y as server-to-server. Only tells a refused bank server call from a browser
 * and names the claimed order in the log; never throws.
 */
export function ipizzaClaim(callback: PaymentCallback): PaymentClaim {
  let fields: IpizzaFields;
  try {
    fields = callbackFields(callback);
  } catch {
    return { orderNumber: null, serverToServer: false };
  }
  const orderDigits = /^[1-9]\d{0,15}$/;
  const stamp = (fields.VK_STAMP ?? '').trim();
  const base = orderDigits.test(stamp) ? stamp : referenceBase((fields.VK_REF ?? '').trim());
  const number = base !== null && orderDigits.test(base) ? Number(base) : null;
  return { orderNumber: number !== null && Number.isSafeInteger(number) ? number : null, serverToServer: fields.VK_AUTO === 'Y' };
}

/** The keys an iPizza adapter signs and verifies with. */
export interface IpizzaKeys {
  /** The shop's private key (signs requests). */
  privateKey: KeyObject;
  /** The bank's public key (verifies answers). */
  bankPublicKey: KeyObject;
}

export interface IpizzaProviderConfig {
  /** Provider id, also the one method's id, e.g. `ipizza-swedbank`, `ipizza-sandbox`. */
  id: string;
  /** The method as listed on the payment page (spec 3 "Payment method"). */
  method: Omit<PaymentMethod, 'id' | 'providerId'>;
  /** The bank's iPizza address the browser POSTs the request form to. */
  bankUrl: string;
  /** The shop's id at the bank (`VK_SND_ID` of requests, `VK_REC_ID` of answers). */
  sndId: string;
  /** The bank's id (`VK_SND_ID` of answers); answers from another id are rejected when set. */
  bankId?: string;
  /** The shop's account (IBAN) and its owner's name: when both are set requests are 1011, else 1012. */
  account?: string;
  accountName?: string;
  /** The keys, or a function loading them once (e.g. the sandbox's key directory). */
  keys: IpizzaKeys | (() => Promise<IpizzaKeys>);
  /** Milliseconds a signed answer time may differ from the arrival time (default 5 minutes, both ways). */
  timeWindowMs?: number;
  /** The clock for request times (VK_DATETIME). */
  now?: () => Date;
}

/**
 * An iPizza bank as a payment provider with one method (`config.id`).
 *
 * `start()` -> `{ kind: 'form', action: bankUrl, fields }` with `VK_STAMP` = the order number, `VK_REF` = the order
 * number with its 7-3-1 check digit, `VK_MSG` = the description (cut to 95 characters), `VK_RETURN` = `VK_CANCEL` =
 * `request.returnUrl`, `VK_LANG` EST or ENG. @throws Error for a currency other than EUR, an amount that is not
 * positive whole cents, an order number that is not a positive integer, or a field longer than the protocol allows.
 *
 * `verify()` accepts 1111 (status paid, amount from VK_AMOUNT, transaction id VK_T_NO) and 1911 (status
 * cancelled, amountCents 0, transaction id the VK_STAMP); `serverToServer` is `VK_AUTO=Y`.
 * @throws PaymentCallbackRejected with reason
 *  - `unsigned`: no VK_MAC;
 *  - `malformed`: unknown service or version, a missing field, VK_REC_ID not our id, VK_SND_ID not the bank's id,
 *    an encoding other than UTF-8, a reference whose check digit is wrong or that differs from VK_STAMP, a
 *    malformed amount or time;
 *  - `signature`: VK_MAC does not verify under the bank's key (any signed field changed).
 * A 1111 answer is never refused for its age (module comment): `signedAt` is VK_T_DATETIME and `late`
 * says whether it is more than `timeWindowMs` before or after `receivedAt` (for the log). A 1911 answer carries no
 * signed time in version 008; replaying one can only say "cancelled", which never undoes a payment.
 */
export function createIpizzaProvider(config: IpizzaProviderConfig): PaymentProvider {
  const windowMs = config.timeWindowMs ?? DEFAULT_IPIZZA_TIME_WINDOW_MS;
  const now = config.now ?? (() => new Date());
  let keys: Promise<IpizzaKeys> | null = null;
  const getKeys = () => {
    if (!keys) {
      keys = typeof config.keys === 'function' ? config.keys() : Promise.resolve(config.keys);
      keys.catch(() => (keys = null));
    }
    return keys;
  };
  const method: PaymentMethod = { id: config.id, providerId: config.id, ...config.method };
  const useAccount = Boolean(config.account && config.accountName);

  return {
    id: config.id,
    methods: () => [method],

    async start(request: PaymentRequest): Promise<PaymentStart> {
      if (request.currency !== 'EUR') throw new Error(`iPizza takes EUR only, got ${request.currency}`);
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new Error(`amount must be positive whole euro cents, got ${request.amountCents}`);
      if (!Number.isSafeInteger(request.orderNumber) || request.orderNumber <= 0) throw new Error(`order number must be a positive integer, got ${request.orderNumber}`);
      const service: IpizzaRequestService = useAccount ? '1011' : '1012';
      const fields: IpizzaFields = {
        VK_SERVICE: service,
        VK_VERSION: IPIZZA_VERSION,
        VK_SND_ID: config.sndId,
        VK_STAMP: String(request.orderNumber),
        VK_AMOUNT: formatAmount(request.amountCents),
        VK_CURR: 'EUR',
        ...(useAccount ? { VK_ACC: config.account!, VK_NAME: config.accountName! } : {}),
        VK_REF: referenceNumber(request.orderNumber),
        VK_MSG: ipizzaText(request.description, MAX_LENGTH.VK_MSG),
        VK_RETURN: request.returnUrl,
        VK_CANCEL: request.returnUrl,
        VK_DATETIME: formatDateTime(now()),
      };
      // The form carries exactly what was signed (banks sign trimmed values).
      for (const name of Object.keys(fields)) fields[name] = fields[name].trim();
      for (const [name, max] of Object.entries(MAX_LENGTH)) {
        if (name in fields && charLength(fields[name]) > max) throw new Error(`iPizza field ${name} is longer than ${max} characters`);
      }
      const { privateKey } = await getKeys();
      fields.VK_MAC = signIpizza(fields, service, privateKey);
      fields.VK_ENCODING = 'UTF-8';
      fields.VK_LANG = request.language === 'en' ? 'ENG' : 'EST';
      return { kind: 'form', action: config.bankUrl, fields };
    },

    claim: ipizzaClaim,

    async verify(callback: PaymentCallback): Promise<VerifiedPayment> {
      const fields = callbackFields(callback);
      if (!fields.VK_MAC) throw new PaymentCallbackRejected('unsigned', 'iPizza answer has no VK_MAC');
      const service = fields.VK_SERVICE ?? '';
      if (service !== '1111' && service !== '1911') throw new PaymentCallbackRejected('malformed', `unknown iPizza answer service "${service}"`);
      const missing = REQUIRED_ANSWER_FIELDS[service].filter((f) => fields[f] === undefined);
      if (missing.length > 0) throw new PaymentCallbackRejected('malformed', `iPizza ${service} answer lacks ${missing.join(', ')}`);
      const empty = NON_EMPTY_ANSWER_FIELDS[service].filter((f) => fields[f] === '');
      if (empty.length > 0) throw new PaymentCallbackRejected('malformed', `iPizza ${service} answer has empty ${empty.join(', ')}`);

      const { bankPublicKey } = await getKeys();
      if (!verifyIpizza(fields, service, bankPublicKey)) throw new PaymentCallbackRejected('signature', `iPizza ${service} answer VK_MAC does not verify`);

      if (fields.VK_VERSION !== IPIZZA_VERSION) throw new PaymentCallbackRejected('malformed', `unsupported iPizza version "${fields.VK_VERSION}"`);
      if (fields.VK_REC_ID !== config.sndId) throw new PaymentCallbackRejected('malformed', `iPizza answer is for "${fields.VK_REC_ID}", not for us`);
      if (config.bankId && fields.VK_SND_ID !== config.bankId) throw new PaymentCallbackRejected('malformed', `iPizza answer comes from "${fields.VK_SND_ID}", not from ${config.bankId}`);
      if (fields.VK_ENCODING !== undefined && fields.VK_ENCODING.toUpperCase() !== 'UTF-8') throw new PaymentCallbackRejected('malformed', `unsupported VK_ENCODING "${fields.VK_ENCODING}"`);
      const auto = fields.VK_AUTO ?? 'N';
      if (auto !== 'Y' && auto !== 'N') throw new PaymentCallbackRejected('malformed', `VK_AUTO must be Y or N, got "${auto}"`);
      const base = referenceBase(fields.VK_REF);
      if (base === null || !/^[1-9]\d{0,15}$/.test(base)) throw new PaymentCallbackRejected('malformed', `VK_REF "${fields.VK_REF}" is not an order reference with a valid 7-3-1 check digit`);
      if (fields.VK_STAMP !== base) throw new PaymentCallbackRejected('malformed', `VK_STAMP "${fields.VK_STAMP}" does not match VK_REF "${fields.VK_REF}"`);
      const orderNumber = Number(base);

      if (service === '1911') {
        return { providerId: config.id, orderNumber, status: 'cancelled', amountCents: 0, currency: 'EUR', transactionId: fields.VK_STAMP, serverToServer: auto === 'Y' };
      }
      const amountCents = parseAmount(fields.VK_AMOUNT);
      if (amountCents === null) throw new PaymentCallbackRejected('malformed', `VK_AMOUNT "${fields.VK_AMOUNT}" is not a euro amount`);
      const paidAt = parseDateTime(fields.VK_T_DATETIME);
      if (!paidAt) throw new PaymentCallbackRejected('malformed', `VK_T_DATETIME "${fields.VK_T_DATETIME}" is not a time`);
      const skew = Math.abs(callback.receivedAt.getTime() - paidAt.getTime());
      return {
        providerId: config.id,
        orderNumber,
        status: 'paid',
        amountCents,
        currency: fields.VK_CURR,
        transactionId: fields.VK_T_NO,
        serverToServer: auto === 'Y',
        signedAt: paidAt.toISOString(),
        late: !(skew <= windowMs),
      };
    },
  };
}
