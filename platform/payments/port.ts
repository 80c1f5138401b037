/**
 * The payment port (spec 3 "Payment method", spec 7 payment calls): every online payment provider
 * (Montonio, the Estonian bank link iPizza, the local sandbox bank) sits behind this one interface, so the order
 * flow never knows which protocol a method speaks.
 *
 * Amounts are euro cents (integers). Times are ISO-8601 UTC strings.
 */

/** One way to pay, as listed on /payment/{token} (spec 3 "Payment method": name, logo_url, url, country). */
export interface PaymentMethod {
  /** Stable id, unique over all providers, e.g. `ipizza-sandbox`, `montonio-swedbank-ee`. */
  id: string;
  /** The provider (adapter) that handles it, e.g. `ipizza-sandbox`, `montonio`. */
  providerId: string;
  name: string;
  logo_url: string;
  /** ISO 3166-1 alpha-2 country the method belongs to, or null for any. */
  country: string | null;
}

/** What the shop asks a provider to collect. */
export interface PaymentRequest {
  methodId: string;
  orderId: string;
  /** The shop's order number (spec 3 Order.number); the merchant reference shown by the bank. */
  orderNumber: number;
  publicToken: string;
  amountCents: number;
  currency: 'EUR';
  /** Shown on the bank statement, e.g. "Order 1042". */
  description: string;
  language: 'et' | 'en';
  customerEmail: string;
  /** Absolute URL the shopper's browser returns to (GET or POST, provider-specific). */
  returnUrl: string;
  /** Absolute URL the provider calls server-to-server (webhook / VK_AUTO=Y). */
  notificationUrl: string;
  /** Unique per attempt (the PaymentStarted event id): makes a retried provider call create no second payment. */
  attemptId: string;
  /** Optional payer details some providers show or require (Montonio billingAddress); the email is customerEmail. */
  billing?: { firstName?: string; lastName?: string; phoneNumber?: string; addressLine1?: string; locality?: string; postalCode?: string; country?: string };
  /** Optional order rows (Montonio lineItems); unitPriceCents is the gross price of one unit in euro cents. */
  lineItems?: { name: string; quantity: number; unitPriceCents: number }[];
}

/** How the browser is sent to the provider: a plain redirect, or a form to POST (iPizza). */
export type PaymentStart =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string> };

/** A return or notification request exactly as received (before any trust). */
export interface PaymentCallback {
  httpMethod: 'GET' | 'POST';
  query: Record<string, string>;
  /** urlencoded form fields or parsed JSON body. */
  body: unknown;
  /** Time the request arrived (staleness check). */
  receivedAt: Date;
}

/** A callback whose signature was verified. */
export interface VerifiedPayment {
  providerId: string;
  orderNumber: number;
  /** paid: money collected; cancelled: the shopper gave up or the bank refused; pending: no final answer yet. */
  status: 'paid' | 'cancelled' | 'pending';
  amountCents: number;
  currency: string;
  /** The provider's transaction / payment id (VK_T_NO, Montonio uuid). */
  transactionId: string;
  /** True when the provider called the server itself (VK_AUTO=Y, webhook), false when it is the browser return. */
  serverToServer: boolean;
  /** The provider's own status word when it has one (Montonio paymentStatus: PAID, PENDING, REFUNDED, ...). */
  providerStatus?: string;
  /** The time the provider signed the payment (iPizza VK_T_DATETIME), ISO-8601 UTC, when the answer carries one. */
  signedAt?: string;
  /**
   * True when the signed time is further from the arrival than the provider's window (iPizza: IPIZZA_TIME_WINDOW_MS).
   * Only logged and shown: a correctly signed answer is proof of payment whatever its age.
   */
  late?: boolean;
}

/**
 * Why a callback was refused. `stale` is for answers whose age decides something (a signed "cancelled" or pending
 * status replayed long after); a signed payment is never refused for its age.
 */
export type PaymentRejection = 'unsigned' | 'signature' | 'stale' | 'malformed' | 'unknown_method';

/** A callback that must change nothing (answered 4xx and logged). */
export class PaymentCallbackRejected extends Error {
  constructor(
    readonly reason: PaymentRejection,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentCallbackRejected';
  }
}

/**
 * What a callback says about itself before any trust: whether a refused callback goes to a server
 * (JSON) or a browser (a redirect), and for the log which order it claims. Never a reason to change anything, and
 * never to choose the page a browser lands on: the order page of a claimed number would hand out that order's public
 * token to whoever sends an unsigned answer naming it.
 */
export interface PaymentClaim {
  /** The order number the callback names (iPizza VK_STAMP / VK_REF, Montonio merchantReference), null when none. */
  orderNumber: number | null;
  /** True when the provider's server sent it (iPizza VK_AUTO=Y, a webhook body), false for a browser. */
  serverToServer: boolean;
  /** The provider's own failure text when the browser came back with one (Montonio `?error-message=`). */
  providerError?: string;
}

/**
 * A verified refund notification (Montonio `refundToken`). Amounts come from the signed token only.
 * `status`: succeeded (the money went back to the shopper), pending (not yet), failed (refused or rejected).
 */
export interface VerifiedRefund {
  kind: 'refund';
  providerId: string;
  /** The shop's order number the refund belongs to (the merchant reference). */
  orderNumber: number;
  /** The provider's refund id (Montonio refundUuid): a refund is recorded once per id. */
  refundId: string;
  /** The amount of this refund, euro cents (integer, > 0). */
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  /** FULL or PARTIAL as the provider says, when it says. */
  refundType?: 'full' | 'partial';
  /** The provider's own status word (Montonio refundStatus: SUCCESSFUL, PENDING, REJECTED, ...). */
  providerStatus: string;
}

/** One provider adapter. */
export interface PaymentProvider {
  readonly id: string;
  /** The methods this provider offers (possibly none when it is not configured). */
  methods(): PaymentMethod[];
  /** Starts a payment. @throws Error when the provider cannot be reached or refuses (the caller may retry). */
  start(request: PaymentRequest): Promise<PaymentStart>;
  /** Verifies a return or notification. @throws PaymentCallbackRejected for anything not provably from the provider. */
  verify(callback: PaymentCallback): Promise<VerifiedPayment>;
  /**
   * Parses what an unverified callback claims (order number, server or browser, the provider's error text), trusting
   * none of it.
   * Never throws; absent for providers whose refused returns cannot name an order.
   */
  claim?(callback: PaymentCallback): PaymentClaim;
  /**
   * Verifies a refund notification; resolves null when the callback is no refund notification (then
   * it is a payment: `verify`). Absent for providers that send no refund notifications (iPizza, the sandbox).
   * @throws PaymentCallbackRejected for a refund notification not provably from the provider.
   */
  verifyRefund?(callback: PaymentCallback): Promise<VerifiedRefund | null>;
}

/** All configured providers. */
export interface PaymentProviders {
  methods(): PaymentMethod[];
  /** @returns undefined for an unknown id. */
  provider(providerId: string): PaymentProvider | undefined;
  /** The provider of a method id; undefined for an unknown method. */
  providerOfMethod(methodId: string): PaymentProvider | undefined;
}
