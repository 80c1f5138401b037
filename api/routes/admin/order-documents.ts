/**
 * Order documents (spec 4 "Order flags"), under /v1/admin:
 * - POST /orders/{id}/invoice, POST /orders/{id}/prepayment-invoice (orders.edit, CSRF): send, or resend once sent,
 *   the invoice or the prepayment invoice by mail (commands/order/request-invoice-send.ts: the number from the
 *   gap-free series, kept on resends; the invoice-mail worker sends it once and records InvoiceSent). Body optional:
 *   `{recipient}`, default the order's e-mail. Answers 202 the invoice's state (number, dates, requestedAt, sentAt of
 *   the last mail, pending).
 * - GET /orders/{id}/invoices (orders.view): both kinds' state.
 * - GET /orders/{id}/invoice.pdf?kind=invoice|prepayment (orders.view): the PDF as it is mailed (the order as it
 *   stands, the recorded number and dates), in the order's language unless `lang` says otherwise.
 * Failures: 400 request.invalid / invoice.recipient_invalid, 401, 403, 404 order.not_found / invoice.not_requested,
 * 409 invoice.send_pending / invoice.number_mismatch / invoice.client_forgotten (the order's client was forgotten: no
 * more mails; its PDF prints no personal data); in the request's language. Events carry the staff user id.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadOrderState, requestInvoiceSend } from '../../../commands/order/request-invoice-send.js';
import { type InvoiceOrder, invoiceSellerFromFields } from '../../../domain/order/invoice-document.js';
import type { InvoiceKind, OrderInvoiceState } from '../../../domain/order/invoicing.js';
import { parseEmailAddress } from '../../../domain/shared/email.js';
import { invoicePdfFileName, renderInvoicePdf } from '../../../projections/orders/invoice-pdf.js';
import { adminOrderForgotten } from '../../../projections/admin-orders/queries.js';
import { invoiceOrderFromStream } from '../../../projections/orders/order-from-stream.js';
import { getSiteContent } from '../../../projections/site/queries.js';
import {
  invoicePdfQuerySchema,
  type OrderInvoice,
  orderDocumentParamsSchema,
  orderInvoiceSchema,
  orderInvoicesSchema,
  sendInvoiceBodySchema,
} from '../../contracts/admin-order-documents.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { staffCsrf } from '../../plugins/staff-guard.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

/**
 * The invoice's order without the personal data of a forgotten client (GDPR erasure, 'forget this client'): OrderPlaced
 * keeps them in the clear in the order stream, so the PDF must not print them once the client was forgotten.
 */
const withoutClient = (order: InvoiceOrder): InvoiceOrder => ({
  ...order,
  client: { ...order.client, firstName: '', lastName: '', businessName: '', email: '', phone: '', vatRegNr: '' },
  shortContactAddress: '',
  delivery: { ...order.delivery, address: order.delivery.address ? { street: '', apartment: '', city: '', state: '', areaCode: '', country: '' } : null },
});

const view = (kind: InvoiceKind, s: OrderInvoiceState): OrderInvoice => ({
  kind,
  number: s.number,
  issueDate: s.issueDate,
  dueDate: s.dueDate,
  recipient: s.recipient,
  requestedAt: s.requestedAt,
  sentAt: s.sentAt,
  pending: s.pendingRequestId !== null,
});

export async function adminOrderDocumentRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const sendRoute = (path: string, kind: InvoiceKind, summary: string) =>
    r.post(
      path,
      {
        schema: {
          summary,
          tags: ['admin'],
          params: orderDocumentParamsSchema,
          querystring: langQuerySchema,
          body: sendInvoiceBodySchema,
          response: { 202: envelopeSchema(orderInvoiceSchema), ...failures },
        },
        config: { permission: 'orders.edit' },
        onRequest: staffCsrf(app),
      },
      async (request, reply) => {
        const raw = request.body?.recipient;
        let recipient: string | undefined;
        if (raw !== undefined && raw.trim() !== '') {
          recipient = parseEmailAddress(raw) ?? undefined;
          if (!recipient) throw new ApiError('invoice.recipient_invalid', 400, 'recipient');
        }
        // A forgotten client's order (its e-mail is still in OrderPlaced): no mail to them, no e-mail in a new event.
        if (await adminOrderForgotten(deps.db as never, request.params.id.toLowerCase())) throw new ApiError('invoice.client_forgotten', 409);
        const state = await requestInvoiceSend(deps.store, { orderId: request.params.id, kind, recipient }, request.commandContext());
        reply.status(202);
        return success(view(kind, state));
      },
    );
  sendRoute('/orders/:id/invoice', 'invoice', 'Send or resend the invoice by mail (spec 4 "Order flags")');
  sendRoute('/orders/:id/prepayment-invoice', 'prepayment', 'Send or resend the prepayment invoice by mail (spec 4 "Order flags")');

  r.get(
    '/orders/:id/invoices',
    {
      schema: { summary: "The order's invoice and prepayment invoice: number, dates, sent", tags: ['admin'], params: orderDocumentParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(orderInvoicesSchema), ...failures } },
      config: { permission: 'orders.view' },
    },
    async (request) => {
      const state = await loadOrderState(deps.store, request.params.id);
      if (state.status === 'empty') throw new ApiError('order.not_found', 404);
      const { invoice, prepayment } = state.invoices;
      return success({ invoice: invoice && view('invoice', invoice), prepayment: prepayment && view('prepayment', prepayment) });
    },
  );

  r.get(
    '/orders/:id/invoice.pdf',
    {
      schema: {
        summary: 'The invoice (or with kind=prepayment the prepayment invoice) as a PDF',
        tags: ['admin'],
        params: orderDocumentParamsSchema,
        querystring: invoicePdfQuerySchema,
        response: { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.any().describe('binary') } } }, ...failures },
      },
      config: { permission: 'orders.view' },
    },
    async (request, reply) => {
      const kind = request.query.kind ?? 'invoice';
      const state = await loadOrderState(deps.store, request.params.id);
      if (state.status === 'empty') throw new ApiError('order.not_found', 404);
      const invoice = state.invoices[kind];
      if (!invoice) throw new ApiError('invoice.not_requested', 404);
      const [stored, forgotten] = await Promise.all([invoiceOrderFromStream(deps.store, request.params.id), adminOrderForgotten(deps.db as never, request.params.id.toLowerCase())]);
      if (!stored) throw new ApiError('order.not_found', 404);
      const summary = forgotten ? withoutClient(stored) : stored;
      const lang = request.query.lang;
      const language = lang ? (lang.toLowerCase().startsWith('en') ? 'en-US' : 'et') : summary.language;
      const { fields } = await getSiteContent(deps.db);
      const facts = { kind, number: invoice.number, issueDate: invoice.issueDate, dueDate: invoice.dueDate };
      const pdf = await renderInvoicePdf(summary, facts, language, { seller: invoiceSellerFromFields(fields, language) });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoicePdfFileName(facts, language)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
