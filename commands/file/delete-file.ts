/**
 * DeleteFile: see domain/file/file.ts. The caller gives the file's uses (the file_usage read model), so the refusal
 * `file.in_use` lists every product, page and album that still shows the file. Once FileDeleted is appended the
 * renditions are removed from the storage (platform/files/file-storage.ts); a removal that fails leaves unreachable
 * bytes, never a listed file without them.
 */
import type { FileUse } from '../../domain/file/file.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { FileStorage } from '../../platform/files/file-storage.js';
import type { CommandContext } from '../shared/command-handler.js';
import { fileHandler } from './file-handler.js';

const remove = fileHandler('DeleteFile');

export async function deleteFile(deps: { store: EventStore; storage: FileStorage }, data: { fileId: string; uses: readonly FileUse[] }, ctx: CommandContext) {
  const result = await remove(deps.store, data, ctx);
  if (result.events.some((e) => e.type === 'FileDeleted')) await deps.storage.remove(data.fileId).catch(() => undefined);
  return result;
}
