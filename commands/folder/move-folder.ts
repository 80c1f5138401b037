/**
 * MoveFolder: see domain/folder/folder.ts. The target's chain of ancestors from the streams (cycle and depth), the
 * moved folder's subtree height and the target's sibling names from the files read model.
 */
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { siblingFolderNames, subtreeHeight } from '../../projections/files/queries.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler, parentChain } from './folder-handler.js';

const move = folderHandler('MoveFolder');

export async function moveFolder(deps: { store: EventStore; db: Database }, data: { folderId: string; parentId: string }, ctx: CommandContext) {
  const chain = data.parentId === data.folderId ? [] : await parentChain(deps.store, data.parentId);
  const [height, siblingNames] = await Promise.all([subtreeHeight(deps.db, data.folderId), siblingFolderNames(deps.db, data.parentId, data.folderId)]);
  return move(deps.store, { ...data, parentDepth: chain.length, subtreeHeight: height, parentAncestorIds: chain, siblingNames }, ctx);
}
