/**
 * DeleteFile: see domain/file/file.ts. Its uses come from the file_usage read model (names in `language`), so the
 * refusal `file.in_use` lists every product, page and album that still shows the file. Once FileDeleted is appended
 * the renditions are removed from the storage (platform/files/file-storage.ts); a removal that fails leaves
 * unreachable bytes, never a listed file without them.
 */
import type { Language } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { FileStorage } from '../../platform/files/file-storage.js';
import { fileUses } from '../../projections/file-usage/queries.js';
import type { CommandContext } from '../shared/command-handler.js';
import { fileHandler } from './file-handler.js';

const remove = fileHandler('DeleteFile');

export async function deleteFile(deps: { store: EventStore; db: Database; storage: FileStorage }, data: { fileId: string; language: Language }, ctx: CommandContext) {
  const uses = await fileUses(deps.db, data.fileId, data.language);
  const result = await remove(deps.store, { fileId: data.fileId, uses }, ctx);
  if (result.events.some((e) => e.type === 'FileDeleted')) await deps.storage.remove(data.fileId).catch(() => undefined);
  return result;
}
