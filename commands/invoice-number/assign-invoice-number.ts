/**
 * AssignInvoiceNumber (domain/invoice-number): hands the next number of a series to an order. Reads only the tail of
 * the series stream (the last RECENT_ASSIGNMENTS events, backwards: the version is the last sequence), decides, and
 * appends with that version expected; another writer that appended first makes it read and decide again (bounded).
 * When the order already holds a number of the series among the recent assignments (a retry after a crash between
 * this append and the order's InvoiceSendRequested), that number is answered and nothing is appended.
 */
import { fold } from '../../domain/shared/decider.js';
import {
  type InvoiceNumberAssignedData,
  invoiceNumberDecider,
  type InvoiceSeries,
  RECENT_ASSIGNMENTS,
  toInvoiceNumberStreamId,
} from '../../domain/invoice-number/invoice-number.js';
import { parseInvoiceNumberEvent } from '../../domain/invoice-number/events.js';
import { type EventStore, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { type CommandContext, toNewEvents } from '../shared/command-handler.js';

/**
 * @returns the assignment (new, or the order's recent one) and whether this call appended it
 * @throws DomainError invoice_number.order_required; WrongExpectedVersionError when the series stays contended for
 *   `maxAttempts` attempts
 */
export async function assignInvoiceNumber(
  store: EventStore,
  data: { kind: InvoiceSeries; orderId: string },
  ctx: CommandContext,
  maxAttempts = 30,
): Promise<InvoiceNumberAssignedData & { assigned: boolean }> {
  const streamId = toInvoiceNumberStreamId(data.kind);
  for (let attempt = 1; ; attempt++) {
    const tail = await store.readStream(streamId, { direction: 'backward', maxCount: RECENT_ASSIGNMENTS });
    const recent = tail.events.map(parseInvoiceNumberEvent).reverse();
    // The tail's state: the sequence is the stream position, so the version is the last number handed out.
    const state = { ...fold(invoiceNumberDecider, recent), last: Number(tail.version) };
    const existing = state.recent.find((a) => a.orderId === data.orderId && a.kind === data.kind);
    if (existing) return { ...existing, assigned: false };
    const decided = invoiceNumberDecider.decide({ type: 'AssignInvoiceNumber', data, metadata: { now: ctx.now } }, state);
    try {
      const result = await store.appendToStream(streamId, toNewEvents(decided, streamId, ctx), { expectedVersion: tail.version });
      // This command's assignment is stored already (a re-sent command): read it back from the tail.
      if (result.duplicate && attempt < maxAttempts) continue;
      if (result.duplicate) throw new Error(`${streamId}: the assignment of order ${data.orderId} is stored but not among the last ${RECENT_ASSIGNMENTS}`);
      return { ...decided[0].data, assigned: true };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < maxAttempts) {
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
        continue;
      }
      throw error;
    }
  }
}
