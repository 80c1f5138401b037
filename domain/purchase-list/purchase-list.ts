/**
 * The PurchaseList aggregate (stream `purchase-list-{id}`; docs/analytics.md "Sell-through, days of cover and reorder suggestions", accept in bulk): the
 * reorder suggestions staff accepted at once, as a list for the supplier. It records what was asked, not what
 * arrives: when goods arrive the stock receipt is the ordinary ReceiveStock (domain/stock/stock.ts).
 *
 * - CreatePurchaseList: 1-500 lines of product, warehouse, quantity (whole units 1-10 000 000) and the reason in both
 *   languages (analytics/sell-through/reorder.ts `reorderReason`, at most 500 characters each), the service level
 *   and the range the suggestions were computed over, and the staff member (`createdBy`). One product and warehouse
 *   at most once per list. Refused when the list exists.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, validation } from '../shared/errors.js';

export const toPurchaseListStreamId = (listId: string) => `purchase-list-${listId}`;

export const PURCHASE_LIST_LIMITS = { lines: 500, quantity: 10_000_000, reason: 500 } as const;

/** One accepted suggestion: `quantity` whole units of `productId` for `warehouseId`, and why. */
export interface PurchaseListLine {
  productId: string;
  warehouseId: string;
  quantity: number;
  reason: { et: string; en: string };
}

export type PurchaseListEvent = Message<
  'PurchaseListCreated',
  { listId: string; lines: PurchaseListLine[]; serviceLevel: string; range: string; createdBy: string | null; createdAt: string }
>;
export const PURCHASE_LIST_EVENT_TYPES: PurchaseListEvent['type'][] = ['PurchaseListCreated'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type PurchaseListCommand = Cmd<'CreatePurchaseList', { listId: string; lines: PurchaseListLine[]; serviceLevel: string; range: string }>;

export type PurchaseListState = { status: 'empty' } | { status: 'created'; listId: string; lines: PurchaseListLine[] };
export const initialState: PurchaseListState = { status: 'empty' };

/**
 * Pure decision.
 * @throws DomainError validation `purchase_list.lines_invalid` (no lines, too many, a quantity or reason out of
 *   bounds, a product and warehouse twice); conflict `purchase_list.exists`.
 */
export function decide(command: PurchaseListCommand, state: PurchaseListState): PurchaseListEvent[] {
  switch (command.type) {
    case 'CreatePurchaseList': {
      if (state.status !== 'empty') throw new DomainError('purchase_list.exists', 'conflict', 'This purchase list exists already');
      const { listId, lines, serviceLevel, range } = command.data;
      if (!lines.length || lines.length > PURCHASE_LIST_LIMITS.lines) throw validation('purchase_list.lines_invalid', `A purchase list has 1 to ${PURCHASE_LIST_LIMITS.lines} lines`, 'lines');
      const seen = new Set<string>();
      for (const l of lines) {
        const key = `${l.productId}\u0000${l.warehouseId}`;
        if (seen.has(key)) throw validation('purchase_list.lines_invalid', 'A product and warehouse is on a list once', 'lines');
        seen.add(key);
        if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > PURCHASE_LIST_LIMITS.quantity) throw validation('purchase_list.lines_invalid', 'A quantity is a whole number of units of at least 1', 'lines');
        if (l.reason.et.length > PURCHASE_LIST_LIMITS.reason || l.reason.en.length > PURCHASE_LIST_LIMITS.reason) throw validation('purchase_list.lines_invalid', 'A reason is too long', 'lines');
      }
      return [{ type: 'PurchaseListCreated', data: { listId, lines, serviceLevel, range, createdBy: command.metadata.userId ?? null, createdAt: command.metadata.now } }];
    }
    default:
      return assertNever(command.type as never);
  }
}

export function evolve(state: PurchaseListState, event: PurchaseListEvent): PurchaseListState {
  switch (event.type) {
    case 'PurchaseListCreated':
      return { status: 'created', listId: event.data.listId, lines: event.data.lines };
    default:
      return assertNever(event.type as never);
  }
}

export const purchaseListDecider: Decider<PurchaseListCommand, PurchaseListEvent, PurchaseListState> = { decide, evolve, initialState };
