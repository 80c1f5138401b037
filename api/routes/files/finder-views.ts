/**
 * The finder's views of the files read model (api/contracts/finder.ts) and the wait that lets a save answer with
 * what the next listing shows (the read models follow the event store within milliseconds).
 */
import { fileImageRef, imageSources, imageVariantUrl, type ImageWidth } from '../../../domain/file/image-ref.js';
import { MAX_FOLDER_DEPTH, ROOT_FOLDER_ID } from '../../../domain/folder/folder.js';
import type { Language } from '../../../domain/shared/localized.js';
import type { Database } from '../../../platform/db/database.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { useCounts } from '../../../projections/file-usage/queries.js';
import { fileUsageReadModel } from '../../../projections/file-usage/writer.js';
import { type FileRecord, type FolderRecord, folderPath, getFolder, rootFolder } from '../../../projections/files/queries.js';
import { filesReadModel } from '../../../projections/files/writer.js';
import { galleryReadModel } from '../../../projections/gallery/writer.js';
import { type ReadModel, waitForReadModels } from '../../../projections/read-model.js';
import type { FinderFile, FinderFolder } from '../../contracts/finder.js';
import { ApiError } from '../../plugins/errors.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';

/** A file as the finder shows it; `usedBy` from the file_usage read model. */
export function toFinderFile(f: FileRecord, language: Language, usedBy: number): FinderFile {
  const ref = fileImageRef(f.id);
  const sources = f.width !== null ? imageSources(ref) : { url: '', thumbnail: '', srcset: null };
  return {
    id: f.id,
    ref,
    name: f.name,
    caption: f.captions[language] || '',
    captions: f.captions,
    ext: f.ext,
    size: f.bytes,
    createdAt: f.createdAt,
    tags: f.tags,
    url: sources.url,
    thumbnail: sources.thumbnail,
    srcset: sources.srcset ?? '',
    type: f.mime,
    width: f.width,
    height: f.height,
    folderId: f.folderId,
    variants: f.variants.map((v) => ({ width: v.width, actualWidth: v.actualWidth, height: v.height, bytes: v.bytes, url: imageVariantUrl(f.id, v.width as ImageWidth) })),
    usedBy,
    downloadUrl: `/file/download/${f.id}`,
    version: f.version,
  };
}

/** Files as the finder shows them, with their use counts (one query for all). */
export async function finderFiles(db: Database, files: FileRecord[], language: Language): Promise<FinderFile[]> {
  const counts = await useCounts(db, files.map((f) => f.id));
  return files.map((f) => toFinderFile(f, language, counts.get(f.id) ?? 0));
}

export function toFinderFolder(f: FolderRecord, depth: number): FinderFolder {
  return {
    id: f.id,
    name: f.name,
    parent: f.parentId,
    depth,
    canCreateSubfolder: depth < MAX_FOLDER_DEPTH,
    folderCount: f.folderCount,
    fileCount: f.fileCount,
    version: f.version,
  };
}

/** The folder `id` ('root' too) with its path from the top. @throws ApiError 404 `folder.not_found` */
export async function folderWithPath(db: Database, id: string): Promise<{ folder: FinderFolder; path: { id: string; name: string }[] }> {
  const path = await folderPath(db, id);
  const row = id === ROOT_FOLDER_ID ? await rootFolder(db) : await getFolder(db, id);
  if (!path || !row) throw new ApiError('folder.not_found', 404);
  return { folder: toFinderFolder(row, path.length), path };
}

/** How long a save waits for the read models before answering anyway. */
const WAIT_MS = readModelWaitMs(5000);

/**
 * Waits until `readModels` (default: files, file_usage, gallery) have applied `$all` up to `checkpoint` (zero-padded
 * text in `$all` order; `readModelApplied`: events of other types need not be passed by the stored checkpoint), at
 * most 5 s; '' (nothing appended) returns at once.
 */
export function readModelsCaughtUp(
  db: Database,
  store: EventStore,
  checkpoint: string,
  readModels: readonly ReadModel[] = [filesReadModel, fileUsageReadModel, galleryReadModel],
): Promise<void> {
  return waitForReadModels(db, store, readModels, checkpoint, WAIT_MS);
}

/** The latest of several `$all` checkpoints ('' for none). */
export const latest = (checkpoints: string[]) => checkpoints.reduce((a, b) => (b > a ? b : a), '');

/**
 * A download's Content-Disposition (RFC 6266): attachment, an ASCII fallback name (letters, digits, `.`, `-`, `_`;
 * anything else `_`) and the UTF-8 name as `filename*`, so no quote, separator or control character reaches the header.
 */
export function attachmentDisposition(name: string, ext: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,10}$/, '') || 'file';
  const full = `${base}.${ext}`;
  const ascii = full.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 150) || `file.${ext}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
