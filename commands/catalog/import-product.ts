/**
 * ImportProduct: brings one catalog row into the event log through the Category, Product and Stock deciders.
 * Missing categories of its path are created; the product is created or changed field by field; its stock is
 * counted per warehouse (a plain number overwrites, spec 5). The warehouses its stock names are created first when
 * missing (stock commands refuse an unknown warehouse; the catalog's `stock` column names them by id, so
 * an imported `tallinn=4` creates warehouse `tallinn`, named "Tallinn", before counting). Every decision that changes nothing decides no event,
 * so importing the same row twice appends nothing.
 */
import { categoryDecider, type CategoryCommand, type CategoryState, toCategoryStreamId } from '../../domain/category/category.js';
import { productDecider, type ProductCommand, toProductStreamId } from '../../domain/product/product.js';
import { stockDecider, type StockCommand, toStockStreamId } from '../../domain/stock/stock.js';
import { nameFromWarehouseId, toWarehouseStreamId, warehouseDecider, type WarehouseState } from '../../domain/warehouse/warehouse.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, decideSequence, handleWith } from '../shared/command-handler.js';
import type { ImportRow } from './catalog-csv.js';

export interface ImportProductResult {
  /** Events appended for this row over all streams. */
  appended: number;
  /** The greatest `$all` checkpoint of those events ('' when none). */
  checkpoint: string;
}

/**
 * @param knownCategories ids of categories already known to exist (an in-process cache the caller keeps across rows)
 * @param knownWarehouses ids of warehouses already known to exist (the same kind of cache; optional)
 * @param vatRatePercent VAT rate of the prices (Estonia: 24)
 * @throws DomainError when a decider refuses the row (the caller reports it with the row's line number)
 */
export async function importProduct(
  store: EventStore,
  row: ImportRow,
  ctx: CommandContext,
  options: { vatRatePercent: number; knownCategories: Set<string>; knownWarehouses?: Set<string> },
): Promise<ImportProductResult> {
  let appended = 0;
  let checkpoint = '';
  const track = <T extends { events: unknown[]; checkpoint: string }>(r: T) => {
    appended += r.events.length;
    if (r.checkpoint > checkpoint) checkpoint = r.checkpoint;
  };
  const meta = { now: ctx.now };

  let parentId: string | null = null;
  for (const level of row.categoryPath) {
    if (!options.knownCategories.has(level.id)) {
      const create = (state: CategoryState) => {
        if (state.status !== 'empty') return [];
        const command: CategoryCommand = { type: 'CreateCategory', data: { categoryId: level.id, parentId, names: { et: level.et, en: level.en }, position: 0 }, metadata: meta };
        return categoryDecider.decide(command, state);
      };
      track(await handleWith(store, toCategoryStreamId(level.id), categoryDecider, create, ctx));
      options.knownCategories.add(level.id);
    }
    parentId = level.id;
  }

  const productId = row.productId;
  const commands: ProductCommand[] = [
    { type: 'ChangeProductDetails', data: { productId, language: 'et', name: row.names.et || row.names.en, description: row.descriptions.et }, metadata: meta },
    { type: 'ChangeProductDetails', data: { productId, language: 'en', name: row.names.en || row.names.et, description: row.descriptions.en }, metadata: meta },
    { type: 'ChangeProductCodes', data: { productId, code1: row.code1, code2: row.code2 }, metadata: meta },
    { type: 'ChangeProductUnit', data: { productId, unit: row.unit }, metadata: meta },
    { type: 'ChangeProductClass', data: { productId, productClass: row.productClass }, metadata: meta },
    { type: 'SetBigProductFlag', data: { productId, bigProduct: row.bigProduct }, metadata: meta },
    { type: 'SetProductImages', data: { productId, images: row.images }, metadata: meta },
    { type: 'CategoriseProduct', data: { productId, categoryIds: row.categoryPath.length ? [row.categoryPath[row.categoryPath.length - 1].id] : [] }, metadata: meta },
    { type: 'SetCompatibleVehicles', data: { productId, vehicles: row.vehicles }, metadata: meta },
    { type: 'SetProductAttributes', data: { productId, attributes: row.attributes }, metadata: meta },
    { type: 'SetOeNumbers', data: { productId, oeNumbers: row.oeNumbers }, metadata: meta },
    { type: 'ChangeProductPrice', data: { productId, grossCents: row.grossCents, vatRatePercent: options.vatRatePercent }, metadata: meta },
    { type: 'SetProductAvailability', data: { productId, policy: row.policy, deliveryDays: row.deliveryDays }, metadata: meta },
  ];
  const productResult = await handleWith(
    store,
    toProductStreamId(productId),
    productDecider,
    (state) => {
      const create: ProductCommand[] =
        state.status === 'empty'
          ? [{ type: 'CreateProduct', data: { productId, code1: row.code1, code2: row.code2, names: row.names, descriptions: row.descriptions, unit: row.unit, productClass: row.productClass, bigProduct: row.bigProduct }, metadata: meta }]
          : [];
      return decideSequence(productDecider, [...create, ...commands])(state);
    },
    ctx,
  );
  track(productResult);

  const stockCommands: StockCommand[] = Object.entries(row.stock).map(([warehouseId, quantity]) => ({
    type: 'CountStock',
    data: { productId, warehouseId, quantity },
    metadata: meta,
  }));
  const knownWarehouses = options.knownWarehouses ?? new Set<string>();
  for (const warehouseId of Object.keys(row.stock).sort()) {
    if (knownWarehouses.has(warehouseId)) continue;
    // Created when missing, never changed: a name or deactivation staff chose later stays.
    const create = (state: WarehouseState) =>
      state.status !== 'empty' ? [] : warehouseDecider.decide({ type: 'CreateWarehouse', data: { warehouseId, name: nameFromWarehouseId(warehouseId) }, metadata: meta }, state);
    track(await handleWith(store, toWarehouseStreamId(warehouseId), warehouseDecider, create, ctx));
    knownWarehouses.add(warehouseId);
  }
  if (stockCommands.length) {
    track(await handleWith(store, toStockStreamId(productId), stockDecider, decideSequence(stockDecider, stockCommands), ctx));
  }
  return { appended, checkpoint };
}
