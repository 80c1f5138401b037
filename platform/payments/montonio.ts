/**
 * Montonio (Stargate orders API, https://docs.montonio.com/api/stargate) as a {@link PaymentProvider} (
 * spec 3 "Payment method", spec 4 "Payment page"): bank payments ("paymentInitiation") with the shopper's bank
 * chosen on our payment page.
 *
 * - Start: `POST {apiUrl}/orders` with body `{ data: <JWT> }`, the JWT signed HS256 with the store's secret key and
 *   holding the order (accessKey, merchantReference, returnUrl, notificationUrl, currency, grandTotal, locale,
 *   billingAddress, lineItems, payment { method, methodOptions { preferredProvider, preferredCountry }, amount,
 *   currency }, exp); the answer's `paymentUrl` is where the browser goes.
 * - Return and webhook: Montonio sends the browser to `returnUrl?order-token=<JWT>` and POSTs `{ orderToken: <JWT> }`
 *   to `notificationUrl`; the token is verified with the secret key (jose). Its `paymentStatus` PAID -> paid,
 *   ABANDONED / VOIDED -> cancelled, anything else (PENDING, AUTHORIZED, refunds) -> pending;
 *   `merchantReference` is the order number.
 * - Refunds: Montonio POSTs `{ refundToken: <JWT> }` to the same `notificationUrl` (or the URL carries
 *   `?refund-token=`), signed like order tokens (HS256, the store's secret key) and verified the same way (unsigned,
 *   badly signed, expired, another store's: refused). Fields relied on, read from the verified token only:
 *   `refundUuid` (else `refundId`) the refund's id; `refundAmount` (else `amount`) euros as a number, this refund's
 *   amount; `refundStatus` (else `status`): SUCCESSFUL / SUCCEEDED / SUCCESS / COMPLETED / REFUNDED -> succeeded,
 *   REJECTED / FAILED / CANCELLED / VOIDED / ERROR -> failed, anything else (PENDING, ...) -> pending;
 *   `merchantReference` (else `order.merchantReference`) our order number; optional `refundType` FULL / PARTIAL and
 *   `currency` (default EUR). The first names are those the shop's brief gives for Montonio's refund webhook (Montonio's
 *   refund guide names the statuses PENDING, SUCCESSFUL, REJECTED); the variants are accepted because the payload
 *   could not be checked against a live Montonio account. Nothing unsigned (the body, the query) is read for amounts.
 * - Claims: `claim()` decodes a token's merchantReference without verifying it, only for the log of a
 *   refused return; `?error-message=` (a failed payment without a token) is the provider's error.
 *
 * Money: grandTotal and amounts are euros as JSON numbers with two decimals (Montonio's format), derived from and
 * parsed back into integer euro cents through decimal strings, never by float arithmetic on cents.
 */
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  type PaymentCallback,
  PaymentCallbackRejected,
  type PaymentClaim,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStart,
  type VerifiedPayment,
  type VerifiedRefund,
} from './port.js';

export const MONTONIO_SANDBOX_API_URL = 'https://sandbox-stargate.montonio.com/api';

/** A bank offered through Montonio's payment initiation. */
export interface MontonioBank {
  /** Our method id suffix, e.g. `swedbank-ee` -> method `montonio-swedbank-ee`. */
  key: string;
  name: string;
  /** Montonio's provider code (the bank's BIC), sent as `preferredProvider`. */
  code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  logoUrl: string;
}

/** Estonian banks offered by default. */
export const MONTONIO_EE_BANKS: readonly MontonioBank[] = [
  { key: 'swedbank-ee', name: 'Swedbank', code: 'HABAEE2X', country: 'EE', logoUrl: 'https://public.montonio.com/images/aspsps_logos/swedbank.png' },
  { key: 'seb-ee', name: 'SEB', code: 'EEUHEE2X', country: 'EE', logoUrl: 'https://public.montonio.com/images/aspsps_logos/seb.png' },
  { key: 'lhv-ee', name: 'LHV', code: 'LHVBEE22', country: 'EE', logoUrl: 'https://public.montonio.com/images/aspsps_logos/lhv.png' },
  { key: 'luminor-ee', name: 'Luminor', code: 'RIKOEE22', country: 'EE', logoUrl: 'https://public.montonio.com/images/aspsps_logos/luminor.png' },
  { key: 'coop-ee', name: 'Coop Pank', code: 'EKRDEE22', country: 'EE', logoUrl: 'https://public.montonio.com/images/aspsps_logos/coop.png' },
];

export interface MontonioConfig {
  accessKey: string;
  secretKey: string;
  /** Default {@link MONTONIO_SANDBOX_API_URL}; production is https://stargate.montonio.com/api. */
  apiUrl?: string;
  banks?: readonly MontonioBank[];
  /** Lifetime of the order JWT we send, milliseconds (default 10 minutes). */
  tokenLifetimeMs?: number;
  /** Timeout of the create-order call, milliseconds (default 10000). */
  requestTimeoutMs?: number;
  /** Clock skew tolerated when checking a received token's exp, seconds (default 30). */
  clockToleranceSeconds?: number;
  now?: () => Date;
}

export const MONTONIO_PROVIDER_ID = 'montonio';

/** Cents as Montonio's euro number with two decimals: 1234 -> 12.34. */
const toEuros = (cents: number): number => Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

/** A euro number from Montonio as cents: 12.34 -> 1234; null when not a non-negative amount of whole cents. */
export function eurosToCents(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * Montonio as a provider (id `montonio`) with one method per bank (`montonio-<bank key>`).
 *
 * `start()`: creates the Montonio order and returns `{ kind: 'redirect', url: paymentUrl }`. `merchantReference`
 * is the order number. @throws Error for an unknown method, a currency other than EUR, a non-positive amount, when
 * Montonio cannot be reached within the timeout, answers a non-2xx status (the message carries it) or no paymentUrl.
 *
 * `verify()`: the token from the webhook body `orderToken` (serverToServer true) or the return's query
 * `order-token` (false). Amount from `grandTotal`, transaction id the Montonio order `uuid`.
 * @throws PaymentCallbackRejected with reason `unsigned` (no token, or `alg: none`), `signature` (wrong secret,
 * changed token), `stale` (expired, or not yet valid, at `receivedAt`), `malformed` (not a JWT, another store's
 * accessKey, a merchantReference that is no order number, an unknown amount).
 *
 * `verifyRefund()`: the token from the webhook body `refundToken` or the query `refund-token` (module comment), as a
 * VerifiedRefund with the amount in euro cents; null when the callback carries neither (a payment: `verify()`).
 * @throws PaymentCallbackRejected as `verify()`, and `malformed` for a token without refund id, order number or a
 * positive amount.
 *
 * `claim()`: the unverified order number of the token (order or refund, body or query), `serverToServer` when the
 * body carries one, and `?error-message=` as `providerError` (cut to 300 characters). Never throws.
 */
export function createMontonioProvider(config: MontonioConfig): PaymentProvider {
  const apiUrl = (config.apiUrl ?? MONTONIO_SANDBOX_API_URL).replace(/\/+$/, '');
  const banks = config.banks ?? MONTONIO_EE_BANKS;
  const secret = new TextEncoder().encode(config.secretKey);
  const now = config.now ?? (() => new Date());
  const methods: PaymentMethod[] = banks.map((b) => ({ id: `${MONTONIO_PROVIDER_ID}-${b.key}`, providerId: MONTONIO_PROVIDER_ID, name: b.name, logo_url: b.logoUrl, country: b.country }));
  const bankOf = new Map(banks.map((b) => [`${MONTONIO_PROVIDER_ID}-${b.key}`, b]));

  return {
    id: MONTONIO_PROVIDER_ID,
    methods: () => methods,

    async start(request: PaymentRequest): Promise<PaymentStart> {
      const bank = bankOf.get(request.methodId);
      if (!bank) throw new Error(`Montonio offers no method "${request.methodId}"`);
      if (request.currency !== 'EUR') throw new Error(`Montonio bank payments here take EUR only, got ${request.currency}`);
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new Error(`amount must be positive whole euro cents, got ${request.amountCents}`);
      const total = toEuros(request.amountCents);
      const lineItems = request.lineItems?.length
        ? request.lineItems.map((l) => ({ name: l.name, quantity: l.quantity, finalPrice: toEuros(l.unitPriceCents) }))
        : [{ name: request.description, quantity: 1, finalPrice: total }];
      const issuedAt = now();
      const payload = {
        accessKey: config.accessKey,
        merchantReference: String(request.orderNumber),
        returnUrl: request.returnUrl,
        notificationUrl: request.notificationUrl,
        currency: request.currency,
        grandTotal: total,
        locale: request.language,
        billingAddress: { ...request.billing, email: request.customerEmail },
        lineItems,
        payment: { method: 'paymentInitiation', methodOptions: { preferredProvider: bank.code, preferredCountry: bank.country }, amount: total, currency: request.currency },
      };
      const token = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor((issuedAt.getTime() + (config.tokenLifetimeMs ?? 10 * 60_000)) / 1000))
        .sign(secret);
      const response = await fetch(`${apiUrl}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ data: token }),
        signal: AbortSignal.timeout(config.requestTimeoutMs ?? 10_000),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`Montonio refused the order (HTTP ${response.status}): ${text.slice(0, 300)}`);
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new Error('Montonio answered no JSON');
      }
      const url = (answer as { paymentUrl?: unknown }).paymentUrl;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('Montonio answered no paymentUrl');
      return { kind: 'redirect', url };
    },

    async verify(callback: PaymentCallback): Promise<VerifiedPayment> {
      const fromBody = bodyField(callback.body, 'orderToken');
      const fromQuery = callback.query['order-token'];
      const token = fromBody !== undefined && fromBody !== '' ? fromBody : fromQuery;
      const serverToServer = token === fromBody;
      if (typeof token !== 'string' || token === '') throw new PaymentCallbackRejected('unsigned', 'Montonio callback carries no order token');
      const claims = await verifiedClaims(token, 'order', callback.receivedAt);
      const orderNumber = orderNumberOf(claims.merchantReference);
      if (orderNumber === null) throw new PaymentCallbackRejected('malformed', `merchantReference "${String(claims.merchantReference)}" is not an order number`);
      const amountCents = eurosToCents(claims.grandTotal);
      if (amountCents === null) throw new PaymentCallbackRejected('malformed', `grandTotal "${String(claims.grandTotal)}" is not an amount`);
      const providerStatus = String(claims.paymentStatus ?? '');
      const status = providerStatus === 'PAID' ? 'paid' : providerStatus === 'ABANDONED' || providerStatus === 'VOIDED' ? 'cancelled' : 'pending';
      return {
        providerId: MONTONIO_PROVIDER_ID,
        orderNumber,
        status,
        amountCents,
        currency: typeof claims.currency === 'string' ? claims.currency : 'EUR',
        transactionId: typeof claims.uuid === 'string' ? claims.uuid : '',
        serverToServer,
        providerStatus,
      };
    },

    claim(callback: PaymentCallback): PaymentClaim {
      const fromBody = bodyField(callback.body, 'orderToken') ?? bodyField(callback.body, 'refundToken');
      const token = fromBody || callback.query['order-token'] || callback.query['refund-token'];
      let orderNumber: number | null = null;
      if (token) {
        try {
          orderNumber = orderNumberOf(decodeJwt(token).merchantReference);
        } catch {
          orderNumber = null;
        }
      }
      const providerError = callback.query['error-message'];
      return { orderNumber, serverToServer: fromBody !== undefined, ...(providerError ? { providerError: providerError.slice(0, 300) } : {}) };
    },

    async verifyRefund(callback: PaymentCallback): Promise<VerifiedRefund | null> {
      const fromBody = bodyField(callback.body, 'refundToken');
      const token = fromBody ?? callback.query['refund-token'];
      if (token === undefined) return null;
      if (token === '') throw new PaymentCallbackRejected('unsigned', 'Montonio refund notification carries an empty refund token');
      const claims = await verifiedClaims(token, 'refund', callback.receivedAt);
      const orderNumber = orderNumberOf(claims.merchantReference ?? (claims.order as { merchantReference?: unknown } | undefined)?.merchantReference);
      if (orderNumber === null) throw new PaymentCallbackRejected('malformed', `refund merchantReference "${String(claims.merchantReference)}" is not an order number`);
      const refundId = firstString(claims.refundUuid, claims.refundId);
      if (!refundId) throw new PaymentCallbackRejected('malformed', 'Montonio refund token names no refundUuid');
      const amountCents = eurosToCents(claims.refundAmount ?? claims.amount);
      if (amountCents === null || amountCents <= 0) throw new PaymentCallbackRejected('malformed', `refundAmount "${String(claims.refundAmount ?? claims.amount)}" is not a positive amount`);
      const providerStatus = String(claims.refundStatus ?? claims.status ?? '').toUpperCase();
      const status = REFUND_SUCCEEDED.has(providerStatus) ? 'succeeded' : REFUND_FAILED.has(providerStatus) ? 'failed' : 'pending';
      const type = String(claims.refundType ?? '').toUpperCase();
      return {
        kind: 'refund',
        providerId: MONTONIO_PROVIDER_ID,
        orderNumber,
        refundId,
        amountCents,
        currency: typeof claims.currency === 'string' ? claims.currency : 'EUR',
        status,
        ...(type === 'FULL' ? { refundType: 'full' as const } : type === 'PARTIAL' ? { refundType: 'partial' as const } : {}),
        providerStatus,
      };
    },
  };

  /**
   * The claims of a Montonio token (`what`: order or refund, for the messages) after checking it is signed HS256 with
   * the store's secret key, unexpired at `receivedAt` and not of another store (accessKey, when present).
   * @throws PaymentCallbackRejected unsigned, signature, stale or malformed
   */
  async function verifiedClaims(token: string, what: 'order' | 'refund', receivedAt: Date): Promise<Record<string, unknown>> {
    let alg: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw new PaymentCallbackRejected('malformed', `Montonio ${what} token is not a JWT`);
    }
    if (alg === 'none' || token.split('.')[2] === '') throw new PaymentCallbackRejected('unsigned', `Montonio ${what} token is unsigned`);
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: receivedAt, clockTolerance: config.clockToleranceSeconds ?? 30 }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new PaymentCallbackRejected('stale', `Montonio ${what} token has expired`);
      if (error instanceof joseErrors.JWTClaimValidationFailed) throw new PaymentCallbackRejected('stale', `Montonio ${what} token is not valid now: ${error.message}`);
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw new PaymentCallbackRejected('signature', `Montonio ${what} token signature does not verify`);
      if (error instanceof joseErrors.JOSEAlgNotAllowed) throw new PaymentCallbackRejected('signature', `Montonio ${what} token uses algorithm ${String(alg)}, not HS256`);
      throw new PaymentCallbackRejected('malformed', `Montonio ${what} token is malformed: ${(error as Error).message}`);
    }
    if (claims.accessKey !== undefined && claims.accessKey !== config.accessKey) throw new PaymentCallbackRejected('malformed', `Montonio ${what} token belongs to another store`);
    return claims;
  }
}

/** Montonio refund statuses that mean the money went back, and those that mean it never will. */
const REFUND_SUCCEEDED = new Set(['SUCCESSFUL', 'SUCCEEDED', 'SUCCESS', 'COMPLETED', 'REFUNDED']);
const REFUND_FAILED = new Set(['REJECTED', 'FAILED', 'CANCELLED', 'CANCELED', 'VOIDED', 'ERROR']);

/** A string field of a JSON (or form) body, undefined when absent or not a string. */
function bodyField(body: unknown, name: string): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

const firstString = (...values: unknown[]): string | undefined => values.find((v): v is string => typeof v === 'string' && v !== '');

/** The order number of a merchantReference ("1042", or "1042-2" for a retried attempt), null when it is none. */
function orderNumberOf(reference: unknown): number | null {
  const m = typeof reference === 'string' ? /^([1-9]\d{0,15})(?:-.*)?$/.exec(reference) : null;
  return m && Number.isSafeInteger(Number(m[1])) ? Number(m[1]) : null;
}
