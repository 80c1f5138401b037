/**
 * Saving warehouses (spec 2 WarehouseEdit; api/contracts/admin-warehouses.ts): POST /v1/admin/warehouses creates
 * one (name; 201 the warehouse), PUT /v1/admin/warehouses/{id} renames it (`name`) or deactivates it (`active:
 * false`), answering the warehouse. Both refresh the warehouse list. Errors: ApiError with field errors (`name`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWarehouse, CreateWarehouseBody, UpdateWarehouseBody } from '../../../../../api/contracts/admin-warehouses';
import { staffPost, staffPut } from '../../../lib/staff/session-expiry';
import { savedWarehouses, WAREHOUSES_KEY } from './get-warehouses';

export async function createWarehouse(body: CreateWarehouseBody): Promise<AdminWarehouse> {
  return (await staffPost<{ data: AdminWarehouse }>('/v1/admin/warehouses', body)).body.data;
}

export async function updateWarehouse(id: string, body: UpdateWarehouseBody): Promise<AdminWarehouse> {
  return (await staffPut<{ data: AdminWarehouse }>(`/v1/admin/warehouses/${encodeURIComponent(id)}`, body)).body.data;
}

/** Runs `save`, keeps its answer over the (possibly lagging) list, and refreshes the list. */
export function useWarehouseMutation<A>(save: (args: A) => Promise<AdminWarehouse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      savedWarehouses.remember(saved);
      return queryClient.invalidateQueries({ queryKey: WAREHOUSES_KEY });
    },
  });
}
