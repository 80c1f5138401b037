/**
 * The StockNotification aggregate (stream `stock-notification-{productId}-{emailKey}`, one per product and
 * normalised e-mail): a shopper's request to be told when an out-of-stock product is back (spec 3 "Stock
 * notification request": user_email, product_id, quantity; spec 4 "Notify dialog"; spec 5 "Other rules": the
 * e-mail must look like name@host.tld with no spaces; spec 8: 'Notification already submitted').
 *
 * A request while an earlier one for the same e-mail and product is still pending is refused. (Sending the mail on
 * restock, which ends the pending state, is a later issue: StockNotificationSent.)
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { illegalState, validation } from '../shared/errors.js';
import { parseEmailAddress } from '../shared/email.js';
import type { Language } from '../shared/localized.js';

export const MAX_NOTIFY_QUANTITY = 10_000;

/** Trimmed and lower-cased: the identity of a subscriber. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Spec 5 "Other rules": one address like name@host.tld with no spaces (domain/shared/email.ts: lists, markup and
 * header injection are refused). Returns it normalised.
 * @throws DomainError validation `stock_notification.email_invalid` (spec 5).
 */
export function checkNotifyEmail(email: string): string {
  const e = normaliseEmail(email);
  if (!parseEmailAddress(e)) throw validation('stock_notification.email_invalid', 'Please enter a valid email address', 'user_email');
  return e;
}

export type StockNotificationEvent = Message<
  'StockNotificationRequested',
  { productId: string; email: string; quantity: number; language: Language }
>;
export const STOCK_NOTIFICATION_EVENT_TYPES: StockNotificationEvent['type'][] = ['StockNotificationRequested'];

export type StockNotificationCommand = Message<
  'RequestStockNotification',
  { productId: string; email: string; quantity: number; language: Language }
> & { metadata: CommandMetadata };

export interface StockNotificationState {
  pending: boolean;
}
export const initialState: StockNotificationState = { pending: false };

/**
 * Pure decision. @throws DomainError: validation `stock_notification.email_invalid`,
 * `stock_notification.quantity_invalid`; illegal_state `stock_notification.already_submitted` (spec 8).
 */
export function decide(command: StockNotificationCommand, state: StockNotificationState): StockNotificationEvent[] {
  switch (command.type) {
    case 'RequestStockNotification': {
      const email = checkNotifyEmail(command.data.email);
      const { quantity } = command.data;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_NOTIFY_QUANTITY) {
        throw validation('stock_notification.quantity_invalid', `The quantity is a whole number from 1 to ${MAX_NOTIFY_QUANTITY}`, 'quantity');
      }
      if (state.pending) throw illegalState('stock_notification.already_submitted', 'Notification already submitted');
      return [{ type: 'StockNotificationRequested', data: { productId: command.data.productId, email, quantity, language: command.data.language } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolve(state: StockNotificationState, event: StockNotificationEvent): StockNotificationState {
  switch (event.type) {
    case 'StockNotificationRequested':
      return { ...state, pending: true };
    default:
      return assertNever(event.type);
  }
}

export const stockNotificationDecider: Decider<StockNotificationCommand, StockNotificationEvent, StockNotificationState> = { decide, evolve, initialState };
