/**
 * The gallery's reads (spec 7 GET /gallery/index and GET /gallery/get-images-by-album?id=, under /v1;
 * api/routes/gallery): the published albums as tiles, and one album's pictures with its name. Both are silent
 * (spec 8: "gallery and album load failures: swallowed silently": no toast or flash); the pages show what they have.
 * The server render fills the same query keys (app/prefetch-route.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Language } from '../../../../../api/contracts/catalog';
import type { GalleryAlbum, GalleryImage } from '../../../../../api/contracts/gallery';
import { getJson, withQuery } from '../../../lib/api-client';

export type { GalleryAlbum, GalleryImage };

/** One album's page: its tile (name, thumbnail) and its pictures in order. */
export interface AlbumPictures {
  album: GalleryAlbum;
  images: GalleryImage[];
}

/** @throws ApiError as `getJson` (silent). */
export async function getGalleryIndex(lang: Language, signal?: AbortSignal): Promise<GalleryAlbum[]> {
  const { body } = await getJson<{ data: GalleryAlbum[] }>(withQuery('/v1/gallery/index', { lang }), { signal, silent: true });
  return body.data;
}

/** @throws ApiError 404 `album.not_found` (unknown, unpublished or deleted album), 400 (not an album id), others as `getJson`. */
export async function getAlbumPictures(id: string, lang: Language, signal?: AbortSignal): Promise<AlbumPictures> {
  const { body } = await getJson<{ data: GalleryImage[]; album: GalleryAlbum }>(withQuery('/v1/gallery/get-images-by-album', { id, lang }), { signal, silent: true });
  return { album: body.album, images: body.data };
}

export const galleryIndexQueryOptions = (lang: Language) =>
  queryOptions({ queryKey: ['gallery', 'index', lang] as const, queryFn: ({ signal }) => getGalleryIndex(lang, signal) });

export const albumPicturesQueryOptions = (id: string, lang: Language) =>
  queryOptions({ queryKey: ['gallery', 'album', id.toLowerCase(), lang] as const, queryFn: ({ signal }) => getAlbumPictures(id, lang, signal) });
