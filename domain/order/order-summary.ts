/**
 * The order summary (spec 3 "Order", "Client", "Delivery address"): what the confirmation mail, the PDF download
 * (GET /order/download/{token}) and the payment page show. Built by the orders read model from the order's events;
 * pure data, amounts in euro cents (integers), times ISO-8601 UTC.
 */
/** Whether money of a paid order went back to the shopper. */
export type OrderRefundStatus = 'none' | 'partially_refunded' | 'refunded';

/** One recorded refund: the provider's refund id, the amount in euro cents, when the shop recorded it (ISO-8601 UTC). */
export interface OrderRefundEntry {
  refundId: string;
  providerId: string;
  amountCents: number;
  at: string;
}

/** The refund fields of an order nothing was refunded from (a new object each call). */
export const noRefunds = (): Pick<OrderSummary, 'refundedCents' | 'refundStatus' | 'refunds'> => ({ refundedCents: 0, refundStatus: 'none', refunds: [] });

export interface OrderSummary {
  orderId: string;
  /** Assigned on saving (spec 3 Order.number). */
  number: number;
  /** Unguessable token of /payment/{token} and /order/download/{token}. */
  publicToken: string;
  placedAt: string;
  /** The shopper's language when ordering: mail and PDF use it. */
  language: 'et' | 'en-US';
  isPaid: boolean;
  paidAt: string | null;
  /** Euro cents refunded so far (the provider's verified refunds); 0 when none. */
  refundedCents: number;
  /** none; partially_refunded (some of the total paid went back); refunded (all of it). */
  refundStatus: OrderRefundStatus;
  /** The refunds in the order they were recorded (the order's history of money going back), amounts in euro cents. */
  refunds: OrderRefundEntry[];
  client: {
    type: 'private' | 'business';
    firstName: string;
    lastName: string;
    businessName: string;
    email: string;
    phone: string;
    vatRegNr: string;
  };
  /** Business clients' short contact address (spec 5), else ''. */
  shortContactAddress: string;
  comment: string;
  delivery: {
    providerId: string;
    /** In the order's language. */
    providerName: string;
    /** The parcel machine / post office id, or null for a courier. */
    optionId: string | null;
    optionName: string | null;
    address: { street: string; apartment: string; city: string; state: string; areaCode: string; country: string } | null;
  };
  rows: Array<{
    productId: string;
    code: string;
    /** In the order's language. */
    name: string;
    quantity: number;
    unit: string;
    /** Gross when vatIncluded, else net. */
    unitPriceCents: number;
    lineTotalCents: number;
  }>;
  /** Spec 5 VAT rule: VAT number under 2 characters or starting with EE -> included. */
  vatIncluded: boolean;
  vatRatePercent: number;
  netTotalCents: number;
  vatCents: number;
  /** What the client pays. */
  totalCents: number;
}
