/**
 * ForgetClient (issue 12 "forget this client", GDPR erasure): appends ClientForgotten (the client's orders and keys)
 * and then deletes the keys its personal data was sealed with (commands/client/client-handler.ts), so no copy of
 * the client's events can be read again; the read models blank the client and its orders on the event. Forgetting
 * a forgotten client appends nothing (and deletes the keys again, for a retry after a crash).
 * @throws DomainError not_found `client.not_found`
 */
import { clientDecider } from '../../domain/client/client.js';
import type { CommandContext } from '../shared/command-handler.js';
import { type ClientStores, handleClientCommand } from './client-handler.js';

export const forgetClient = (stores: ClientStores, data: { clientId: string }, ctx: CommandContext) =>
  handleClientCommand(stores, data.clientId, (state) => clientDecider.decide({ type: 'ForgetClient', data, metadata: { now: ctx.now } }, state), ctx);
