/** RenameFolder: see domain/folder/folder.ts (only when changed; sibling names from `reads`). */
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler, type FolderReads, loadFolder } from './folder-handler.js';

const rename = folderHandler('RenameFolder');

export async function renameFolder(deps: { store: EventStore; reads: FolderReads }, data: { folderId: string; name: string }, ctx: CommandContext) {
  const state = await loadFolder(deps.store, data.folderId);
  const siblingNames = state.status === 'active' ? await deps.reads.siblingNames(state.parentId, data.folderId) : [];
  return rename(deps.store, { ...data, siblingNames }, ctx);
}
