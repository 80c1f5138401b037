import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { spec } from '../../tests/support/given-when-then.js';
import { MAX_QUANTITY, stockDecider, type StockCommand, type StockEvent } from './stock.js';

const NOW = '2026-11-22T10:00:00.000Z';
const PID = 'p-1';
const MAIN = 'main';
const TALLINN = 'tallinn-2';

const receive = (quantity: number, warehouseId = MAIN): StockCommand => ({ type: 'ReceiveStock', data: { productId: PID, warehouseId, quantity }, metadata: { now: NOW } });
const adjust = (delta: number, warehouseId = MAIN): StockCommand => ({ type: 'AdjustStock', data: { productId: PID, warehouseId, delta }, metadata: { now: NOW } });
const count = (quantity: number, warehouseId = MAIN): StockCommand => ({ type: 'CountStock', data: { productId: PID, warehouseId, quantity }, metadata: { now: NOW } });

const received = (quantity: number, onHand: number, warehouseId = MAIN): StockEvent => ({ type: 'StockReceived', data: { productId: PID, warehouseId, quantity, onHand } });
const adjusted = (delta: number, onHand: number, warehouseId = MAIN): StockEvent => ({ type: 'StockAdjusted', data: { productId: PID, warehouseId, delta, onHand } });
const counted = (quantity: number, warehouseId = MAIN): StockEvent => ({ type: 'StockCounted', data: { productId: PID, warehouseId, quantity, onHand: quantity } });

const stock = spec(stockDecider);

describe('ReceiveStock', () => {
  it('adds a delivery to an empty warehouse', () => {
    stock.when(receive(10)).then([received(10, 10)]);
  });

  it('adds to what is on hand in that warehouse', () => {
    stock.given([received(10, 10)]).when(receive(5)).then([received(5, 15)]);
  });

  it.each([0, -1, 1.5, Number.NaN, MAX_QUANTITY + 1])('rejects a quantity of %s', (quantity) => {
    stock.when(receive(quantity)).thenThrows('stock.quantity_invalid', 'validation');
  });

  it('accepts the maximum quantity', () => {
    stock.when(receive(MAX_QUANTITY)).then([received(MAX_QUANTITY, MAX_QUANTITY)]);
  });

  it('never lets a warehouse hold more than the maximum, by receiving or adjusting', () => {
    stock.given([received(MAX_QUANTITY, MAX_QUANTITY)]).when(receive(1)).thenThrows('stock.quantity_invalid', 'validation');
    stock.given([received(MAX_QUANTITY, MAX_QUANTITY)]).when(adjust(1)).thenThrows('stock.quantity_invalid', 'validation');
  });
});

describe('AdjustStock', () => {
  it('+N adds', () => {
    stock.given([received(10, 10)]).when(adjust(10)).then([adjusted(10, 20)]);
  });

  it('-N subtracts', () => {
    stock.given([received(10, 10)]).when(adjust(-4)).then([adjusted(-4, 6)]);
  });

  it('may take the stock to exactly zero', () => {
    stock.given([received(10, 10)]).when(adjust(-10)).then([adjusted(-10, 0)]);
  });

  it('never goes below zero: stock.negative and nothing decided', () => {
    stock.given([received(10, 10)]).when(adjust(-11)).thenThrows('stock.negative', 'validation');
    stock.when(adjust(-1)).thenThrows('stock.negative', 'validation');
  });

  it('adjusting by 0 decides nothing', () => {
    stock.given([received(10, 10)]).when(adjust(0)).then([]);
    stock.when(adjust(0)).then([]);
  });

  it.each([1.5, Number.NaN, MAX_QUANTITY + 1, -(MAX_QUANTITY + 1)])('rejects a change of %s', (delta) => {
    stock.given([received(10, 10)]).when(adjust(delta)).thenThrows('stock.quantity_invalid', 'validation');
  });
});

describe('CountStock', () => {
  it('overwrites what is on hand', () => {
    stock.given([received(10, 10), adjusted(-3, 7)]).when(count(4)).then([counted(4)]);
    stock.given([received(10, 10)]).when(count(25)).then([counted(25)]);
  });

  it('counting to the same value decides nothing', () => {
    stock.given([received(10, 10)]).when(count(10)).then([]);
    stock.given([counted(0)]).when(count(0)).then([]);
  });

  it('a first count of 0 for a warehouse still records it', () => {
    stock.when(count(0)).then([counted(0)]);
    stock.given([received(3, 3, TALLINN)]).when(count(0, MAIN)).then([counted(0, MAIN)]);
  });

  it('counting to 0 empties the warehouse', () => {
    stock.given([received(10, 10)]).when(count(0)).then([counted(0)]);
  });

  it.each([-1, 2.5, Number.NaN, MAX_QUANTITY + 1])('rejects a count of %s', (quantity) => {
    stock.when(count(quantity)).thenThrows('stock.quantity_invalid', 'validation');
  });
});

describe('warehouses', () => {
  it('are independent', () => {
    const history = [received(10, 10, MAIN), received(2, 2, TALLINN)];
    stock.given(history).when(receive(1, TALLINN)).then([received(1, 3, TALLINN)]);
    stock.given(history).when(adjust(-3, TALLINN)).thenThrows('stock.negative', 'validation');
    stock.given(history).when(adjust(-3, MAIN)).then([adjusted(-3, 7, MAIN)]);
    stock.given(history).when(count(10, TALLINN)).then([counted(10, TALLINN)]);
    stock.given([...history, counted(0, TALLINN)]).when(receive(4, MAIN)).then([received(4, 14, MAIN)]);
  });

  it('a warehouse id is trimmed', () => {
    stock.given([received(10, 10)]).when(receive(1, ' main ')).then([received(1, 11)]);
  });

  it.each(['', '   ', 'Main', 'main warehouse', '-main', 'ladu/1', 'w'.repeat(65)])('rejects the warehouse id %j', (warehouseId) => {
    stock.when(receive(1, warehouseId)).thenThrows('stock.warehouse_invalid', 'validation');
    stock.when(adjust(1, warehouseId)).thenThrows('stock.warehouse_invalid', 'validation');
    stock.when(count(1, warehouseId)).thenThrows('stock.warehouse_invalid', 'validation');
  });

  it('accepts lowercase letters, digits, - and _ up to 64 characters', () => {
    stock.when(receive(1, 'w'.repeat(64))).then([received(1, 1, 'w'.repeat(64))]);
    stock.when(receive(1, '2nd_floor-b')).then([received(1, 1, '2nd_floor-b')]);
  });
});

describe('ReserveStock / ReleaseReservation (spec 5 "Quantity and stock")', () => {
  const ORDER = 'order-1';
  const reserve = (quantity: number, policy: 'available' | 'on_demand' | 'not_available' | 'non_stock' = 'available', deliveryDays: number | null = null, orderId = ORDER): StockCommand => ({
    type: 'ReserveStock',
    data: { productId: PID, orderId, quantity, policy, deliveryDays },
    metadata: { now: NOW },
  });
  const release = (orderId = ORDER, reason: 'order_not_placed' | 'expired' | 'cancelled' = 'expired'): StockCommand => ({
    type: 'ReleaseReservation',
    data: { productId: PID, orderId, reason },
    metadata: { now: NOW },
  });
  const reserved = (quantity: number, onHand: number, warehouseId = MAIN, orderId = ORDER): StockEvent => ({
    type: 'StockReserved',
    data: { productId: PID, orderId, warehouseId, quantity, onHand },
  });
  const released = (quantity: number, onHand: number, warehouseId = MAIN, reason: 'order_not_placed' | 'expired' | 'cancelled' = 'expired', orderId = ORDER): StockEvent => ({
    type: 'ReservationReleased',
    data: { productId: PID, orderId, warehouseId, quantity, onHand, reason },
  });

  it('holds units of a limited-amount product and lowers what is free', () => {
    stock.given([received(5, 5)]).when(reserve(3)).then([reserved(3, 2)]);
  });

  it('takes the units from the warehouses in order of their id when one is not enough', () => {
    stock.given([received(2, 2, TALLINN), received(1, 1, MAIN)]).when(reserve(3)).then([reserved(1, 0, MAIN), reserved(2, 0, TALLINN)]);
  });

  it('refuses more than is free, with stock.insufficient (conflict)', () => {
    stock.given([received(1, 1)]).when(reserve(2)).thenThrows('stock.insufficient', 'conflict');
    stock.given([received(1, 1), reserved(1, 0, MAIN, 'other')]).when(reserve(1)).thenThrows('stock.insufficient', 'conflict');
    stock.when(reserve(1, 'not_available')).thenThrows('stock.insufficient', 'conflict');
  });

  it('reserves nothing for products without a limited amount (on demand, non-stock, available in N workdays)', () => {
    stock.given([received(1, 1)]).when(reserve(5, 'on_demand')).then([]);
    stock.when(reserve(5, 'non_stock')).then([]);
    // "available" with a delivery time: sold beyond the stock, in or out of stock.
    stock.when(reserve(5, 'available', 7)).then([]);
    stock.given([received(1, 1)]).when(reserve(5, 'available', 7)).then([]);
  });

  it('decides nothing for an order that already holds a reservation (a retried command)', () => {
    stock.given([received(5, 5), reserved(3, 2)]).when(reserve(3)).then([]);
  });

  it.each([0, -1, 1.5])('rejects a quantity of %s', (q) => {
    stock.given([received(5, 5)]).when(reserve(q)).thenThrows('stock.quantity_invalid', 'validation');
  });

  it('releases every warehouse an order holds, back into what is free', () => {
    stock
      .given([received(2, 2, TALLINN), received(1, 1, MAIN), reserved(1, 0, MAIN), reserved(2, 0, TALLINN)])
      .when(release(ORDER, 'order_not_placed'))
      .then([released(1, 1, MAIN, 'order_not_placed'), released(2, 2, TALLINN, 'order_not_placed')]);
  });

  it('releases on top of stock received meanwhile, and only the given order', () => {
    stock
      .given([received(2, 2), reserved(2, 0), received(3, 3), reserved(1, 2, MAIN, 'other')])
      .when(release())
      .then([released(2, 4)]);
  });

  it('is idempotent: a second release, or a release of an unknown order, decides nothing', () => {
    stock.given([received(2, 2), reserved(2, 0), released(2, 2)]).when(release()).then([]);
    stock.given([received(2, 2)]).when(release('nobody')).then([]);
  });

  it('can reserve again for the order after a release', () => {
    stock.given([received(2, 2), reserved(2, 0), released(2, 2)]).when(reserve(1)).then([reserved(1, 1)]);
  });

  it('counts only free units: a count after a reservation overwrites what is free', () => {
    stock.given([received(5, 5), reserved(2, 3)]).when(count(3)).then([]);
    stock.given([received(5, 5), reserved(2, 3)]).when(adjust(-4)).thenThrows('stock.negative', 'validation');
  });
});

describe('a reason on receipts, adjustments and counts', () => {
  const withReason = (command: StockCommand, reason: unknown): StockCommand => ({ ...command, data: { ...command.data, reason } } as StockCommand);

  it('is carried, trimmed, by StockReceived, StockAdjusted and StockCounted', () => {
    stock.when(withReason(receive(10), ' delivery 42 ')).then([{ type: 'StockReceived', data: { productId: PID, warehouseId: MAIN, quantity: 10, onHand: 10, reason: 'delivery 42' } }]);
    stock.given([received(10, 10)]).when(withReason(adjust(-2), 'broken')).then([{ type: 'StockAdjusted', data: { productId: PID, warehouseId: MAIN, delta: -2, onHand: 8, reason: 'broken' } }]);
    stock.given([received(10, 10)]).when(withReason(count(7), 'inventory')).then([{ type: 'StockCounted', data: { productId: PID, warehouseId: MAIN, quantity: 7, onHand: 7, reason: 'inventory' } }]);
  });

  it('is left out when blank', () => {
    stock.when(withReason(receive(3), '   ')).then([received(3, 3)]);
  });

  it('is refused above 200 characters or when not text', () => {
    stock.when(withReason(receive(3), 'x'.repeat(201))).thenThrows('stock.reason_invalid', 'validation');
    stock.when(withReason(receive(3), 42)).thenThrows('stock.reason_invalid', 'validation');
    stock.when(withReason(receive(3), 'x'.repeat(200))).then([{ type: 'StockReceived', data: { productId: PID, warehouseId: MAIN, quantity: 3, onHand: 3, reason: 'x'.repeat(200) } }]);
  });
});
