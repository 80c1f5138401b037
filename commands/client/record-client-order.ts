/**
 * RecordClientOrder (clients): an order joins the client of its e-mail address, registering the client
 * with the order's details the first time the address is seen (domain/client/client.ts `RecordClientOrder`). Run by
 * the client-registration job (workers/jobs/record-client-order.ts) once per OrderPlaced, with a command id derived
 * from the event id, so a redelivered job appends nothing twice and the decider ignores an order the client holds.
 */
import type { ClientDetails, ClientOrderRef, CustomerType } from '../../domain/client/client.js';
import { clientDecider } from '../../domain/client/client.js';
import type { CommandContext } from '../shared/command-handler.js';
import { type ClientStores, handleClientCommand } from './client-handler.js';

export const recordClientOrder = (stores: ClientStores, data: { clientId: string; customerType: CustomerType; details: ClientDetails; order: ClientOrderRef }, ctx: CommandContext) =>
  handleClientCommand(stores, data.clientId, (state, newKeyId) => clientDecider.decide({ type: 'RecordClientOrder', data: { ...data, newKeyId }, metadata: { now: ctx.now } }, state), ctx);
