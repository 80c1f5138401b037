import { describe, expect, it } from 'vitest';
import { productPageUrl, renderBackInStockMail } from '../back-in-stock-mail/back-in-stock-message.js';
import { CHECK_BACK_IN_STOCK } from '../jobs/check-back-in-stock.js';
import { decide } from './back-in-stock-mail.js';

const ID = '8f1c2f6e-3d1a-4c4e-9a77-0c2b8f4b5a10';
const event = (type: string, data: unknown) => ({ id: ID, type, data, checkpoint: '000001:000042' });

describe('back-in-stock-mail decide', () => {
  it.each(['StockReceived', 'StockAdjusted', 'StockCounted', 'ReservationReleased'])('%s -> one check keyed by the event', (type) => {
    expect(decide(event(type, { productId: 'p-1', warehouseId: 'tallinn', quantity: 2, onHand: 2 }))).toEqual([
      { name: CHECK_BACK_IN_STOCK, jobId: `back-in-stock-check-${ID}`, data: { eventId: ID, productId: 'p-1', checkpoint: '000001:000042', cause: 'stock' } },
    ]);
  });

  it('StockNotificationRequested -> a check of the request', () => {
    expect(decide(event('StockNotificationRequested', { productId: 'p-1', email: 'a@b.ee', quantity: 1, language: 'et' }))[0]!.data.cause).toBe('request');
  });

  it('nothing for a reservation (it only lowers the amount), other events or data without a product', () => {
    expect(decide(event('StockReserved', { productId: 'p-1' }))).toEqual([]);
    expect(decide(event('OrderPlaced', { productId: 'p-1' }))).toEqual([]);
    expect(decide(event('StockReceived', { warehouseId: 'tallinn' }))).toEqual([]);
  });
});

describe('the back-in-stock mail text', () => {
  it('links the storefront product page in the request language and escapes the HTML', () => {
    expect(productPageUrl('https://shop.example.ee/', 'p 1', 'et')).toBe('https://shop.example.ee/products/view/p%201');
    expect(productPageUrl('https://shop.example.ee', 'p1', 'en')).toBe('https://shop.example.ee/en/products/view/p1');
    const et = renderBackInStockMail({ product: { code: 'BF 1', name: '<b>Filter</b>' }, quantity: 2, link: 'https://x.ee/products/view/p1', language: 'et' });
    expect(et.text).toContain('Toode, mille kohta Te teavitust soovisite, on jälle laos (vähemalt 2 tk): BF 1 <b>Filter</b>.');
    expect(et.html).not.toContain('<b>Filter');
    const en = renderBackInStockMail({ product: { code: '', name: 'Filter' }, quantity: 1, link: 'https://x.ee/en/products/view/p1', language: 'en' });
    expect(en.subject).toBe('Filter is back in stock');
  });
});
