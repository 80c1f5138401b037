/**
 * The order summary (spec 3 "Order", "Client", "Delivery address"): what the confirmation mail, the PDF download
 * (GET /order/download/{token}) and the payment page show. Built by the orders read model from the order's events;
 * pure data, amounts in euro cents (integers), times ISO-8601 UTC.
 */
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
