/** MoveFile: see domain/file/file.ts. The target folder must be live (`folder.not_found`, commands/folder/folder-handler.ts). */
import type { EventStore } from '../../platform/event-store/port.js';
import { assertFolderExists } from '../folder/folder-handler.js';
import type { CommandContext } from '../shared/command-handler.js';
import { fileHandler } from './file-handler.js';

const move = fileHandler('MoveFile');

export async function moveFile(store: EventStore, data: { fileId: string; folderId: string }, ctx: CommandContext) {
  await assertFolderExists(store, data.folderId);
  return move(store, data, ctx);
}
