/**
 * Reads of the Category aggregate's streams for handlers whose rule needs other categories than the one commanded:
 * a category's folded state, and the chain of ancestors of a would-be parent (for the decider's cycle
 * rule, domain/category/category.ts MoveCategory `parentAncestorIds`). The streams, not the read model: a move made
 * a moment ago counts at once, so two quick moves cannot make a cycle the read model has not seen yet.
 */
import { categoryDecider, type CategoryState, toCategoryStreamId } from '../../domain/category/category.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { loadAggregate } from '../shared/load-aggregate.js';

/** Deeper than any real tree; a chain longer than this is a corrupt (cyclic) history and is cut off here. */
export const MAX_CATEGORY_DEPTH = 64;

/** The folded state of category `categoryId` (status 'empty' when it was never created). */
export async function loadCategory(store: EventStore, categoryId: string): Promise<CategoryState> {
  return (await loadAggregate(store, toCategoryStreamId(categoryId), categoryDecider)).state;
}

/**
 * `parentId` and its ancestors up to the root level, parent first (e.g. ['c-brake-pads', 'c-brakes']).
 * @throws DomainError not_found `category.parent_not_found` (field parent_id) when the parent does not exist or was
 *   deleted.
 */
export async function parentChain(store: EventStore, parentId: string): Promise<string[]> {
  const chain: string[] = [];
  let id: string | null = parentId;
  while (id !== null && chain.length < MAX_CATEGORY_DEPTH && !chain.includes(id)) {
    const state = await loadCategory(store, id);
    if (state.status !== 'active') {
      if (id === parentId) throw new DomainError('category.parent_not_found', 'not_found', 'The parent category does not exist', 'parent_id');
      break; // an ancestor deleted under a live child: the chain ends there (the storefront hides that branch)
    }
    chain.push(id);
    id = state.parentId;
  }
  return chain;
}
