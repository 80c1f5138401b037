/**
 * Bulk fitment (docs/architecture.md "Vehicle fitment", back office `/admin/fitment`): one operation — add, remove or replace
 * applications, or set a mode — for every product of a selection (projections/catalog/fitment-selection.ts).
 *
 * - `previewFitmentOperation` (pure) decides the operation against each product's current fitment with the domain's
 *   own `decideFitmentChange`, so the preview's numbers are what applying writes (when nobody changes those products
 *   between the two calls): N products, how many change, M applications added and K removed.
 * - `applyFitmentOperation` runs one `ChangeProductFitment` per product (each product stream its own
 *   `ProductFitmentChanged` with the staff member and the reason), a few at a time; a product that fails (e.g.
 *   deleted meanwhile) is reported and the others go on.
 */
import { decideFitmentChange, type Application, type Fitment, type FitmentChange, type FitmentDelta, type FitmentMode, UNKNOWN_FITMENT } from '../../domain/fitment/fitment.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { changeProductFitment } from '../product/change-product-fitment.js';

/** The bulk operations: add, remove or replace applications (the resolved list), or set a mode for all. */
export type FitmentOperation =
  | { op: 'add' | 'remove' | 'replace'; applications: Application[] }
  | { op: 'mode'; mode: Exclude<FitmentMode, 'applications'> };

/** The domain's change for one operation (domain/fitment `FitmentChange`). */
export function toFitmentChange(operation: FitmentOperation, reason: string): FitmentChange {
  switch (operation.op) {
    case 'add':
      return { add: operation.applications, reason };
    case 'remove':
      return { remove: operation.applications, reason };
    case 'replace':
      return { add: operation.applications, replace: true, reason };
    case 'mode':
      return { mode: operation.mode, reason };
  }
}

export interface PreviewedProduct {
  id: string;
  fitment: Fitment | null;
  /** Null: this product would not change. */
  delta: FitmentDelta | null;
}

export interface FitmentPreviewSummary {
  products: number;
  changed: number;
  added: number;
  removed: number;
}

/**
 * Decides the operation for each product (pure). The reason does not change the decision; a placeholder is used
 * when the preview has none yet.
 * @throws DomainError (validation) of `decideFitmentChange` (e.g. `fitment.too_many_applications`)
 */
export function previewFitmentOperation(products: readonly { id: string; fitment: Fitment | null }[], operation: FitmentOperation): { rows: PreviewedProduct[]; summary: FitmentPreviewSummary } {
  const change = toFitmentChange(operation, 'preview');
  const rows = products.map((p) => ({ id: p.id, fitment: p.fitment, delta: decideFitmentChange(p.fitment ?? UNKNOWN_FITMENT, change) }));
  const summary = { products: rows.length, changed: 0, added: 0, removed: 0 };
  for (const r of rows) {
    if (!r.delta) continue;
    summary.changed++;
    summary.added += r.delta.added.length;
    summary.removed += r.delta.removed.length;
  }
  return { rows, summary };
}

export interface FitmentApplySummary extends FitmentPreviewSummary {
  /** Products that could not be changed, with the error's code. */
  failed: { id: string; code: string }[];
  /** `$all` checkpoint of the last event appended ('' when none): the api waits for the listing to pass it. */
  checkpoint: string;
}

/**
 * Applies `change` to every product id, `concurrency` at a time (default 8), each its own command and event.
 * @throws DomainError (validation) when the change itself is invalid (checked once before any write)
 */
export async function applyFitmentOperation(store: EventStore, productIds: readonly string[], change: FitmentChange, ctx: () => CommandContext, concurrency = 8): Promise<FitmentApplySummary> {
  // Fail fast: an invalid change (no reason, a bad application) is refused before anything is written.
  decideFitmentChange(UNKNOWN_FITMENT, change);
  const summary: FitmentApplySummary = { products: productIds.length, changed: 0, added: 0, removed: 0, failed: [], checkpoint: '' };
  const queue = [...productIds];
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      try {
        const result = await changeProductFitment(store, { productId: id, change }, ctx());
        for (const e of result.events) {
          if (e.type !== 'ProductFitmentChanged') continue;
          summary.changed++;
          summary.added += e.data.added.length;
          summary.removed += e.data.removed.length;
        }
        if (result.checkpoint > summary.checkpoint) summary.checkpoint = result.checkpoint;
      } catch (error) {
        summary.failed.push({ id, code: error instanceof DomainError ? error.code : 'internal' });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return summary;
}
