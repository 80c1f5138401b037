/**
 * DeletePage: see `DeletePage` in domain/page/page.ts for its rules and errors. The menu's entries (top level and
 * children, commands/menu/menu-handler.ts loadMenu) are passed to the decider, which refuses the delete while one
 * links the page (page.linked_from_menu, naming the entry).
 */
import type { EventStore } from '../../platform/event-store/port.js';
import { loadMenu } from '../menu/menu-handler.js';
import type { CommandContext } from '../shared/command-handler.js';
import { pageHandler } from './page-handler.js';

const deletePageCommand = pageHandler('DeletePage');

/** Deletes page `pageId` (read at `expectedVersion` by a staff screen). @throws DomainError as `DeletePage` decides */
export async function deletePage(store: EventStore, data: { pageId: string; expectedVersion?: number }, ctx: CommandContext) {
  const { entries } = await loadMenu(store);
  const menuEntries = entries.flatMap((e) => [e, ...e.children]);
  return deletePageCommand(store, { ...data, menuEntries }, ctx);
}
