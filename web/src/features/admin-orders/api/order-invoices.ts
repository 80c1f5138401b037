/**
 * The order's documents (order documents; spec 4: the prepayment invoice and the invoice can be sent, and resent
 * once already sent, with their timestamps; api/contracts/admin-order-documents.ts):
 * - GET /v1/admin/orders/{id}/invoices (orders.view): each kind's number, recipient, when last asked for and when the
 *   last mail went out (`sentAt`), `pending` while the mail waits; null for a kind never sent;
 * - POST /v1/admin/orders/{id}/invoice and /prepayment-invoice (orders.edit, CSRF): send or resend to the order's
 *   e-mail (the mail goes out through a worker job; the state turns `pending`, then `sentAt` is set);
 * - the PDF link GET /v1/admin/orders/{id}/invoice.pdf?kind=invoice|prepayment (`invoicePdfUrl`).
 * While a kind is pending the state is fetched again every 2 s, so 'Sent at' shows when the mail has gone.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceKind, OrderInvoices } from '../../../../../api/contracts/admin-order-documents';
import { staffGet, staffPost } from '../../../lib/staff/session-expiry';
import { ORDERS_KEY } from './get-orders';
import { orderKey } from './get-order';

export const invoicesKey = (id: string) => [...ORDERS_KEY, 'invoices', id] as const;

/** How often a pending send is looked at again, in milliseconds. */
export const PENDING_REFRESH_MS = 2000;

export async function getInvoices(id: string, signal?: AbortSignal): Promise<OrderInvoices> {
  return (await staffGet<{ data: OrderInvoices }>(`/v1/admin/orders/${encodeURIComponent(id)}/invoices`, signal)).body.data;
}

export function useInvoices(id: string) {
  return useQuery({
    queryKey: invoicesKey(id),
    queryFn: ({ signal }) => getInvoices(id, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && (query.state.data.invoice?.pending || query.state.data.prepayment?.pending) ? PENDING_REFRESH_MS : false),
  });
}

/** The path of the kind's PDF (opened in a new tab; the staff session cookie authorises it). */
export const invoicePdfUrl = (id: string, kind: InvoiceKind, lang?: string) =>
  `/v1/admin/orders/${encodeURIComponent(id)}/invoice.pdf?kind=${kind}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;

export async function sendInvoice(id: string, kind: InvoiceKind): Promise<unknown> {
  return (await staffPost<{ data: unknown }>(`/v1/admin/orders/${encodeURIComponent(id)}/${kind === 'invoice' ? 'invoice' : 'prepayment-invoice'}`, {})).body.data;
}

export function useSendInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: InvoiceKind) => sendInvoice(id, kind),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'history', `order-${id}`] });
      return queryClient.invalidateQueries({ queryKey: invoicesKey(id) });
    },
  });
}
