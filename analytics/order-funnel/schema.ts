/**
 * The order-funnel analysis's tables (schema `rm_analysis_order_funnel`; mapping.ts says what each counter counts):
 * `order_funnel` one row per week (the Monday, Tallinn calendar, of the week the order was placed), and
 * `payment_methods` one row per week and payment method.
 */
import type { CounterTable } from '../analysis.js';

export const ORDER_FUNNEL_TABLES: readonly CounterTable[] = [
  {
    name: 'order_funnel',
    keys: [{ name: 'week', type: 'date' }],
    counters: ['placed', 'placed_cents', 'with_reservation', 'paid', 'paid_cents', 'filled', 'reservation_expired'],
  },
  {
    name: 'payment_methods',
    keys: [
      { name: 'week', type: 'date' },
      { name: 'method', type: 'text' },
    ],
    counters: ['orders', 'amount_cents'],
  },
];
