/**
 * Order documents (spec 4 "Order flags": the prepayment invoice and the invoice can be sent, and
 * resent once already sent, with their timestamps). Paths under /v1/admin/orders/{id}: POST /invoice and
 * POST /prepayment-invoice (send or resend; permission orders.edit, CSRF), GET /invoices (both kinds' state) and
 * GET /invoice.pdf?kind= (the PDF; orders.view). Imports nothing but zod. Failures: the envelope of spec 7.
 */
import { z } from 'zod';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** 'invoice' (arve) or 'prepayment' (ettemaksuarve). */
export const invoiceKindSchema = z.enum(['invoice', 'prepayment']);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

/** Path of /v1/admin/orders/{id}/...: the order id (uuid). */
export const orderDocumentParamsSchema = z.object({ id: z.string().regex(UUID) });

/**
 * Body of POST /v1/admin/orders/{id}/invoice and /prepayment-invoice (may be left out): `recipient`, one e-mail
 * address; default the order's e-mail.
 */
export const sendInvoiceBodySchema = z
  .object({ recipient: z.string().max(254).optional() })
  .strict()
  .nullish();
export type SendInvoiceBody = z.infer<typeof sendInvoiceBodySchema>;

/** One invoice of an order: number as printed, dates YYYY-MM-DD (Europe/Tallinn), times ISO-8601 UTC. */
export const orderInvoiceSchema = z.object({
  kind: invoiceKindSchema,
  /** e.g. "17" (invoice) or "EA-3" (prepayment invoice): from the gap-free series, kept on resends. */
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  /** The last request's recipient. */
  recipient: z.string(),
  /** When the last send was asked for. */
  requestedAt: z.string(),
  /** When the last mail went out; null before the first one. */
  sentAt: z.string().nullable(),
  /** True while the last request waits for its mail (a new send is refused meanwhile). */
  pending: z.boolean(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** `data` of GET /v1/admin/orders/{id}/invoices: each kind's state, null when never sent. */
export const orderInvoicesSchema = z.object({ invoice: orderInvoiceSchema.nullable(), prepayment: orderInvoiceSchema.nullable() });
export type OrderInvoices = z.infer<typeof orderInvoicesSchema>;

/** Query of GET /v1/admin/orders/{id}/invoice.pdf: the kind (default invoice) and the language (default the order's). */
export const invoicePdfQuerySchema = z.object({ kind: invoiceKindSchema.optional(), lang: z.string().max(10).optional() });
