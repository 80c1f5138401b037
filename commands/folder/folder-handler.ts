/**
 * The handler factory of the Folder aggregate (stream `folder-{folderId}`) and the reads its rules need
 * (domain/folder/folder.ts): the target parent's chain of ancestors from the folder streams (so two quick moves cannot
 * make a cycle the read model has not seen), the sibling names, subtree height and contents from the files read
 * model (which may lag a moment behind a change made just before: the worst case is a twin name made by two staff in
 * the same second, which a rename resolves).
 */
import { folderDecider, type FolderState, ROOT_FOLDER_ID, toFolderStreamId } from '../../domain/folder/folder.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';
import { loadAggregate } from '../shared/load-aggregate.js';

/**
 * What the folder rules read from the files read model, given by the caller (the api builds it from
 * projections/files/queries.ts): commands read no read model themselves.
 */
export interface FolderReads {
  /** Names of the subfolders of `parentId` but `exceptId`'s. */
  siblingNames(parentId: string, exceptId: string): Promise<string[]>;
  /** Levels of `folderId` with its subfolders (1 without subfolders). */
  subtreeHeight(folderId: string): Promise<number>;
  /** Direct subfolders and files of `folderId`. */
  contents(folderId: string): Promise<{ childCount: number; fileCount: number }>;
}

export const folderHandler = aggregateHandler(folderDecider, (data: { folderId: string }) => toFolderStreamId(data.folderId));

/** The folded state of `folderId` (status 'empty' when never created). */
export async function loadFolder(store: EventStore, folderId: string): Promise<FolderState> {
  return (await loadAggregate(store, toFolderStreamId(folderId), folderDecider)).state;
}

/** Longer than any allowed tree (7); a longer chain is a corrupt history and is cut off. */
const CHAIN_LIMIT = 64;

/**
 * `parentId` and its ancestors up to the top, parent first ([] for `root`); its length is the parent's depth.
 * @throws DomainError not_found `folder.parent_not_found` (field parent_id) when the parent is not a live folder.
 */
export async function parentChain(store: EventStore, parentId: string): Promise<string[]> {
  const chain: string[] = [];
  let id = parentId;
  while (id !== ROOT_FOLDER_ID && chain.length < CHAIN_LIMIT && !chain.includes(id)) {
    const state = await loadFolder(store, id);
    if (state.status !== 'active') throw new DomainError('folder.parent_not_found', 'not_found', 'The folder does not exist', 'parent_id');
    chain.push(id);
    id = state.parentId;
  }
  return chain;
}

/** The live folder `folderId` ('root' counts). @throws DomainError not_found `folder.not_found` */
export async function assertFolderExists(store: EventStore, folderId: string, field = 'folder_id'): Promise<void> {
  if (folderId === ROOT_FOLDER_ID) return;
  if ((await loadFolder(store, folderId)).status !== 'active') throw new DomainError('folder.not_found', 'not_found', 'The folder does not exist', field);
}
