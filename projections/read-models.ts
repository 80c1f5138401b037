/** Every read model of the shop, in the order the projector role starts them. */
import { adminOrdersReadModel } from './admin-orders/writer.js';
import { catalogReadModel } from './catalog/writer.js';
import { clientsReadModel } from './clients/writer.js';
import { deliveryReadModel } from './delivery/writer.js';
import { fileUsageReadModel } from './file-usage/writer.js';
import { filesReadModel } from './files/writer.js';
import { galleryReadModel } from './gallery/writer.js';
import { filtersReadModel } from './filters/writer.js';
import { ordersReadModel } from './orders/writer.js';
import { pagesReadModel } from './pages/writer.js';
import { problematicProductsReadModel } from './problematic-products/writer.js';
import { purchaseListsReadModel } from './purchase-lists/writer.js';
import type { ReadModel } from './read-model.js';
import { searchStatsReadModel } from './search-stats/writer.js';
import { siteReadModel } from './site/writer.js';
import { stockMovementsReadModel } from './stock-movements/writer.js';
import { stockNotificationsReadModel } from './stock-notifications/writer.js';
import { usersReadModel } from './users/writer.js';
import { vehiclesReadModel } from './vehicles/writer.js';
import { warehousesReadModel } from './warehouses/writer.js';

export const READ_MODELS: readonly ReadModel[] = [catalogReadModel, searchStatsReadModel, siteReadModel, filtersReadModel, pagesReadModel, ordersReadModel, deliveryReadModel, stockNotificationsReadModel, usersReadModel, warehousesReadModel, stockMovementsReadModel, filesReadModel, problematicProductsReadModel, clientsReadModel, adminOrdersReadModel, fileUsageReadModel, galleryReadModel, vehiclesReadModel, purchaseListsReadModel];

/** @throws Error naming the known read models when `name` is unknown. */
export function readModelByName(name: string): ReadModel {
  const rm = READ_MODELS.find((r) => r.name === name);
  if (!rm) throw new Error(`Unknown read model "${name}"; known: ${READ_MODELS.map((r) => r.name).join(', ')}`);
  return rm;
}
