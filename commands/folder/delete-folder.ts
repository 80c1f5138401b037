/** DeleteFolder: see domain/folder/folder.ts (only an empty folder; its contents counted by `reads`). */
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler, type FolderReads } from './folder-handler.js';

const remove = folderHandler('DeleteFolder');

export async function deleteFolder(deps: { store: EventStore; reads: FolderReads }, data: { folderId: string }, ctx: CommandContext) {
  const { childCount, fileCount } = await deps.reads.contents(data.folderId);
  return remove(deps.store, { folderId: data.folderId, childCount, fileCount }, ctx);
}
