/**
 * The Folder aggregate (stream `folder-{folderId}`; spec 3 "Folder": id, name, parent; spec 7 POST /folder/create,
 * /folder/update/{id}, /folder/delete; spec 9 "New subfolders offered only below depth 7"). The finder's tree; files
 * name their folder (domain/file/file.ts). The top of the tree is the folder `root` (ROOT_FOLDER_ID), which has no
 * stream: it always exists and is never renamed, moved or deleted.
 *
 * Rules that need more than this stream come in the command's data, read by the handler (commands/folder):
 * - `siblingNames`: the other entries' names under the target parent (the files read model). A name that equals one
 *   of them case-insensitively is refused: conflict `folder.name_taken`.
 * - `parentDepth`: the target parent's depth (root 0, its children 1, ...); `subtreeHeight` (MoveFolder): levels of
 *   the moved folder with its subfolders (1 for a folder without subfolders). A folder's depth is at most
 *   MAX_FOLDER_DEPTH, for every folder of a moved subtree: validation `folder.too_deep`.
 * - `parentAncestorIds` (MoveFolder): the target parent and its ancestors; the folder itself among them is a cycle,
 *   validation `folder.cycle`.
 * - `childCount` / `fileCount` (DeleteFolder): a folder is deleted only when empty: illegal_state `folder.not_empty`.
 * A rename to the same name or a move to the same parent records nothing.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, illegalState, notFound, validation } from '../shared/errors.js';
import { checkEntryName, entryNameKey } from './entry-name.js';

export const toFolderStreamId = (folderId: string) => `folder-${folderId}`;
/** The id of the top folder (no stream). */
export const ROOT_FOLDER_ID = 'root';
/** Deepest level a folder may have (spec 9): root's children are at depth 1. */
export const MAX_FOLDER_DEPTH = 7;

export type FolderEvent =
  | Message<'FolderCreated', { folderId: string; parentId: string; name: string }>
  | Message<'FolderRenamed', { folderId: string; name: string }>
  | Message<'FolderMoved', { folderId: string; parentId: string }>
  | Message<'FolderDeleted', { folderId: string }>;
export const FOLDER_EVENT_TYPES: FolderEvent['type'][] = ['FolderCreated', 'FolderRenamed', 'FolderMoved', 'FolderDeleted'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type FolderCommand =
  | Cmd<'CreateFolder', { folderId: string; parentId: string; name: string; parentDepth: number; siblingNames: readonly string[] }>
  | Cmd<'RenameFolder', { folderId: string; name: string; siblingNames: readonly string[] }>
  | Cmd<'MoveFolder', { folderId: string; parentId: string; parentDepth: number; subtreeHeight: number; parentAncestorIds: readonly string[]; siblingNames: readonly string[] }>
  | Cmd<'DeleteFolder', { folderId: string; childCount: number; fileCount: number }>;

export type FolderState = { status: 'empty' } | { status: 'active' | 'deleted'; folderId: string; parentId: string; name: string };
export const initialState: FolderState = { status: 'empty' };

/**
 * A folder name as stored. @throws DomainError validation `folder.name_required` / `folder.name_too_long` /
 * `folder.name_invalid` (separators, NUL, control characters), conflict `folder.name_taken`.
 */
export function folderName(raw: string, siblingNames: readonly string[]): string {
  const checked = checkEntryName(raw);
  if ('problem' in checked) throw validation(`folder.name_${checked.problem}`, 'The folder name is not valid', 'name');
  const key = entryNameKey(checked.name);
  if (siblingNames.some((n) => entryNameKey(n) === key)) throw new DomainError('folder.name_taken', 'conflict', 'A folder of that name exists here', 'name');
  return checked.name;
}

function checkDepth(parentDepth: number, height: number): void {
  if (parentDepth + height > MAX_FOLDER_DEPTH) throw validation('folder.too_deep', `Folders nest at most ${MAX_FOLDER_DEPTH} levels deep`, 'parent_id');
}

/** Pure decision. @throws DomainError (see the module comment; not_found `folder.not_found`, illegal_state `folder.deleted`). */
export function decide(command: FolderCommand, state: FolderState): FolderEvent[] {
  const { type, data } = command;
  if (data.folderId === ROOT_FOLDER_ID) throw illegalState('folder.root_fixed', 'The top folder cannot be changed');
  if (type === 'CreateFolder') {
    if (state.status !== 'empty') throw new DomainError('folder.exists', 'conflict', 'The folder exists already', 'id');
    checkDepth(data.parentDepth, 1);
    return [{ type: 'FolderCreated', data: { folderId: data.folderId, parentId: data.parentId, name: folderName(data.name, data.siblingNames) } }];
  }
  if (state.status === 'empty') throw notFound('folder.not_found', 'The folder does not exist');
  if (state.status === 'deleted') throw illegalState('folder.deleted', 'The folder has been deleted');
  const folderId = state.folderId;
  switch (type) {
    case 'RenameFolder': {
      const trimmed = data.name.normalize('NFC').trim();
      if (trimmed === state.name) return [];
      const others = trimmed.toLowerCase() === state.name.toLowerCase() ? [] : data.siblingNames;
      return [{ type: 'FolderRenamed', data: { folderId, name: folderName(data.name, others) } }];
    }
    case 'MoveFolder': {
      if (data.parentId === state.parentId) return [];
      if (data.parentId === folderId || data.parentAncestorIds.includes(folderId)) throw validation('folder.cycle', 'A folder cannot be moved into itself or its subfolders', 'parent_id');
      checkDepth(data.parentDepth, Math.max(1, data.subtreeHeight));
      folderName(state.name, data.siblingNames);
      return [{ type: 'FolderMoved', data: { folderId, parentId: data.parentId } }];
    }
    case 'DeleteFolder':
      if (data.childCount > 0 || data.fileCount > 0) throw illegalState('folder.not_empty', 'Only an empty folder can be deleted');
      return [{ type: 'FolderDeleted', data: { folderId } }];
    default:
      return assertNever(command);
  }
}

export function evolve(state: FolderState, event: FolderEvent): FolderState {
  if (event.type === 'FolderCreated') return { status: 'active', folderId: event.data.folderId, parentId: event.data.parentId, name: event.data.name };
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'FolderRenamed':
      return { ...state, name: event.data.name };
    case 'FolderMoved':
      return { ...state, parentId: event.data.parentId };
    case 'FolderDeleted':
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const folderDecider: Decider<FolderCommand, FolderEvent, FolderState> = { decide, evolve, initialState };
