/**
 * The order flags of spec 4, each its own call (orders.edit, CSRF): POST /v1/admin/orders/{id}/paid
 * `{ paid }` (paid / not paid) and POST /v1/admin/orders/{id}/filled `{ filled }` (filling ships the reserved stock,
 * un-filling returns it). Each answers the order (new version). The answer becomes the order's query data; the
 * lists, the badge counts and the order's timeline reload.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';
import { staffPost } from '../../../lib/staff/session-expiry';
import { ORDER_LIST_KEY } from './get-orders';
import { orderKey } from './get-order';

export type OrderFlag = 'paid' | 'filled';

export async function setOrderFlag(id: string, flag: OrderFlag, value: boolean): Promise<AdminOrder> {
  const body = flag === 'paid' ? { paid: value } : { filled: value };
  return (await staffPost<{ data: AdminOrder }>(`/v1/admin/orders/${encodeURIComponent(id)}/${flag}`, body)).body.data;
}

export function useSetOrderFlag(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, value }: { flag: OrderFlag; value: boolean }) => setOrderFlag(id, flag, value),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(id), order);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'badges'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'history', `order-${id}`] });
      return queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEY });
    },
  });
}
