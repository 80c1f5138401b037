/**
 * ForgetClient (GDPR erasure, 'forget this client'; docs/architecture.md "Personal data"): appends
 * ClientForgotten (the client's orders and every key of the client) and then deletes those keys
 * (commands/client/client-handler.ts), so no copy of the client's events, orders, back-in-stock requests or invoice
 * recipients can be read again; the read models blank the client and its orders on the event. The mail outbox
 * (platform/mail/outbox.ts, not a read model: the record of mails sent) keeps that a mail went out, but not to whom:
 * the recipient and SMTP answers of the orders' mails and of every mail to the client's address (back-in-stock mails
 * name no order) are blanked. Forgetting a forgotten client appends nothing (and deletes the keys again, for a retry
 * after a crash).
 * @throws DomainError not_found `client.not_found`
 */
import { sql } from 'kysely';
import { clientDecider } from '../../domain/client/client.js';
import type { CommandContext } from '../shared/command-handler.js';
import { normaliseEmailAddress } from '../../domain/shared/email.js';
import { type ClientStores, handleClientCommand, loadClient } from './client-handler.js';

export async function forgetClient(stores: ClientStores, data: { clientId: string }, ctx: CommandContext) {
  // The address before it is shredded: the outbox rows of the client's back-in-stock mails name no order.
  const before = await loadClient(stores, data.clientId);
  const email = before.state.status === 'active' ? normaliseEmailAddress(before.state.details?.email ?? '') : '';
  const result = await handleClientCommand(stores, data.clientId, (state) => clientDecider.decide({ type: 'ForgetClient', data, metadata: { now: ctx.now } }, state), ctx);
  const orderIds = result.events.flatMap((e) => (e.type === 'ClientForgotten' ? e.data.orderIds : []));
  if (orderIds.length || (result.events.length && email)) {
    const outbox = await sql<{ t: string | null }>`select to_regclass('mail.outbox')::text as t`.execute(stores.db);
    if (outbox.rows[0]?.t) {
      await sql`
        update mail.outbox set recipient = '', smtp_response = null, last_error = null
        where order_id = any(${orderIds}::text[]) or (${email} <> '' and lower(trim(recipient)) = ${email})`.execute(stores.db);
    }
  }
  return result;
}
