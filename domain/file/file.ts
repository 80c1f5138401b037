/**
 * The File aggregate (stream `file-{fileId}`; spec 3 "File": id, name, caption, ext, size, createdAt, tags, url,
 * thumbnail, type; "Upload record: folder_id and uploadFile"; spec 7 POST /file/create?ajax=true). An uploaded file
 * whose bytes the server has checked (its type from the bytes, not the name) and stored under a name it chose
 * (commands/file/upload-file.ts); the file manager of a later issue lists them, products name them in `images`
 * (domain/file/image-ref.ts).
 *
 * - UploadFile: records FileUploaded once per file id. The name the user's computer gave is kept for display only
 *   (any folder part and control characters dropped, at most 255 characters; empty: `file.{ext}`); it never reaches
 *   a path. Sizes are in bytes, dimensions in pixels (after the EXIF rotation was applied).
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, validation } from '../shared/errors.js';
import { FILE_ID } from './image-ref.js';

export const toFileStreamId = (fileId: string) => `file-${fileId}`;

/** Longest display name of a file, in characters. */
export const MAX_FILE_NAME = 255;

/** One stored rendition of an image: its nominal width (IMAGE_WIDTHS), real width and height in pixels, bytes. */
export interface FileVariant {
  width: number;
  actualWidth: number;
  height: number;
  bytes: number;
  mime: string;
}

export interface FileFacts {
  fileId: string;
  /** The folder the upload named (File[folder_id]); null: none. */
  folderId: string | null;
  /** Display name (see the module comment). */
  name: string;
  /** The type found in the bytes, e.g. `image/png`, and its usual extension (`png`). */
  mime: string;
  ext: string;
  /** Size of the uploaded bytes. */
  bytes: number;
  /** Pixels of the image as shown (rotation applied); null for a file that is not an image. */
  width: number | null;
  height: number | null;
  variants: FileVariant[];
}

export type FileEvent = Message<'FileUploaded', FileFacts>;
export const FILE_EVENT_TYPES: FileEvent['type'][] = ['FileUploaded'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type FileCommand = Cmd<'UploadFile', FileFacts>;

export type FileState = { status: 'empty' } | { status: 'stored'; file: FileFacts };
export const initialState: FileState = { status: 'empty' };

/** The display name of an uploaded file: the last path segment, without control characters, trimmed, <= 255. */
export function displayFileName(raw: string, ext: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...clean].slice(0, MAX_FILE_NAME).join('') || `file.${ext}`;
}

const positive = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/**
 * Pure decision.
 * @throws DomainError validation `file.invalid` (an id that is not a uuid, sizes that are not positive whole
 *   numbers); conflict `file.exists`.
 */
export function decide(command: FileCommand, state: FileState): FileEvent[] {
  switch (command.type) {
    case 'UploadFile': {
      if (state.status !== 'empty') throw new DomainError('file.exists', 'conflict', 'This file exists already', 'fileId');
      const d = command.data;
      if (!FILE_ID.test(d.fileId)) throw validation('file.invalid', 'A file id is a lower-case uuid', 'fileId');
      if (!positive(d.bytes)) throw validation('file.invalid', 'A file has at least one byte', 'bytes');
      if ((d.width !== null || d.height !== null) && !(positive(d.width) && positive(d.height))) throw validation('file.invalid', 'An image has a width and a height', 'width');
      if (!/^[a-z0-9]{1,10}$/.test(d.ext) || !/^[a-z]+\/[a-z0-9.+-]+$/.test(d.mime)) throw validation('file.invalid', 'Unknown file type', 'mime');
      if (d.variants.some((v) => !positive(v.width) || !positive(v.actualWidth) || !positive(v.height) || !positive(v.bytes))) throw validation('file.invalid', 'A variant has positive sizes', 'variants');
      const folderId = d.folderId?.trim() || null;
      return [{ type: 'FileUploaded', data: { ...d, folderId, name: displayFileName(d.name, d.ext), variants: d.variants.map((v) => ({ ...v })) } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolve(state: FileState, event: FileEvent): FileState {
  switch (event.type) {
    case 'FileUploaded':
      return { status: 'stored', file: event.data };
    default:
      return assertNever(event.type);
  }
}

export const fileDecider: Decider<FileCommand, FileEvent, FileState> = { decide, evolve, initialState };
