/**
 * GET /v1/admin/warehouses (spec 2 WarehouseList; permission warehouses.manage): every warehouse with its name and
 * state (api/contracts/admin-warehouses.ts `AdminWarehouse`), from the warehouses read model.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWarehouse } from '../../../../../api/contracts/admin-warehouses';
import { createRecentSaves } from '../../../lib/staff/recent-saves';
import { staffGet } from '../../../lib/staff/session-expiry';

export const WAREHOUSES_KEY = ['admin', 'warehouses'] as const;

/** Warehouses this page saved, laid over a list whose read model may lag behind (lib/staff/recent-saves.ts). */
export const savedWarehouses = createRecentSaves<AdminWarehouse>();

export async function getWarehouses(signal?: AbortSignal): Promise<AdminWarehouse[]> {
  return savedWarehouses.merge((await staffGet<{ data: AdminWarehouse[] }>('/v1/admin/warehouses', signal)).body.data);
}

export const warehousesQuery = () => queryOptions({ queryKey: WAREHOUSES_KEY, queryFn: ({ signal }) => getWarehouses(signal), staleTime: 10_000 });

export function useWarehouses() {
  return useQuery(warehousesQuery());
}
