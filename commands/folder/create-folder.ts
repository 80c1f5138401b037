/**
 * CreateFolder: see domain/folder/folder.ts for its rules and errors. The parent's depth comes from its chain of
 * ancestors (./folder-handler.ts parentChain: not_found `folder.parent_not_found`), the sibling names from `reads`.
 */
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { folderHandler, type FolderReads, parentChain } from './folder-handler.js';

const create = folderHandler('CreateFolder');

export async function createFolder(deps: { store: EventStore; reads: FolderReads }, data: { folderId: string; parentId: string; name: string }, ctx: CommandContext) {
  const chain = await parentChain(deps.store, data.parentId);
  const siblingNames = await deps.reads.siblingNames(data.parentId, data.folderId);
  return create(deps.store, { ...data, parentDepth: chain.length, siblingNames }, ctx);
}
