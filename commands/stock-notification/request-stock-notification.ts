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

export function requestStockNotification(store: EventStore, data: StockNotificationCommand['data'], ctx: CommandContext) {
  const command: StockNotificationCommand = { type: 'RequestStockNotification', data, metadata: { now: ctx.now } };
  return handleCommand(store, toStockNotificationStreamId(data.productId, data.email), stockNotificationDecider, command, ctx);
}
