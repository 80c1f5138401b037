import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { checkEntryName } from './entry-name.js';
import { type FolderCommand, folderDecider, type FolderEvent, MAX_FOLDER_DEPTH } from './folder.js';

const folder = spec(folderDecider);
const metadata = { now: '2026-11-28T10:00:00.000Z' };
const folderId = '5a0e8c1e-3f7a-4d5e-9a51-2f6d7b8c9d01';
const cmd = <T extends FolderCommand['type']>(type: T, data: Extract<FolderCommand, { type: T }>['data']) => ({ type, data, metadata }) as FolderCommand;
const created: FolderEvent = { type: 'FolderCreated', data: { folderId, parentId: 'root', name: 'Pildid' } };

describe('CreateFolder', () => {
  it('creates a folder with a clean name under a parent above depth 7', () => {
    folder.when(cmd('CreateFolder', { folderId, parentId: 'root', name: '  Pildid ', parentDepth: 0, siblingNames: ['Muu'] })).then([created]);
    folder.when(cmd('CreateFolder', { folderId, parentId: 'p', name: 'Sügav', parentDepth: MAX_FOLDER_DEPTH - 1, siblingNames: [] })).then([{ type: 'FolderCreated', data: { folderId, parentId: 'p', name: 'Sügav' } }]);
  });

  it('refuses depth 8, a sibling of the same name in any casing, separators, NUL and control characters', () => {
    folder.when(cmd('CreateFolder', { folderId, parentId: 'p', name: 'x', parentDepth: MAX_FOLDER_DEPTH, siblingNames: [] })).thenThrows('folder.too_deep', 'validation');
    folder.when(cmd('CreateFolder', { folderId, parentId: 'root', name: 'PILDID', parentDepth: 0, siblingNames: ['pildid'] })).thenThrows('folder.name_taken', 'conflict');
    for (const name of ['a/b', 'a\\b', 'a\u0000b', 'a\nb', '..', '   ']) {
      folder.when(cmd('CreateFolder', { folderId, parentId: 'root', name, parentDepth: 0, siblingNames: [] })).thenThrows(name.trim() ? 'folder.name_invalid' : 'folder.name_required', 'validation');
    }
    folder.when(cmd('CreateFolder', { folderId: 'root', parentId: 'root', name: 'x', parentDepth: 0, siblingNames: [] })).thenThrows('folder.root_fixed');
    folder.given([created]).when(cmd('CreateFolder', { folderId, parentId: 'root', name: 'x', parentDepth: 0, siblingNames: [] })).thenThrows('folder.exists', 'conflict');
  });
});

describe('RenameFolder', () => {
  it('records a rename only when the name changed (spec 5), a change of case included', () => {
    folder.given([created]).when(cmd('RenameFolder', { folderId, name: ' Pildid ', siblingNames: ['Muu'] })).then([]);
    folder.given([created]).when(cmd('RenameFolder', { folderId, name: 'PILDID', siblingNames: ['Muu'] })).then([{ type: 'FolderRenamed', data: { folderId, name: 'PILDID' } }]);
    folder.given([created]).when(cmd('RenameFolder', { folderId, name: 'muu', siblingNames: ['Muu'] })).thenThrows('folder.name_taken');
    folder.when(cmd('RenameFolder', { folderId, name: 'x', siblingNames: [] })).thenThrows('folder.not_found', 'not_found');
  });
});

describe('MoveFolder', () => {
  const move = (data: Partial<Extract<FolderCommand, { type: 'MoveFolder' }>['data']>) =>
    cmd('MoveFolder', { folderId, parentId: 'p', parentDepth: 1, subtreeHeight: 1, parentAncestorIds: ['p'], siblingNames: [], ...data });

  it('moves, and records nothing for the same parent', () => {
    folder.given([created]).when(move({})).then([{ type: 'FolderMoved', data: { folderId, parentId: 'p' } }]);
    folder.given([created]).when(move({ parentId: 'root', parentDepth: 0, parentAncestorIds: [] })).then([]);
  });

  it('counts the moved subtree against depth 7, refuses cycles and a clashing name at the target', () => {
    folder.given([created]).when(move({ parentDepth: 4, subtreeHeight: 3 })).then([{ type: 'FolderMoved', data: { folderId, parentId: 'p' } }]);
    folder.given([created]).when(move({ parentDepth: 5, subtreeHeight: 3 })).thenThrows('folder.too_deep', 'validation');
    folder.given([created]).when(move({ parentId: folderId })).thenThrows('folder.cycle');
    folder.given([created]).when(move({ parentAncestorIds: ['p', folderId] })).thenThrows('folder.cycle');
    folder.given([created]).when(move({ siblingNames: ['pildid'] })).thenThrows('folder.name_taken');
  });
});

describe('DeleteFolder', () => {
  it('deletes only an empty folder, once', () => {
    folder.given([created]).when(cmd('DeleteFolder', { folderId, childCount: 0, fileCount: 0 })).then([{ type: 'FolderDeleted', data: { folderId } }]);
    folder.given([created]).when(cmd('DeleteFolder', { folderId, childCount: 1, fileCount: 0 })).thenThrows('folder.not_empty', 'illegal_state');
    folder.given([created]).when(cmd('DeleteFolder', { folderId, childCount: 0, fileCount: 2 })).thenThrows('folder.not_empty');
    folder.given([created, { type: 'FolderDeleted', data: { folderId } }]).when(cmd('RenameFolder', { folderId, name: 'x', siblingNames: [] })).thenThrows('folder.deleted');
  });
});

describe('checkEntryName', () => {
  it('normalises to NFC and refuses names over 255 characters', () => {
    expect(checkEntryName('Ka\u0308ru')).toEqual({ name: 'Käru' });
    expect(checkEntryName('a'.repeat(256))).toEqual({ problem: 'too_long' });
  });
});
