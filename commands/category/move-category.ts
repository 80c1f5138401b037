/**
 * MoveCategory: see `MoveCategory` in domain/category/category.ts for its rules and errors. The handler reads the new
 * parent's ancestor chain from the category streams (./category-streams.ts) and gives it to the decider, which
 * refuses a move under the category's own descendant (`category.cycle`).
 * @throws DomainError not_found `category.parent_not_found` when the new parent does not exist or was deleted.
 */
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { categoryHandler } from './category-handler.js';
import { parentChain } from './category-streams.js';

const move = categoryHandler('MoveCategory');

export async function moveCategory(store: EventStore, data: { categoryId: string; parentId: string | null; position: number }, ctx: CommandContext) {
  const parentAncestorIds = data.parentId === null || data.parentId === data.categoryId ? [] : await parentChain(store, data.parentId);
  return move(store, { ...data, parentAncestorIds }, ctx);
}
