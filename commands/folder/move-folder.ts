/**
 * MoveFolder: see domain/folder/folder.ts. The target's chain of ancestors from the streams (cycle and depth), the
 * moved folder's subtree height and the target's sibling names from `reads`.
 */
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler, type FolderReads, parentChain } from './folder-handler.js';

const move = folderHandler('MoveFolder');

export async function moveFolder(deps: { store: EventStore; reads: FolderReads }, data: { folderId: string; parentId: string }, ctx: CommandContext) {
  const chain = data.parentId === data.folderId ? [] : await parentChain(deps.store, data.parentId);
  const [height, siblingNames] = await Promise.all([deps.reads.subtreeHeight(data.folderId), deps.reads.siblingNames(data.parentId, data.folderId)]);
  return move(deps.store, { ...data, parentDepth: chain.length, subtreeHeight: height, parentAncestorIds: chain, siblingNames }, ctx);
}
