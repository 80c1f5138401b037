/**
 * The album editor's calls (/v1/admin/gallery/albums, api/routes/admin/gallery.ts; read `files.view`, write
 * `files.edit` with the staff CSRF token): list, read, create, save (PUT with the `version` the screen read: a 409
 * `album.changed_meanwhile` names who saved meanwhile and when), delete. Answers are the album as the editor shows it
 * (api/contracts/gallery.ts AdminAlbum), in the interface language.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAlbum } from '../../../../../api/contracts/gallery';
import { ApiError } from '../../../lib/api-client';
import { staffDelete, staffGet, staffPost, staffPut } from '../../../lib/staff/session-expiry';

export type { AdminAlbum };

/** What a save sends: the version read plus any of names, the ordered images with captions, thumbnail, published. */
export interface AlbumSave {
  version: number;
  names?: { et: string; en: string };
  images?: { fileId: string; caption: { et: string; en: string } }[];
  thumbnail?: string | null;
  published?: boolean;
}

const BASE = '/v1/admin/gallery/albums';
export const ALBUMS_KEY = ['admin', 'gallery', 'albums'] as const;

export const albumsQueryOptions = () => queryOptions({ queryKey: ALBUMS_KEY, queryFn: async ({ signal }) => (await staffGet<{ data: AdminAlbum[] }>(BASE, signal)).body.data, staleTime: 0 });
export const albumQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...ALBUMS_KEY, id] as const, queryFn: async ({ signal }) => (await staffGet<{ data: AdminAlbum }>(`${BASE}/${encodeURIComponent(id)}`, signal)).body.data, staleTime: 0 });

export const useAlbums = () => useQuery(albumsQueryOptions());
/** `id` empty (/admin/gallery/create): no request. */
export const useAlbum = (id: string) => useQuery({ ...albumQueryOptions(id), enabled: id !== '' });

/** Whether a save was refused because someone else saved the album after it was read. */
export const isAlbumChangedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'album.changed_meanwhile';

export function useCreateAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (names: { et: string; en: string }) => (await staffPost<{ data: AdminAlbum }>(BASE, { names })).body.data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ALBUMS_KEY }),
  });
}

export function useSaveAlbum(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: AlbumSave) => (await staffPut<{ data: AdminAlbum }>(`${BASE}/${encodeURIComponent(id)}`, save, { saveErrorToast: false })).body.data,
    onSuccess: (album) => {
      client.setQueryData(albumQueryOptions(id).queryKey, album);
      void client.invalidateQueries({ queryKey: ALBUMS_KEY, exact: true });
    },
  });
}

export function useDeleteAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await staffDelete(`${BASE}/${encodeURIComponent(id)}`);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ALBUMS_KEY }),
  });
}
