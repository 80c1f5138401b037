/**
 * Builds the handler of one command of one aggregate: `(store, data, ctx) => handleCommand(...)` on the stream the
 * aggregate's `toStreamId` names. Each command's handler file (conventions 3, `<verb>-<noun>.ts`) is one call of this.
 */
import type { CommandMetadata, Decider, Message } from '../../domain/shared/decider.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleCommand, type HandledCommand } from './command-handler.js';

type CommandOf<TCommand, TType> = Extract<TCommand, { type: TType }>;

export function aggregateHandler<TCommand extends Message & { metadata: CommandMetadata }, TEvent extends Message, TState>(
  decider: Decider<TCommand, TEvent, TState>,
  streamIdOf: (data: TCommand['data']) => string,
) {
  return <TType extends TCommand['type']>(type: TType) =>
    (store: EventStore, data: CommandOf<TCommand, TType>['data'], ctx: CommandContext): Promise<HandledCommand<TEvent, TState>> =>
      handleCommand(store, streamIdOf(data), decider, { type, data, metadata: { now: ctx.now, userId: ctx.userId } } as unknown as TCommand, ctx);
}
