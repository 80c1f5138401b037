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
 * - RenameFile (spec 5 "Finder name changes are saved only if the value changed"): FileRenamed only when the name
 *   differs; names as domain/folder/entry-name.ts checks them (`file.name_required`, `file.name_too_long`,
 *   `file.name_invalid`).
 * - ChangeFileCaption: one language's caption (spec 3 "File": caption), at most MAX_CAPTION characters; only when
 *   changed.
 * - TagFile / UntagFile (spec 3 "File tag"): FileTagged / FileUntagged; a tag is 1-MAX_TAG characters, spaces
 *   collapsed, compared case-insensitively (a file holds "Pidurid" once, whatever the casing sent), at most
 *   MAX_TAGS per file; tagging a held tag or untagging one not held records nothing.
 * - MoveFile: FileMoved to another folder (`folderId`, domain/folder ROOT_FOLDER_ID for the top); the handler checks
 *   the folder exists. Same folder: nothing.
 * - DeleteFile: refused while the file is used (`uses`, from the file_usage read model, given by the handler):
 *   illegal_state `file.in_use` with one problem per use (`details.problems`: code `file.in_use`, field
 *   `{kind}:{id}`, message the owner's name), so the finder can list where it is used. A deleted file takes no
 *   further command (`file.deleted`).
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, illegalState, notFound, validation } from '../shared/errors.js';
import { LANGUAGES, type Language, type Localized } from '../shared/localized.js';
import { checkEntryName } from '../folder/entry-name.js';
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

/** Longest caption per language, in characters. */
export const MAX_CAPTION = 500;
/** Longest tag, in characters, and most tags on one file. */
export const MAX_TAG = 50;
export const MAX_TAGS = 30;

/** Where a file is used (the file_usage read model): a product's images, a page's HTML, a gallery album. */
export interface FileUse {
  kind: 'product' | 'page' | 'album';
  id: string;
  /** The owner's name as staff know it (product name, page title, album name). */
  name: string;
}

export type FileEvent =
  | Message<'FileUploaded', FileFacts>
  | Message<'FileRenamed', { fileId: string; name: string }>
  | Message<'FileCaptionChanged', { fileId: string; language: Language; caption: string }>
  | Message<'FileTagged', { fileId: string; tag: string }>
  | Message<'FileUntagged', { fileId: string; tag: string }>
  | Message<'FileMoved', { fileId: string; folderId: string }>
  | Message<'FileDeleted', { fileId: string }>;
export const FILE_EVENT_TYPES: FileEvent['type'][] = ['FileUploaded', 'FileRenamed', 'FileCaptionChanged', 'FileTagged', 'FileUntagged', 'FileMoved', 'FileDeleted'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type FileCommand =
  | Cmd<'UploadFile', FileFacts>
  | Cmd<'RenameFile', { fileId: string; name: string }>
  | Cmd<'ChangeFileCaption', { fileId: string; language: Language; caption: string }>
  | Cmd<'TagFile', { fileId: string; tag: string }>
  | Cmd<'UntagFile', { fileId: string; tag: string }>
  | Cmd<'MoveFile', { fileId: string; folderId: string }>
  | Cmd<'DeleteFile', { fileId: string; uses: readonly FileUse[] }>;

export type FileState =
  | { status: 'empty' }
  | { status: 'stored' | 'deleted'; file: FileFacts; captions: Localized; tags: string[] };
export const initialState: FileState = { status: 'empty' };

/** A tag as stored: spaces collapsed and trimmed. @throws DomainError validation `file.tag_invalid` */
export function normaliseTag(raw: string): string {
  const tag = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!tag || [...tag].length > MAX_TAG || /[\u0000-\u001f\u007f-\u009f]/.test(tag)) throw validation('file.tag_invalid', `A tag has 1 to ${MAX_TAG} characters`, 'tag');
  return tag;
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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
      return decideChange(command, state);
  }
}

function decideChange(command: Exclude<FileCommand, { type: 'UploadFile' }>, state: FileState): FileEvent[] {
  if (state.status === 'empty') throw notFound('file.not_found', 'The file does not exist');
  if (state.status === 'deleted') throw illegalState('file.deleted', 'The file has been deleted');
  const fileId = state.file.fileId;
  switch (command.type) {
    case 'RenameFile': {
      const checked = checkEntryName(command.data.name);
      if ('problem' in checked) throw validation(`file.name_${checked.problem}`, 'The file name is not valid', 'name');
      return checked.name === state.file.name ? [] : [{ type: 'FileRenamed', data: { fileId, name: checked.name } }];
    }
    case 'ChangeFileCaption': {
      const { language } = command.data;
      if (!LANGUAGES.includes(language)) throw validation('file.language_unknown', 'Unknown language', 'language');
      const caption = command.data.caption.normalize('NFC').trim();
      if ([...caption].length > MAX_CAPTION || /[\u0000-\u0008\u000b-\u001f\u007f]/.test(caption)) throw validation('file.caption_invalid', `A caption is at most ${MAX_CAPTION} characters`, 'caption');
      return caption === state.captions[language] ? [] : [{ type: 'FileCaptionChanged', data: { fileId, language, caption } }];
    }
    case 'TagFile': {
      const tag = normaliseTag(command.data.tag);
      if (state.tags.some((t) => sameTag(t, tag))) return [];
      if (state.tags.length >= MAX_TAGS) throw validation('file.too_many_tags', `A file holds at most ${MAX_TAGS} tags`, 'tag');
      return [{ type: 'FileTagged', data: { fileId, tag } }];
    }
    case 'UntagFile': {
      const held = state.tags.find((t) => sameTag(t, command.data.tag.normalize('NFC').replace(/\s+/g, ' ').trim()));
      return held === undefined ? [] : [{ type: 'FileUntagged', data: { fileId, tag: held } }];
    }
    case 'MoveFile':
      return command.data.folderId === (state.file.folderId ?? 'root') ? [] : [{ type: 'FileMoved', data: { fileId, folderId: command.data.folderId } }];
    case 'DeleteFile': {
      const { uses } = command.data;
      if (uses.length > 0) {
        throw new DomainError('file.in_use', 'illegal_state', 'The file is still used', undefined, {
          problems: uses.map((u) => ({ code: 'file.in_use', field: `${u.kind}:${u.id}`, message: u.name })),
        });
      }
      return [{ type: 'FileDeleted', data: { fileId } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: FileState, event: FileEvent): FileState {
  if (event.type === 'FileUploaded') return { status: 'stored', file: event.data, captions: { et: '', en: '' }, tags: [] };
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'FileRenamed':
      return { ...state, file: { ...state.file, name: event.data.name } };
    case 'FileCaptionChanged':
      return { ...state, captions: { ...state.captions, [event.data.language]: event.data.caption } };
    case 'FileTagged':
      return { ...state, tags: [...state.tags, event.data.tag] };
    case 'FileUntagged':
      return { ...state, tags: state.tags.filter((t) => t !== event.data.tag) };
    case 'FileMoved':
      return { ...state, file: { ...state.file, folderId: event.data.folderId } };
    case 'FileDeleted':
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const fileDecider: Decider<FileCommand, FileEvent, FileState> = { decide, evolve, initialState };
