/**
 * ChangeClientDetails (ClientEdit): staff save the spec 3 fields with the stream version they read; see
 * `ChangeClientDetails` in domain/client/client.ts for the rules and errors. A stale version writes nothing and
 * throws ClientChangedMeanwhileError (409, who and when).
 */
import type { ClientDetails } from '../../domain/client/client.js';
import { clientDecider } from '../../domain/client/client.js';
import type { CommandContext } from '../shared/command-handler.js';
import { type ClientStores, handleClientCommand } from './client-handler.js';

export const changeClientDetails = (stores: ClientStores, data: { clientId: string; customerType: string; details: ClientDetails; expectedVersion: bigint }, ctx: CommandContext) =>
  handleClientCommand(
    stores,
    data.clientId,
    (state) => clientDecider.decide({ type: 'ChangeClientDetails', data: { clientId: data.clientId, customerType: data.customerType, details: data.details }, metadata: { now: ctx.now } }, state),
    ctx,
    { expectedVersion: data.expectedVersion },
  );
