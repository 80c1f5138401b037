/**
 * MoveCategory: see `MoveCategory` in domain/category/category.ts for its rules and errors. The handler reads the new
 * parent's ancestor chain from the category streams (./category-streams.ts) and gives it to the decider, which
 * refuses a move under the category's own descendant (`category.cycle`).
 * @throws DomainError not_found `category.parent_not_found` when the new parent does not exist or was deleted.
 */
import { categoryDecider, type CategoryCommand, toCategoryStreamId } from '../../domain/category/category.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleWith } from '../shared/command-handler.js';
import { categoryHandler } from './category-handler.js';
import { parentChain } from './category-streams.js';

const move = categoryHandler('MoveCategory');

export async function moveCategory(store: EventStore, data: { categoryId: string; parentId: string | null; position: number }, ctx: CommandContext) {
  const parentAncestorIds = data.parentId === null || data.parentId === data.categoryId ? [] : await parentChain(store, data.parentId);
  return move(store, { ...data, parentAncestorIds }, ctx);
}

/**
 * MoveCategory to another `position` under the parent the category has when the command is decided (renumbering
 * siblings, domain/category/positions.ts): the parent does not change, so no ancestor chain is read and no cycle can
 * arise. Same errors as the decider's MoveCategory (not_found, deleted, position_invalid).
 */
export function reorderCategory(store: EventStore, data: { categoryId: string; position: number }, ctx: CommandContext) {
  return handleWith(
    store,
    toCategoryStreamId(data.categoryId),
    categoryDecider,
    (state) => {
      const parentId = state.status === 'empty' ? null : state.parentId;
      const command: CategoryCommand = { type: 'MoveCategory', data: { categoryId: data.categoryId, parentId, position: data.position }, metadata: { now: ctx.now } };
      return categoryDecider.decide(command, state);
    },
    ctx,
  );
}
