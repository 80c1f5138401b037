/** DeleteFolder: see domain/folder/folder.ts (only an empty folder; its contents counted in the files read model). */
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { getFolder } from '../../projections/files/queries.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler } from './folder-handler.js';

const remove = folderHandler('DeleteFolder');

export async function deleteFolder(deps: { store: EventStore; db: Database }, data: { folderId: string }, ctx: CommandContext) {
  const row = await getFolder(deps.db, data.folderId);
  return remove(deps.store, { folderId: data.folderId, childCount: row?.folderCount ?? 0, fileCount: row?.fileCount ?? 0 }, ctx);
}
