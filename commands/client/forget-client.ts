/**
 * ForgetClient (GDPR erasure, 'forget this client'): appends ClientForgotten (the client's orders and keys)
 * and then deletes the keys its personal data was sealed with (commands/client/client-handler.ts), so no copy of
 * the client's events can be read again; the read models blank the client and its orders on the event. The mail
 * outbox (platform/mail/outbox.ts, not a read model: the record of mails sent) keeps that a mail went out for the
 * client's orders, but not to whom: its recipient and SMTP answers are blanked. Forgetting a forgotten client
 * appends nothing (and deletes the keys again, for a retry after a crash).
 * @throws DomainError not_found `client.not_found`
 */
import { sql } from 'kysely';
import { clientDecider } from '../../domain/client/client.js';
import type { CommandContext } from '../shared/command-handler.js';
import { type ClientStores, handleClientCommand } from './client-handler.js';

export async function forgetClient(stores: ClientStores, data: { clientId: string }, ctx: CommandContext) {
  const result = await handleClientCommand(stores, data.clientId, (state) => clientDecider.decide({ type: 'ForgetClient', data, metadata: { now: ctx.now } }, state), ctx);
  const orderIds = result.events.flatMap((e) => (e.type === 'ClientForgotten' ? e.data.orderIds : []));
  if (orderIds.length) {
    const outbox = await sql<{ t: string | null }>`select to_regclass('mail.outbox')::text as t`.execute(stores.db);
    if (outbox.rows[0]?.t) {
      await sql`update mail.outbox set recipient = '', smtp_response = null, last_error = null where order_id = any(${orderIds}::text[])`.execute(stores.db);
    }
  }
  return result;
}
