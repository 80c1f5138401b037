/**
 * RecordShopperStep: a storefront tab's product opening or cart addition becomes a ShopperOpenedProduct /
 * ShopperAddedToCart event in the day's stream (`shopper-steps-{yyyy-mm-dd}`, domain/search/shopper-steps.ts), with
 * the tab's anonymous session id in the metadata (`ctx.shopperSession`, required). Steps never conflict: appended
 * with expected version `any`; the event id derives from the command id as every command's.
 */
import { type ShopperStepEvent, toShopperStepStreamId } from '../../domain/search/shopper-steps.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, toNewEvents } from '../shared/command-handler.js';

/** @throws Error when `ctx.shopperSession` is missing (a step without a session says nothing). */
export async function recordShopperStep(store: EventStore, step: ShopperStepEvent, ctx: CommandContext): Promise<void> {
  if (!ctx.shopperSession) throw new Error('recordShopperStep: the shopper session is missing');
  const streamId = toShopperStepStreamId(ctx.now);
  await store.appendToStream(streamId, toNewEvents([step], streamId, ctx), { expectedVersion: 'any' });
}
