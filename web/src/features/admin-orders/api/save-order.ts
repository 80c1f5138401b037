/**
 * OrderEdit's save: PUT /v1/admin/orders/{id} (orders.edit, CSRF) with every row, the discount and the
 * shop service fee (euro cents, in the order's price basis), both comments and the `version` the screen read.
 * Answers the order as GET does (new version, totals recomputed by the domain with spec 5's VAT rule).
 * Errors (ApiError, the spec 7 envelope): 400 with `errors[].field` `rows.<i>.name` (`order.row_name_required`,
 * spec 5 'Saving failed, can't save order without product/service name'), `rows.<i>.quantity`, ...; 409
 * `order.changed_meanwhile` (someone changed the order since it was read: the message says who and when),
 * `order.not_enough_stock`, `order.filled`, `order.being_edited`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, UpdateAdminOrderBody } from '../../../../../api/contracts/admin-orders';
import { ApiError } from '../../../lib/api-client';
import { staffPut } from '../../../lib/staff/session-expiry';
import { ORDER_LIST_KEY } from './get-orders';
import { orderKey } from './get-order';

export async function updateOrder(id: string, body: UpdateAdminOrderBody): Promise<AdminOrder> {
  return (await staffPut<{ data: AdminOrder }>(`/v1/admin/orders/${encodeURIComponent(id)}`, body)).body.data;
}

/** The error codes of a refused call (the envelope's `errors[].code`). */
export function errorCodes(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.body as { errors?: { code?: unknown }[] } | undefined)?.errors;
  return Array.isArray(errors) ? errors.map((e) => (typeof e?.code === 'string' ? e.code : '')).filter(Boolean) : [];
}

/** True when a save was refused because the order changed since the screen read it (offer a reload). */
export function isChangedMeanwhile(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && errorCodes(error).includes('order.changed_meanwhile');
}

/** The save as a mutation; the answer becomes the order's query data and the lists reload. */
export function useSaveOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminOrderBody) => updateOrder(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(orderKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'history', `order-${id}`] });
      return queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEY });
    },
  });
}
