/**
 * RequestStockNotification (POST /v1/stock-notification): see domain/stock-notification/stock-notification.ts for
 * the rules and errors. The stream is one per product and normalised e-mail: `stock-notification-{productId}-{key}`,
 * where the key is the first 32 hex digits of the e-mail's SHA-256 (the address itself stays out of stream ids).
 */
import { createHash } from 'node:crypto';
import { normaliseEmail, stockNotificationDecider, type StockNotificationCommand } from '../../domain/stock-notification/stock-notification.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleCommand } from '../shared/command-handler.js';

export const toStockNotificationStreamId = (productId: string, email: string) =>
  `stock-notification-${productId}-${createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 32)}`;

/** Appends StockNotificationRequested to the product's and e-mail's stream (see the decider for the errors). */
export function requestStockNotification(store: EventStore, data: Extract<StockNotificationCommand, { type: 'RequestStockNotification' }>['data'], ctx: CommandContext) {
  const command: StockNotificationCommand = { type: 'RequestStockNotification', data, metadata: { now: ctx.now } };
  return handleCommand(store, toStockNotificationStreamId(data.productId, data.email), stockNotificationDecider, command, ctx);
}

/** True for a stream id made by toStockNotificationStreamId (the DELETE route's {id}). */
export const isStockNotificationStreamId = (id: string) => /^stock-notification-[A-Za-z0-9-]{1,100}-[0-9a-f]{32}$/.test(id);

/**
 * CancelStockNotification (staff; DELETE /v1/admin/stock-notifications/{id}) on the stream `streamId`.
 * @throws DomainError not_found `stock_notification.not_found`, illegal_state `stock_notification.not_waiting`
 */
export function cancelStockNotification(store: EventStore, streamId: string, ctx: CommandContext) {
  const command: StockNotificationCommand = { type: 'CancelStockNotification', data: {}, metadata: { now: ctx.now } };
  return handleCommand(store, streamId, stockNotificationDecider, command, ctx);
}

/**
 * MarkStockNotificationSent (the back-in-stock mail job once the SMTP server accepted the mail).
 * @throws DomainError not_found `stock_notification.not_found`, illegal_state `stock_notification.not_waiting`
 */
export function markStockNotificationSent(store: EventStore, streamId: string, triggerEventId: string, ctx: CommandContext) {
  const command: StockNotificationCommand = { type: 'MarkStockNotificationSent', data: { triggerEventId }, metadata: { now: ctx.now } };
  return handleCommand(store, streamId, stockNotificationDecider, command, ctx);
}
