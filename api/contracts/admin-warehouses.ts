/**
 * Warehouse administration contracts (spec 2 "Admin area" WarehouseEdit, WarehouseList). Paths under
 * /v1/admin/warehouses, permission `warehouses.manage`. Imports nothing but zod. Failures: the envelope of spec 7
 * with field errors (`name`).
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** One warehouse. */
export const adminWarehouseSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** The stream position (the edit form's answers carry it; the list may not). */
  version: z.number().optional(),
});
export type AdminWarehouse = z.infer<typeof adminWarehouseSchema>;

/** `data` of GET /v1/admin/warehouses. */
export const adminWarehouseListSchema = z.array(adminWarehouseSchema);

/** Path of /v1/admin/warehouses/{id}. */
export const adminWarehouseParamsSchema = z.object({ id: safeString(100).pipe(z.string().min(1)) });

/**
 * Body of POST /v1/admin/warehouses. `id`: the stock's warehouse code (a-z, 0-9, _ and -, e.g. `tallinn`); default
 * made from the name. Answers 201 the warehouse.
 */
export const createWarehouseBodySchema = z.object({ id: safeString(64).optional(), name: safeString(200) });
export type CreateWarehouseBody = z.infer<typeof createWarehouseBodySchema>;

/**
 * Body of PUT /v1/admin/warehouses/{id}: a new name and/or `active: false` (deactivate). Answers 200 the warehouse.
 */
export const updateWarehouseBodySchema = z.object({ name: safeString(200).optional(), active: z.literal(false).optional() });
export type UpdateWarehouseBody = z.infer<typeof updateWarehouseBodySchema>;
