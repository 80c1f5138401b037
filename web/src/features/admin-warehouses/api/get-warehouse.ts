/**
 * GET /v1/admin/warehouses/{id} (spec 2 WarehouseEdit): one warehouse read from its stream (with `version`), so
 * the edit screen shows what was just saved; 404 `warehouse.not_found` when there is none.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWarehouse } from '../../../../../api/contracts/admin-warehouses';
import { staffGet } from '../../../lib/staff/session-expiry';
import { WAREHOUSES_KEY } from './get-warehouses';

export async function getWarehouse(id: string, signal?: AbortSignal): Promise<AdminWarehouse> {
  return (await staffGet<{ data: AdminWarehouse }>(`/v1/admin/warehouses/${encodeURIComponent(id)}`, signal)).body.data;
}

export const warehouseQuery = (id: string) =>
  queryOptions({ queryKey: [...WAREHOUSES_KEY, 'one', id], queryFn: ({ signal }) => getWarehouse(id, signal), staleTime: 0 });

export function useWarehouse(id: string | undefined) {
  return useQuery({ ...warehouseQuery(id ?? ''), enabled: id !== undefined });
}
