/**
 * CreateFolder: see domain/folder/folder.ts for its rules and errors. The parent's depth comes from its chain of
 * ancestors (./folder-handler.ts parentChain: not_found `folder.parent_not_found`), the sibling names from the files
 * read model.
 */
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { listFolders } from '../../projections/files/queries.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler, parentChain } from './folder-handler.js';

const create = folderHandler('CreateFolder');

export async function createFolder(deps: { store: EventStore; db: Database }, data: { folderId: string; parentId: string; name: string }, ctx: CommandContext) {
  const chain = await parentChain(deps.store, data.parentId);
  const siblingNames = (await listFolders(deps.db, data.parentId)).map((f) => f.name);
  return create(deps.store, { ...data, parentDepth: chain.length, siblingNames }, ctx);
}
