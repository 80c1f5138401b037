/**
 * The admin orders read model's pure mapping (staff order editing; conventions 5): the Order events of one stream to
 * the order as OrderEdit shows it (spec 2 OrderEdit and the order client info block; spec 3 "Order", "Client",
 * "Delivery address"; spec 4 flags), and that view to its OrderList row. No I/O.
 *
 * The same fold serves GET /v1/admin/orders/{id} straight from the order stream (so the `version` it shows is the
 * stream's, exact for the edit's 409), and the read model's rows for the list. Money in euro cents (integers), times
 * ISO-8601 UTC.
 */
import { parseOrderEvent } from '../../domain/order/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';

/** One row of the order (a catalog product when `productId` is set, else a service row). */
export interface AdminOrderRowView {
  productId: string | null;
  code: string;
  name: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** The order as OrderEdit shows it (api/contracts/admin-orders.ts adminOrderSchema). */
export interface AdminOrderView {
  id: string;
  number: number;
  publicToken: string;
  placedAt: string;
  language: 'et' | 'en-US';
  client: { type: 'private' | 'business'; firstName: string; lastName: string; businessName: string; email: string; phone: string; vatRegNr: string };
  shortContactAddress: string;
  userComment: string;
  delivery: {
    providerId: string;
    providerName: string;
    optionId: string | null;
    optionName: string | null;
    address: { street: string; apartment: string; city: string; state: string; areaCode: string; country: string } | null;
  };
  payments: { attempt: number; methodId: string; providerId: string; startedAt: string }[];
  paid: boolean;
  paidAt: string | null;
  filled: boolean;
  filledAt: string | null;
  rows: AdminOrderRowView[];
  discountCents: number;
  serviceFeeCents: number;
  vatIncluded: boolean;
  vatRatePercent: number;
  netTotalCents: number;
  vatCents: number;
  totalCents: number;
  employeeComment: string;
  invoiceComment: string;
  prepaymentInvoiceSentAt: string | null;
  invoiceSentAt: string | null;
  reservations: { productId: string; quantity: number }[];
  /** The order stream's version (position of its last event). */
  version: number;
  /** The staff user id of the last change (null: the shopper or the system) and its time. */
  changedBy: string | null;
  changedAt: string;
}

/** Applies one Order event (events at or below the view's version change nothing; null before OrderPlaced). */
export function evolveAdminOrder(view: AdminOrderView | null, event: RecordedEvent): AdminOrderView | null {
  const position = Number(event.streamPosition);
  if (view && position <= view.version) return view;
  const e = parseOrderEvent(event);
  const metadata = (event.metadata ?? {}) as { userId?: unknown; time?: unknown };
  const changedBy = typeof metadata.userId === 'string' && metadata.userId ? metadata.userId : null;
  const changedAt = typeof metadata.time === 'string' ? metadata.time : (view?.changedAt ?? new Date(0).toISOString());
  if (e.type === 'OrderPlaced') {
    const d = e.data;
    return {
      id: d.orderId, number: d.number, publicToken: d.publicToken, placedAt: d.placedAt, language: d.language, client: { ...d.client },
      shortContactAddress: d.shortContactAddress, userComment: d.comment, delivery: { ...d.delivery, address: d.delivery.address ? { ...d.delivery.address } : null },
      payments: [], paid: false, paidAt: null, filled: false, filledAt: null, rows: d.rows.map((r) => ({ ...r })), discountCents: 0, serviceFeeCents: 0,
      vatIncluded: d.vatIncluded, vatRatePercent: d.vatRatePercent, netTotalCents: d.netTotalCents, vatCents: d.vatCents, totalCents: d.totalCents,
      employeeComment: '', invoiceComment: '', prepaymentInvoiceSentAt: null, invoiceSentAt: null, reservations: d.reservations.map((r) => ({ ...r })),
      version: position, changedBy, changedAt,
    };
  }
  if (!view) return null;
  const next: AdminOrderView = { ...view, version: position, changedBy, changedAt };
  switch (e.type) {
    case 'PaymentStarted':
      return { ...next, payments: [...view.payments, { attempt: e.data.attempt, methodId: e.data.methodId, providerId: e.data.providerId, startedAt: changedAt }] };
    case 'OrderPaid':
      return { ...next, paid: true, paidAt: e.data.paidAt };
    case 'OrderMarkedPaid':
      return { ...next, paid: true, paidAt: e.data.at };
    case 'OrderMarkedUnpaid':
      return { ...next, paid: false, paidAt: null };
    case 'OrderFilled':
      return { ...next, filled: true, filledAt: e.data.at, reservations: [] };
    case 'OrderUnfilled':
      return { ...next, filled: false, filledAt: null, reservations: e.data.returned.map((r) => ({ ...r })) };
    case 'OrderReservationExpired':
      return { ...next, reservations: [] };
    case 'OrderReservedAgain':
      return { ...next, reservations: e.data.reservations.map((r) => ({ ...r })) };
    case 'OrderRowsEdited': {
      const d = e.data;
      return {
        ...next, rows: d.rows.map((r) => ({ ...r })), discountCents: d.discountCents, serviceFeeCents: d.serviceFeeCents, vatIncluded: d.vatIncluded,
        vatRatePercent: d.vatRatePercent, netTotalCents: d.netTotalCents, vatCents: d.vatCents, totalCents: d.totalCents, reservations: d.reservations.map((r) => ({ ...r })),
      };
    }
    case 'OrderCommentsChanged':
      return { ...next, employeeComment: e.data.employeeComment, invoiceComment: e.data.invoiceComment };
    case 'InvoiceSent':
      return e.data.kind === 'invoice' ? { ...next, invoiceSentAt: e.data.sentAt } : { ...next, prepaymentInvoiceSentAt: e.data.sentAt };
    default:
      // PaymentCancelled, OrderRefunded, InvoiceSendRequested, OrderEditStarted, OrderEditAbandoned: the version moves.
      return next;
  }
}

/**
 * 'Forget this client' (GDPR erasure; ClientForgotten names the client's orders): the order keeps no
 * personal data: the client's names, e-mail, phone, VAT number, the delivery address, the business contact address
 * and the shopper's comment are blanked (the customer type, the rows and the money stay).
 */
export function forgetClientOf(view: AdminOrderView): AdminOrderView {
  return {
    ...view,
    client: { type: view.client.type, firstName: '', lastName: '', businessName: '', email: '', phone: '', vatRegNr: '' },
    shortContactAddress: '',
    userComment: '',
    delivery: { ...view.delivery, address: view.delivery.address ? { street: '', apartment: '', city: '', state: '', areaCode: '', country: '' } : null },
  };
}

/** Folds a whole order stream (null when it holds no OrderPlaced). */
export function adminOrderOf(events: readonly RecordedEvent[]): AdminOrderView | null {
  return events.reduce<AdminOrderView | null>((view, e) => evolveAdminOrder(view, e), null);
}

/** OrderList's client column: the business name of a business client, else first and last name. */
export function clientNameOf(client: AdminOrderView['client']): string {
  if (client.type === 'business' && client.businessName.trim()) return client.businessName.trim();
  return `${client.firstName} ${client.lastName}`.trim();
}

/**
 * The text OrderList's search looks in (lower case): the number, the names, the business name, the e-mail, the phone
 * as typed and as digits only.
 */
export function searchTextOf(view: AdminOrderView): string {
  const c = view.client;
  return [String(view.number), c.firstName, c.lastName, c.businessName, c.email, c.phone, c.phone.replace(/\D/g, '')].join(' ').toLowerCase().replace(/\s+/g, ' ').trim();
}
