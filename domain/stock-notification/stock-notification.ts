/**
 * The StockNotification aggregate (stream `stock-notification-{productId}-{emailKey}`, one per product and
 * normalised e-mail): a shopper's request to be told when an out-of-stock product is back (spec 3 "Stock
 * notification request": user_email, product_id, quantity; spec 4 "Notify dialog"; spec 5 "Other rules": the
 * e-mail must look like name@host.tld with no spaces; spec 8: 'Notification already submitted').
 *
 * A request while an earlier one for the same e-mail and product is still waiting is refused. A waiting request
 * ends either by the back-in-stock mail (StockNotificationSent, recorded by the mail job once the SMTP
 * server accepted the mail) or by staff (StockNotificationCancelled, DELETE /v1/admin/stock-notifications/{id});
 * afterwards the same address may ask again.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { illegalState, notFound, validation } from '../shared/errors.js';
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

/**
 * The e-mail is sealed in the stored events with its client's key (commands/shared/personal-data-rules.ts). Once that
 * client is forgotten a reader gets `email: ''` and `forgottenClientId` (the client id, a pseudonym); never set by a
 * decision.
 */
type Forgettable = { forgottenClientId?: string };
export type StockNotificationEvent =
  | Message<'StockNotificationRequested', { productId: string; email: string; quantity: number; language: Language } & Forgettable>
  /** The back-in-stock mail was accepted by the SMTP server; `triggerEventId` the stock event that made it due. */
  | Message<'StockNotificationSent', { productId: string; email: string; triggerEventId: string } & Forgettable>
  /** Staff cancelled the waiting request (the acting user is in the event's metadata). */
  | Message<'StockNotificationCancelled', { productId: string; email: string } & Forgettable>;
export const STOCK_NOTIFICATION_EVENT_TYPES: StockNotificationEvent['type'][] = ['StockNotificationRequested', 'StockNotificationSent', 'StockNotificationCancelled'];

export type StockNotificationCommand =
  | (Message<'RequestStockNotification', { productId: string; email: string; quantity: number; language: Language }> & { metadata: CommandMetadata })
  | (Message<'MarkStockNotificationSent', { triggerEventId: string }> & { metadata: CommandMetadata })
  | (Message<'CancelStockNotification', Record<string, never>> & { metadata: CommandMetadata });

/** The request's state (waiting, sent, cancelled; `none` before any request). */
export type StockNotificationStatus = 'none' | 'waiting' | 'sent' | 'cancelled';

export interface StockNotificationState {
  status: StockNotificationStatus;
  productId: string;
  email: string;
}
export const initialState: StockNotificationState = { status: 'none', productId: '', email: '' };

/**
 * Pure decision. @throws DomainError: validation `stock_notification.email_invalid`,
 * `stock_notification.quantity_invalid`; illegal_state `stock_notification.already_submitted` (spec 8);
 * not_found `stock_notification.not_found` (mark sent or cancel without a request); illegal_state
 * `stock_notification.not_waiting` (mark sent or cancel a request that was sent or cancelled already).
 */
export function decide(command: StockNotificationCommand, state: StockNotificationState): StockNotificationEvent[] {
  switch (command.type) {
    case 'RequestStockNotification': {
      const email = checkNotifyEmail(command.data.email);
      const { quantity } = command.data;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_NOTIFY_QUANTITY) {
        throw validation('stock_notification.quantity_invalid', `The quantity is a whole number from 1 to ${MAX_NOTIFY_QUANTITY}`, 'quantity');
      }
      if (state.status === 'waiting') throw illegalState('stock_notification.already_submitted', 'Notification already submitted');
      return [{ type: 'StockNotificationRequested', data: { productId: command.data.productId, email, quantity, language: command.data.language } }];
    }
    case 'MarkStockNotificationSent': {
      checkWaiting(state);
      return [{ type: 'StockNotificationSent', data: { productId: state.productId, email: state.email, triggerEventId: command.data.triggerEventId } }];
    }
    case 'CancelStockNotification': {
      checkWaiting(state);
      return [{ type: 'StockNotificationCancelled', data: { productId: state.productId, email: state.email } }];
    }
    default:
      return assertNever(command);
  }
}

function checkWaiting(state: StockNotificationState): void {
  if (state.status === 'none') throw notFound('stock_notification.not_found', 'Stock notification not found');
  if (state.status !== 'waiting') throw illegalState('stock_notification.not_waiting', 'The stock notification is no longer waiting');
}

export function evolve(state: StockNotificationState, event: StockNotificationEvent): StockNotificationState {
  switch (event.type) {
    case 'StockNotificationRequested':
      return { status: 'waiting', productId: event.data.productId, email: event.data.email };
    case 'StockNotificationSent':
      return { ...state, status: 'sent' };
    case 'StockNotificationCancelled':
      return { ...state, status: 'cancelled' };
    default:
      return assertNever(event);
  }
}

export const stockNotificationDecider: Decider<StockNotificationCommand, StockNotificationEvent, StockNotificationState> = { decide, evolve, initialState };
