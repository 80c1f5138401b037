/**
 * Imports a fitment CSV (commands/fitment/fitment-csv.ts; docs/catalog-format.md "Fitment file"), shared by
 * POST /v1/admin/fitment/import and `npm run fitment:import`: parse, validate every line against the vehicles read
 * model and the catalog read model's part numbers, and only when no line is wrong run one `ChangeProductFitment` per
 * product (replace with the file's lines, or the mode), 8 at a time. Nothing is half-imported: an error anywhere
 * writes nothing (a product changed by someone else meanwhile is simply changed again to the file's fitment).
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { changeProductFitment } from '../product/change-product-fitment.js';
import { type FitmentCsvError, parseFitmentCsv, planFitmentImport } from './fitment-csv.js';
import { VehicleReferenceIndex, type VehicleRow } from './fitment-input.js';

export type FitmentImportResult =
  | { ok: false; errors: FitmentCsvError[] }
  /** `checkpoint`: `$all` checkpoint of the last event appended ('' when none). */
  | { ok: true; products: number; changed: number; dryRun: boolean; checkpoint: string };

/**
 * @param ctx the context of the staff member (or `userId: null` for the command line); a new command id per product
 * @param options `dryRun`: validate only; `onProgress(done, total)` after each product
 */
export async function importFitmentCsv(
  deps: {
    store: EventStore;
    /** Product ids by normalised part number (code1) for the given part numbers (the catalog read model). */
    productIdsByCode1: (partNumbers: string[]) => Promise<ReadonlyMap<string, { id: string }>>;
    /** The whole vehicle reference (the vehicles read model). */
    listVehicles: () => Promise<readonly VehicleRow[]>;
  },
  text: string,
  reason: string,
  ctx: Omit<CommandContext, 'commandId'>,
  options: { dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<FitmentImportResult> {
  const parsed = parseFitmentCsv(text);
  if (parsed.errors.length) return { ok: false, errors: parsed.errors };
  const products = await deps.productIdsByCode1(parsed.lines.map((l) => l.partNumber));
  const reference = VehicleReferenceIndex.of(await deps.listVehicles());
  const plan = planFitmentImport(parsed.lines, reference, products, reason);
  if (plan.errors.length) return { ok: false, errors: plan.errors };
  if (options.dryRun) return { ok: true, products: plan.changes.length, changed: 0, dryRun: true, checkpoint: '' };
  let changed = 0;
  let done = 0;
  let checkpoint = '';
  const queue = [...plan.changes];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const result = await changeProductFitment(deps.store, { productId: c.productId, change: c.change }, { ...ctx, commandId: randomUUID() });
        if (result.events.length) changed++;
        if (result.checkpoint > checkpoint) checkpoint = result.checkpoint;
        options.onProgress?.(++done, plan.changes.length);
      }
    }),
  );
  return { ok: true, products: plan.changes.length, changed, dryRun: false, checkpoint };
}
