/** CreateWarehouse: see `CreateWarehouse` in domain/warehouse/warehouse.ts for its rules and errors. */
import { warehouseHandler } from './warehouse-handler.js';

export const createWarehouse = warehouseHandler('CreateWarehouse');
