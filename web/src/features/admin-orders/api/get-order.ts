/**
 * GET /v1/admin/orders/{id} (spec 2 OrderEdit; permission orders.view; api/contracts/admin-orders.ts `AdminOrder`):
 * the order as OrderEdit shows it (client info block, delivery, rows, discount, fee, VAT and totals in euro cents,
 * comments, flags, document timestamps) with the stream `version` a save sends back. 404 `order.not_found`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';
import { staffGet } from '../../../lib/staff/session-expiry';
import { ORDERS_KEY } from './get-orders';

/** The query key of one order; saves and toggles write their answer into it. */
export const orderKey = (id: string) => [...ORDERS_KEY, 'edit', id] as const;

export async function getOrder(id: string, signal?: AbortSignal): Promise<AdminOrder> {
  return (await staffGet<{ data: AdminOrder }>(`/v1/admin/orders/${encodeURIComponent(id)}`, signal)).body.data;
}

export const orderQuery = (id: string) => queryOptions({ queryKey: orderKey(id), queryFn: ({ signal }) => getOrder(id, signal), staleTime: 0 });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
