/** RenameWarehouse: see `RenameWarehouse` in domain/warehouse/warehouse.ts for its rules and errors. */
import { warehouseHandler } from './warehouse-handler.js';

export const renameWarehouse = warehouseHandler('RenameWarehouse');
