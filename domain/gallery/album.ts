/**
 * The gallery Album aggregate (stream `album-{albumId}`, albumId a uuid, stable for links `/{lang}/gallery/{albumId}`;
 * spec 3 "Gallery album": id, name, thumbnail, image list; spec 2 "Gallery"). Staff build albums in the back office;
 * shoppers see published ones only.
 *
 * - CreateAlbum: a name per language (one language fills the other), unpublished, no images.
 * - RenameAlbum: the languages sent; only when changed.
 * - SetAlbumImages: the whole ordered list of images (file ids) with a caption per language; at most MAX_ALBUM_IMAGES,
 *   each file once. The handler gives `imageFileIds`: which of the files exist as images (the files read model); any
 *   other is refused (`album.image_unknown`). When the thumbnail leaves the list it is cleared (AlbumThumbnailChanged
 *   null), and an album left without images is unpublished.
 * - SetAlbumThumbnail: one of the album's images, or null (the first image is shown then).
 * - PublishAlbum (needs at least one image: `album.empty`) / UnpublishAlbum; DeleteAlbum. Unchanged: nothing.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, illegalState, notFound, validation } from '../shared/errors.js';
import type { Localized } from '../shared/localized.js';

export const toAlbumStreamId = (albumId: string) => `album-${albumId}`;
/** Most images one album holds; longest album name and image caption, in characters. */
export const MAX_ALBUM_IMAGES = 500;
export const MAX_ALBUM_NAME = 120;
export const MAX_IMAGE_CAPTION = 500;

export interface AlbumImage {
  fileId: string;
  caption: Localized;
}

export type AlbumEvent =
  | Message<'AlbumCreated', { albumId: string; names: Localized }>
  | Message<'AlbumRenamed', { albumId: string; names: Localized }>
  | Message<'AlbumImagesChanged', { albumId: string; images: AlbumImage[] }>
  | Message<'AlbumThumbnailChanged', { albumId: string; fileId: string | null }>
  | Message<'AlbumPublished', { albumId: string }>
  | Message<'AlbumUnpublished', { albumId: string }>
  | Message<'AlbumDeleted', { albumId: string }>;
export const ALBUM_EVENT_TYPES: AlbumEvent['type'][] = ['AlbumCreated', 'AlbumRenamed', 'AlbumImagesChanged', 'AlbumThumbnailChanged', 'AlbumPublished', 'AlbumUnpublished', 'AlbumDeleted'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type AlbumCommand =
  | Cmd<'CreateAlbum', { albumId: string; names: Partial<Localized> }>
  | Cmd<'RenameAlbum', { albumId: string; names: Partial<Localized> }>
  | Cmd<'SetAlbumImages', { albumId: string; images: readonly { fileId: string; caption?: Partial<Localized> }[]; imageFileIds: readonly string[] }>
  | Cmd<'SetAlbumThumbnail', { albumId: string; fileId: string | null }>
  | Cmd<'PublishAlbum', { albumId: string }>
  | Cmd<'UnpublishAlbum', { albumId: string }>
  | Cmd<'DeleteAlbum', { albumId: string }>;

export type AlbumState =
  | { status: 'empty' }
  | { status: 'active' | 'deleted'; albumId: string; names: Localized; images: AlbumImage[]; thumbnail: string | null; published: boolean };
export const initialState: AlbumState = { status: 'empty' };

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function text(raw: string | undefined, max: number, code: string, field: string): string {
  const t = (raw ?? '').normalize('NFC').trim();
  if ([...t].length > max || CONTROL.test(t)) throw validation(code, `At most ${max} characters, no control characters`, field);
  return t;
}

/** Names of a new album: one language fills the other. @throws validation `album.name_invalid`, `album.name_required` */
function newNames(names: Partial<Localized>): Localized {
  const et = text(names.et, MAX_ALBUM_NAME, 'album.name_invalid', 'name');
  const en = text(names.en, MAX_ALBUM_NAME, 'album.name_invalid', 'name');
  if (!et && !en) throw validation('album.name_required', 'An album needs a name', 'name');
  return { et: et || en, en: en || et };
}

/** Pure decision. @throws DomainError (see the module comment; `album.not_found`, `album.deleted`, `album.exists`). */
export function decide(command: AlbumCommand, state: AlbumState): AlbumEvent[] {
  const { type, data } = command;
  if (type === 'CreateAlbum') {
    if (state.status !== 'empty') throw new DomainError('album.exists', 'conflict', 'The album exists already', 'id');
    return [{ type: 'AlbumCreated', data: { albumId: data.albumId, names: newNames(data.names) } }];
  }
  if (state.status === 'empty') throw notFound('album.not_found', 'The album does not exist');
  if (state.status === 'deleted') throw illegalState('album.deleted', 'The album has been deleted');
  const albumId = state.albumId;
  switch (type) {
    case 'RenameAlbum': {
      const names = { ...state.names };
      for (const l of ['et', 'en'] as const) {
        if (data.names[l] === undefined) continue;
        const t = text(data.names[l], MAX_ALBUM_NAME, 'album.name_invalid', 'name');
        if (!t) throw validation('album.name_required', 'An album needs a name', 'name');
        names[l] = t;
      }
      return names.et === state.names.et && names.en === state.names.en ? [] : [{ type: 'AlbumRenamed', data: { albumId, names } }];
    }
    case 'SetAlbumImages': {
      if (data.images.length > MAX_ALBUM_IMAGES) throw validation('album.too_many_images', `An album holds at most ${MAX_ALBUM_IMAGES} images`, 'images');
      const known = new Set(data.imageFileIds);
      const seen = new Set<string>();
      const images: AlbumImage[] = data.images.map((img, i) => {
        if (!known.has(img.fileId)) throw validation('album.image_unknown', 'Not an uploaded image', `images.${i}.fileId`);
        if (seen.has(img.fileId)) throw validation('album.image_twice', 'An image is in the album once', `images.${i}.fileId`);
        seen.add(img.fileId);
        return { fileId: img.fileId, caption: { et: text(img.caption?.et, MAX_IMAGE_CAPTION, 'album.caption_invalid', `images.${i}.caption`), en: text(img.caption?.en, MAX_IMAGE_CAPTION, 'album.caption_invalid', `images.${i}.caption`) } };
      });
      const events: AlbumEvent[] = [];
      if (JSON.stringify(images) !== JSON.stringify(state.images)) events.push({ type: 'AlbumImagesChanged', data: { albumId, images } });
      if (state.thumbnail !== null && !seen.has(state.thumbnail)) events.push({ type: 'AlbumThumbnailChanged', data: { albumId, fileId: null } });
      if (state.published && images.length === 0) events.push({ type: 'AlbumUnpublished', data: { albumId } });
      return events;
    }
    case 'SetAlbumThumbnail':
      if (data.fileId !== null && !state.images.some((i) => i.fileId === data.fileId)) throw validation('album.thumbnail_not_in_album', 'The thumbnail is one of the album\'s images', 'thumbnail');
      return data.fileId === state.thumbnail ? [] : [{ type: 'AlbumThumbnailChanged', data: { albumId, fileId: data.fileId } }];
    case 'PublishAlbum':
      if (state.published) return [];
      if (state.images.length === 0) throw illegalState('album.empty', 'An album without images cannot be published');
      return [{ type: 'AlbumPublished', data: { albumId } }];
    case 'UnpublishAlbum':
      return state.published ? [{ type: 'AlbumUnpublished', data: { albumId } }] : [];
    case 'DeleteAlbum':
      return [{ type: 'AlbumDeleted', data: { albumId } }];
    default:
      return assertNever(command);
  }
}

export function evolve(state: AlbumState, event: AlbumEvent): AlbumState {
  if (event.type === 'AlbumCreated') return { status: 'active', albumId: event.data.albumId, names: event.data.names, images: [], thumbnail: null, published: false };
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'AlbumRenamed':
      return { ...state, names: event.data.names };
    case 'AlbumImagesChanged':
      return { ...state, images: event.data.images };
    case 'AlbumThumbnailChanged':
      return { ...state, thumbnail: event.data.fileId };
    case 'AlbumPublished':
      return { ...state, published: true };
    case 'AlbumUnpublished':
      return { ...state, published: false };
    case 'AlbumDeleted':
      return { ...state, status: 'deleted', published: false };
    default:
      return assertNever(event);
  }
}

export const albumDecider: Decider<AlbumCommand, AlbumEvent, AlbumState> = { decide, evolve, initialState };
