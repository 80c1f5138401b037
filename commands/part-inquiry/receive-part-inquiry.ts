/**
 * ReceivePartInquiry (POST /v1/part-inquiry; spec 1 "spare-parts contact"): appends PartInquiryReceived to the new
 * stream `part-inquiry-{uuid}` (domain/part-inquiry/part-inquiry.ts for the rules and errors). The event store
 * decorator seals its personal fields (commands/shared/personal-data-rules.ts).
 */
import { partInquiryDecider, type PartInquiryCommand, toPartInquiryStreamId } from '../../domain/part-inquiry/part-inquiry.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleCommand } from '../shared/command-handler.js';

/** @throws DomainError as the decider (validation per field; `part_inquiry.exists`) */
export function receivePartInquiry(store: EventStore, data: PartInquiryCommand['data'], ctx: CommandContext) {
  const command: PartInquiryCommand = { type: 'ReceivePartInquiry', data, metadata: { now: ctx.now } };
  return handleCommand(store, toPartInquiryStreamId(data.inquiryId), partInquiryDecider, command, ctx);
}
