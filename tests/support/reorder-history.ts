/**
 * A small, deterministic stock history for the reorder tests (tests/reorder.int.spec.ts,
 * tests/admin-reorder.e2e.spec.ts), recorded through the real commands with event times over the 28 days before
 * `now`:
 * - RO-FAST (Tallinn): 30 received on day -28, 1-3 units reserved a day until it sells out (out of stock for some
 *   days), 10 received on day -6, sales go on; one order's reservation expires (released); lead time 7, pack 6;
 * - RO-SLOW (Tallinn): 60 received, 1 unit a week: plenty of cover, no suggestion;
 * - RO-TARTU (Tartu): 12 received on day -20, 1 unit every second day: runs low, a suggestion with the defaults.
 */
import { randomUUID } from 'node:crypto';
import { createProduct } from '../../commands/product/create-product.js';
import { setReorderSettings } from '../../commands/product/set-reorder-settings.js';
import { receiveStock } from '../../commands/stock/receive-stock.js';
import { releaseReservation } from '../../commands/stock/release-reservation.js';
import { reserveStock } from '../../commands/stock/reserve-stock.js';
import { seedWarehouses } from '../../commands/warehouse/seed-warehouses.js';
import type { EventStore } from '../../platform/event-store/port.js';

export const REORDER_PRODUCTS = {
  fast: { productId: '0b6c2d7e-1f00-4c1a-9a00-00000000f001', code1: 'RO-FAST', names: { et: 'Õlifilter kiire', en: 'Oil filter fast' } },
  slow: { productId: '0b6c2d7e-1f00-4c1a-9a00-00000000f002', code1: 'RO-SLOW', names: { et: 'Kütusefilter aeglane', en: 'Fuel filter slow' } },
  tartu: { productId: '0b6c2d7e-1f00-4c1a-9a00-00000000f003', code1: 'RO-TARTU', names: { et: 'Süüteküünal', en: 'Spark plug' } },
} as const;

const DAY = 86_400_000;

/** Appends the history; `now` ISO-8601 (the harness clock). Returns the events' count of reservations. */
export async function appendReorderHistory(store: EventStore, options: { now: string; staffId?: string | null }): Promise<{ reservations: number }> {
  const nowMs = Date.parse(options.now);
  const at = (day: number, hour: number) => new Date(Math.floor(nowMs / DAY) * DAY + day * DAY + hour * 3_600_000).toISOString();
  const ctx = (now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: options.staffId ?? null, now });
  await seedWarehouses(store, at(-29, 6));
  for (const p of Object.values(REORDER_PRODUCTS)) await createProduct(store, { productId: p.productId, code1: p.code1, names: p.names }, ctx(at(-29, 7)));
  await setReorderSettings(store, { productId: REORDER_PRODUCTS.fast.productId, leadTimeDays: 7, packSize: 6, changedBy: options.staffId ?? null }, ctx(at(-29, 8)));
  const reserve = async (productId: string, day: number, quantity: number) => {
    const orderId = randomUUID();
    await reserveStock(store, { productId, orderId, quantity, policy: 'available', deliveryDays: null }, ctx(at(day, 10)));
    return orderId;
  };
  let reservations = 0;
  const fast = REORDER_PRODUCTS.fast.productId;
  await receiveStock(store, { productId: fast, warehouseId: 'tallinn', quantity: 30 }, ctx(at(-28, 8)));
  let free = 30;
  const pattern = [2, 1, 3, 2];
  for (let day = -28; day < 0; day++) {
    if (day === -6) {
      await receiveStock(store, { productId: fast, warehouseId: 'tallinn', quantity: 10 }, ctx(at(day, 8)));
      free += 10;
    }
    const want = pattern[(day + 28) % pattern.length]!;
    if (free >= want) {
      const orderId = await reserve(fast, day, want);
      free -= want;
      reservations++;
      if (day === -20) {
        // This order was never paid: its reservation expires the next day.
        await releaseReservation(store, { productId: fast, orderId, reason: 'expired' }, ctx(at(day + 1, 7)));
        free += want;
      }
    }
  }
  const slow = REORDER_PRODUCTS.slow.productId;
  await receiveStock(store, { productId: slow, warehouseId: 'tallinn', quantity: 60 }, ctx(at(-28, 8)));
  for (let day = -28; day < 0; day += 7) {
    await reserve(slow, day, 1);
    reservations++;
  }
  const tartu = REORDER_PRODUCTS.tartu.productId;
  await receiveStock(store, { productId: tartu, warehouseId: 'tartu', quantity: 12 }, ctx(at(-20, 8)));
  for (let day = -20; day < 0; day += 2) {
    await reserve(tartu, day, 1);
    reservations++;
  }
  return { reservations };
}
