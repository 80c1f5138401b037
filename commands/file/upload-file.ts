/**
 * UploadFile (product images; spec 7 POST /file/create?ajax=true; spec 5 "Uploads"): checks the uploaded bytes,
 * stores their renditions and records FileUploaded (domain/file/file.ts) with the acting staff user in metadata.
 *
 * 1. The type comes from the bytes (`file-type`), never from the name or the type the browser sent: only the image
 *    types of IMAGE_MIME_TYPES are accepted (product images; spec 2's file manager may widen this).
 * 2. The image is decoded by `sharp`, turned upright (EXIF orientation) and re-encoded as WebP at every width of
 *    IMAGE_WIDTHS (domain/file/image-ref.ts), without any of the original's metadata (EXIF, GPS); the original bytes
 *    are not kept.
 * 3. The renditions are written to the storage under `{fileId}/{width}.webp` (platform/files/file-storage.ts), then
 *    the event is appended; if the append fails the renditions are removed again.
 *
 * The size limit is enforced by the caller while the upload streams in (api/routes/files), before this runs.
 * @throws DomainError validation `file.not_an_image` (not one of the image types), `file.too_many_pixels` (more than
 *   MAX_INPUT_PIXELS pixels, refused before decoding), `file.image_unreadable` (the bytes do not decode); conflict
 *   `file.exists` (the id is taken); WorkQueueFullError (platform/files/work-queue.ts) when the process's image work
 *   queue is full
 */
import { type FileFacts, fileDecider, toFileStreamId } from '../../domain/file/file.js';
import { IMAGE_WIDTHS } from '../../domain/file/image-ref.js';
import { validation } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { FileStorage } from '../../platform/files/file-storage.js';
import { detectFileType, ImageTooLargeError, isImageMime, renderImage, UnreadableImageError } from '../../platform/files/images.js';
import { type CommandContext, handleCommand } from '../shared/command-handler.js';

export interface UploadFileInput {
  /** A new uuid the server chose (lower case). */
  fileId: string;
  /** File[folder_id]; null or '' for none. */
  folderId: string | null;
  /** The name the browser sent (display only). */
  name: string;
  /** The uploaded bytes, already within the size limit. */
  bytes: Buffer;
}

/** @returns the recorded facts (name cleaned, sizes, renditions) */
export async function uploadFile(store: EventStore, storage: FileStorage, input: UploadFileInput, ctx: CommandContext): Promise<FileFacts> {
  const type = await detectFileType(input.bytes);
  if (!type || !isImageMime(type.mime)) throw validation('file.not_an_image', 'The file is not an image', 'File[uploadFile]');
  let image: Awaited<ReturnType<typeof renderImage>>;
  try {
    image = await renderImage(input.bytes, IMAGE_WIDTHS);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw validation('file.image_unreadable', 'The image could not be read', 'File[uploadFile]');
    if (error instanceof ImageTooLargeError) throw validation('file.too_many_pixels', error.message, 'File[uploadFile]');
    throw error;
  }
  const facts: FileFacts = {
    fileId: input.fileId,
    folderId: input.folderId,
    name: input.name,
    mime: type.mime,
    ext: type.ext,
    bytes: input.bytes.length,
    width: image.width,
    height: image.height,
    variants: image.renditions.map((r) => ({ width: r.width, actualWidth: r.actualWidth, height: r.height, bytes: r.data.length, mime: 'image/webp' })),
  };
  // Decided before anything is written: a refused command leaves no bytes behind.
  fileDecider.decide({ type: 'UploadFile', data: facts, metadata: { now: ctx.now } }, fileDecider.initialState);
  await storage.put(
    input.fileId,
    image.renditions.map((r) => ({ name: `${r.width}.webp`, data: r.data })),
  );
  try {
    const result = await handleCommand(store, toFileStreamId(input.fileId), fileDecider, { type: 'UploadFile', data: facts, metadata: { now: ctx.now } }, ctx);
    // No event: the same command was appended already (a retried request); its renditions are the ones above.
    const first = result.events[0];
    return first?.type === 'FileUploaded' ? first.data : facts;
  } catch (error) {
    await storage.remove(input.fileId);
    throw error;
  }
}
