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
