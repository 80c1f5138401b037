/**
 * The Stock aggregate's order-editing and shipping commands (SetReservation, ShipReservation,
 * ReturnShipment), given / when / then.
 */
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { spec } from '../../tests/support/given-when-then.js';
import { reservedFor, stockDecider, type StockCommand, type StockEvent, totalOnHand } from './stock.js';

const NOW = '2026-11-22T10:00:00.000Z';
const PID = 'p-1';
const OID = 'o-1';
const stock = spec(stockDecider);

const received = (quantity: number, onHand: number, warehouseId = 'a'): StockEvent => ({ type: 'StockReceived', data: { productId: PID, warehouseId, quantity, onHand } });
const reserved = (quantity: number, onHand: number, warehouseId = 'a', orderId = OID): StockEvent => ({ type: 'StockReserved', data: { productId: PID, orderId, warehouseId, quantity, onHand } });
const released = (quantity: number, onHand: number, warehouseId = 'a'): StockEvent => ({ type: 'ReservationReleased', data: { productId: PID, orderId: OID, warehouseId, quantity, onHand, reason: 'order_edited' } });
const shipped = (quantity: number, onHand: number, warehouseId = 'a'): StockEvent => ({ type: 'StockShipped', data: { productId: PID, orderId: OID, warehouseId, quantity, onHand } });
const returned = (quantity: number, onHand: number, warehouseId = 'a'): StockEvent => ({ type: 'StockShipmentReturned', data: { productId: PID, orderId: OID, warehouseId, quantity, onHand } });
const set = (quantity: number, mode: 'raise' | 'lower', policy: 'available' | 'on_demand' = 'available'): StockCommand => ({
  type: 'SetReservation', data: { productId: PID, orderId: OID, quantity, mode, policy, deliveryDays: null }, metadata: { now: NOW },
});
const ship = (quantity: number): StockCommand => ({ type: 'ShipReservation', data: { productId: PID, orderId: OID, quantity }, metadata: { now: NOW } });
const giveBack: StockCommand = { type: 'ReturnShipment', data: { productId: PID, orderId: OID }, metadata: { now: NOW } };

describe('SetReservation (staff edit an order row)', () => {
  it('a raise reserves only the missing units, from the warehouses in id order', () => {
    stock.given([received(2, 2, 'a'), received(5, 5, 'b'), reserved(1, 1, 'a')]).when(set(4, 'raise')).then([reserved(1, 0, 'a'), reserved(2, 3, 'b')]);
  });

  it('a raise of an order not holding anything yet reserves all of it', () => {
    stock.given([received(5, 5)]).when(set(3, 'raise')).then([reserved(3, 2)]);
  });

  it('a raise beyond the free units is refused whole: stock.insufficient (conflict)', () => {
    stock.given([received(3, 3), reserved(2, 1)]).when(set(4, 'raise')).thenThrows('stock.insufficient', 'conflict');
  });

  it('a raise to what is held, or below it, decides nothing (idempotent)', () => {
    stock.given([received(3, 3), reserved(2, 1)]).when(set(2, 'raise')).then([]);
    stock.given([received(3, 3), reserved(2, 1)]).when(set(1, 'raise')).then([]);
  });

  it('a raise of a product without a limited amount (on demand) reserves nothing', () => {
    stock.given([received(1, 1)]).when(set(5, 'raise', 'on_demand')).then([]);
  });

  it('a lower gives back the excess only, partially, the last warehouse first', () => {
    stock.given([received(2, 2, 'a'), received(5, 5, 'b'), reserved(2, 0, 'a'), reserved(2, 3, 'b')]).when(set(1, 'lower')).then([released(2, 5, 'b'), released(1, 1, 'a')]);
  });

  it('a lower to 0 gives back everything; at or under the target it decides nothing', () => {
    stock.given([received(5, 5), reserved(3, 2)]).when(set(0, 'lower')).then([released(3, 5)]);
    stock.given([received(5, 5), reserved(3, 2)]).when(set(3, 'lower')).then([]);
    stock.given([received(5, 5), reserved(3, 2)]).when(set(4, 'lower')).then([]);
  });

  it('a partial release keeps the rest held for the order', () => {
    const state = fold(stockDecider, [received(5, 5), reserved(3, 2), released(1, 3)]);
    expect(reservedFor(state, OID)).toBe(2);
    expect(totalOnHand(state)).toBe(3);
  });

  it('refuses a negative or fractional target', () => {
    stock.given([received(5, 5)]).when(set(-1, 'raise')).thenThrows('stock.quantity_invalid', 'validation');
    stock.given([received(5, 5)]).when(set(1.5, 'lower')).thenThrows('stock.quantity_invalid', 'validation');
  });
});

describe('ShipReservation / ReturnShipment (filled and unfilled)', () => {
  it('filling ships what the order holds per warehouse; the free units stay as they are', () => {
    stock.given([received(2, 2, 'a'), received(5, 5, 'b'), reserved(2, 0, 'a'), reserved(1, 4, 'b')]).when(ship(3)).then([shipped(2, 0, 'a'), shipped(1, 4, 'b')]);
  });

  it('ships until the quantity asked is shipped in all: units held beyond it stay held', () => {
    stock.given([received(9, 9), reserved(3, 6), shipped(3, 6), reserved(2, 4, 'a', 'o-1')]).when(ship(3)).then([]);
    stock.given([received(9, 9), reserved(3, 6), shipped(2, 6)]).when(ship(3)).then([shipped(1, 6)]);
  });

  it('ships at most the quantity asked, and nothing a second time', () => {
    stock.given([received(5, 5), reserved(3, 2)]).when(ship(2)).then([shipped(2, 2)]);
    stock.given([received(5, 5), reserved(3, 2), shipped(3, 2)]).when(ship(3)).then([]);
  });

  it('shipped units leave the reservation and are counted as shipped', () => {
    const state = fold(stockDecider, [received(5, 5), reserved(3, 2), shipped(3, 2)]);
    expect(reservedFor(state, OID)).toBe(0);
    expect(state.shipped).toEqual({ [OID]: { a: 3 } });
    expect(totalOnHand(state)).toBe(2);
  });

  it('un-filling returns the shipped units into the order reservation, once', () => {
    stock.given([received(5, 5), reserved(3, 2), shipped(3, 2)]).when(giveBack).then([returned(3, 2)]);
    stock.given([received(5, 5), reserved(3, 2), shipped(3, 2), returned(3, 2)]).when(giveBack).then([]);
    const state = fold(stockDecider, [received(5, 5), reserved(3, 2), shipped(3, 2), returned(3, 2)]);
    expect(reservedFor(state, OID)).toBe(3);
    expect(state.shipped).toEqual({});
  });

  it('a returned reservation can be released again (the order is then edited or expires)', () => {
    stock.given([received(5, 5), reserved(3, 2), shipped(3, 2), returned(3, 2)]).when(set(0, 'lower')).then([released(3, 5)]);
  });
});
