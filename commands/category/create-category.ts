/**
 * CreateCategory: see `CreateCategory` in domain/category/category.ts for its rules and errors. A parent must exist
 * (read from its stream first).
 * @throws DomainError not_found `category.parent_not_found` when the parent does not exist or was deleted.
 */
import type { Localized } from '../../domain/shared/localized.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { categoryHandler } from './category-handler.js';
import { parentChain } from './category-streams.js';

const create = categoryHandler('CreateCategory');

export async function createCategory(
  store: EventStore,
  data: { categoryId: string; parentId: string | null; names: Partial<Localized>; position?: number },
  ctx: CommandContext,
) {
  if (data.parentId !== null && data.parentId !== data.categoryId) await parentChain(store, data.parentId);
  return create(store, data, ctx);
}
