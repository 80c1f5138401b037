import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { fold } from '../shared/decider.js';
import { formatInvoiceNumber, type InvoiceNumberCommand, type InvoiceNumberEvent, invoiceNumberDecider, RECENT_ASSIGNMENTS } from './invoice-number.js';

const NOW = '2026-11-24T10:00:00.000Z';
const assign = (orderId: string, kind: 'invoice' | 'prepayment' = 'invoice'): InvoiceNumberCommand => ({ type: 'AssignInvoiceNumber', data: { kind, orderId }, metadata: { now: NOW } });
const assigned = (sequence: number, orderId: string, kind: 'invoice' | 'prepayment' = 'invoice'): InvoiceNumberEvent => ({
  type: 'InvoiceNumberAssigned',
  data: { kind, sequence, number: formatInvoiceNumber(kind, sequence), orderId },
});
const numbers = spec(invoiceNumberDecider);

describe('invoice numbers (a gap-free sequence)', () => {
  it('starts a series at 1', () => {
    numbers.when(assign('o-1')).then([assigned(1, 'o-1')]);
  });

  it('hands out the next number after the last one, without gaps', () => {
    numbers.given([assigned(1, 'o-1'), assigned(2, 'o-2')]).when(assign('o-3')).then([assigned(3, 'o-3')]);
  });

  it('never gives an order a second number of the same series (a retried request reuses it)', () => {
    numbers.given([assigned(1, 'o-1'), assigned(2, 'o-2')]).when(assign('o-1')).then([]);
  });

  it('numbers prepayment invoices in a series of their own with the EA- prefix', () => {
    numbers.given([assigned(1, 'o-1', 'prepayment')]).when(assign('o-2', 'prepayment')).then([assigned(2, 'o-2', 'prepayment')]);
    expect(formatInvoiceNumber('prepayment', 2)).toBe('EA-2');
    expect(formatInvoiceNumber('invoice', 2)).toBe('2');
  });

  it('refuses an assignment without an order', () => {
    numbers.when(assign(' ')).thenThrows('invoice_number.order_required', 'validation');
  });

  it('keeps only the recent assignments in its state, with the last number', () => {
    const events = Array.from({ length: RECENT_ASSIGNMENTS + 5 }, (_, i) => assigned(i + 1, `o-${i + 1}`));
    const state = fold(invoiceNumberDecider, events);
    expect(state.last).toBe(RECENT_ASSIGNMENTS + 5);
    expect(state.recent).toHaveLength(RECENT_ASSIGNMENTS);
    expect(state.recent[0].sequence).toBe(6);
  });
});
