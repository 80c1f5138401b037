import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { stockNotificationDecider, type StockNotificationCommand, type StockNotificationEvent } from './stock-notification.js';

const NOW = '2026-11-22T10:00:00.000Z';
const notifications = spec(stockNotificationDecider);
const request = (email: string, quantity = 1): StockNotificationCommand => ({
  type: 'RequestStockNotification',
  data: { productId: 'p-1', email, quantity, language: 'et' },
  metadata: { now: NOW },
});
const requested = (email: string, quantity = 1): StockNotificationEvent => ({
  type: 'StockNotificationRequested',
  data: { productId: 'p-1', email, quantity, language: 'et' },
});

describe('RequestStockNotification', () => {
  it('records the request with the e-mail trimmed and lower-cased', () => {
    notifications.when(request('  Mari.Maasikas@Example.EE ')).then([requested('mari.maasikas@example.ee')]);
  });

  it('refuses a second request while the first is pending (spec 8: Notification already submitted)', () => {
    notifications.given([requested('mari@example.ee')]).when(request('mari@example.ee')).thenThrows('stock_notification.already_submitted', 'illegal_state');
  });

  it.each([
    '',
    'mari',
    'mari@example',
    'mari maasikas@example.ee',
    'mari@exa mple.ee',
    '@example.ee',
    'mari@.ee x',
    '<script>alert(1)</script>@example.ee',
    'r1@example.ee, r2@example.ee',
    'mari@example.ee\r\nBcc: spam@example.com',
  ])(
    'rejects the e-mail "%s" (spec 5)',
    (email) => {
      notifications.when(request(email)).thenThrows('stock_notification.email_invalid', 'validation');
    },
  );

  it.each([0, -1, 1.5, 10_001])('rejects the quantity %s', (quantity) => {
    notifications.when(request('mari@example.ee', quantity)).thenThrows('stock_notification.quantity_invalid', 'validation');
  });
});

const sent: StockNotificationEvent = { type: 'StockNotificationSent', data: { productId: 'p-1', email: 'mari@example.ee', triggerEventId: 'e-1' } };
const cancelled: StockNotificationEvent = { type: 'StockNotificationCancelled', data: { productId: 'p-1', email: 'mari@example.ee' } };
const markSent: StockNotificationCommand = { type: 'MarkStockNotificationSent', data: { triggerEventId: 'e-1' }, metadata: { now: NOW } };
const cancel: StockNotificationCommand = { type: 'CancelStockNotification', data: {}, metadata: { now: NOW } };

describe('MarkStockNotificationSent (the back-in-stock mail)', () => {
  it('records the sent mail of a waiting request with its product, e-mail and trigger', () => {
    notifications.given([requested('mari@example.ee')]).when(markSent).then([sent]);
  });

  it('refuses a second mark (the request is no longer waiting)', () => {
    notifications.given([requested('mari@example.ee'), sent]).when(markSent).thenThrows('stock_notification.not_waiting', 'illegal_state');
  });

  it('refuses a cancelled request (no mail after a cancel)', () => {
    notifications.given([requested('mari@example.ee'), cancelled]).when(markSent).thenThrows('stock_notification.not_waiting', 'illegal_state');
  });

  it('refuses a stream without a request', () => {
    notifications.when(markSent).thenThrows('stock_notification.not_found', 'not_found');
  });
});

describe('CancelStockNotification (staff)', () => {
  it('cancels a waiting request', () => {
    notifications.given([requested('mari@example.ee')]).when(cancel).then([cancelled]);
  });

  it.each([
    ['sent', [requested('mari@example.ee'), sent]],
    ['cancelled', [requested('mari@example.ee'), cancelled]],
  ])('refuses a %s request', (_state, history) => {
    notifications.given(history).when(cancel).thenThrows('stock_notification.not_waiting', 'illegal_state');
  });

  it('refuses a stream without a request', () => {
    notifications.when(cancel).thenThrows('stock_notification.not_found', 'not_found');
  });

  it('lets the same address ask again after a sent or cancelled request', () => {
    notifications.given([requested('mari@example.ee'), sent]).when(request('mari@example.ee', 2)).then([requested('mari@example.ee', 2)]);
    notifications.given([requested('mari@example.ee'), cancelled]).when(request('mari@example.ee')).then([requested('mari@example.ee')]);
  });
});
