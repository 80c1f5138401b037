/** RenameFolder: see domain/folder/folder.ts (only when changed; sibling names from the files read model). */
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { siblingFolderNames } from '../../projections/files/queries.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler, loadFolder } from './folder-handler.js';

const rename = folderHandler('RenameFolder');

export async function renameFolder(deps: { store: EventStore; db: Database }, data: { folderId: string; name: string }, ctx: CommandContext) {
  const state = await loadFolder(deps.store, data.folderId);
  const siblingNames = state.status === 'active' ? await siblingFolderNames(deps.db, state.parentId, data.folderId) : [];
  return rename(deps.store, { ...data, siblingNames }, ctx);
}
