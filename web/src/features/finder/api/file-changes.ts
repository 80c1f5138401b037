/**
 * The finder's file calls (spec 7; files.edit, CSRF): POST /file/update/{id} {File: {name?, caption?, folder_id?}}
 * (a name is sent only when it changed, spec 5; the caption as `{ et, en }`), POST /file/delete {ids[]} (none is
 * deleted while any is used: 409 `file.in_use` with one error per use, `field` `{kind}:{ownerId}`, read by
 * `usesOf`), POST /file-tag/create {FileTags: [{file_id, tag}]}, POST /file-tag/delete {tag, ids}. Each invalidates
 * the finder's queries. Every change carries the version of each file the finder showed: a file changed since
 * answers 409 `file.changed_meanwhile` with nothing written (`isFileChangedMeanwhile`), and the finder offers a
 * reload.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinderFile } from '../../../../../api/contracts/finder';
import { ApiError } from '../../../lib/api-client';
import { staffPost } from '../../../lib/staff/session-expiry';
import { rememberDeletedFiles, rememberSavedFile } from './get-files';
import { FINDER_KEY } from './get-folder';

export interface FileChange {
  name?: string;
  caption?: { et?: string; en?: string };
  folder_id?: string;
}

/** A save refused because the file changed after the finder showed it (409, nothing written). */
export const isFileChangedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'file.changed_meanwhile';

/** `version`: the file's version the finder showed (undefined: the last save wins). */
export async function updateFile(id: string, change: FileChange, version?: number): Promise<FinderFile> {
  const body = { File: version === undefined ? change : { ...change, version } };
  const saved = (await staffPost<{ model: FinderFile }>(`/file/update/${encodeURIComponent(id)}`, body)).body.model;
  rememberSavedFile(saved);
  return saved;
}

export async function deleteFiles(ids: string[]): Promise<void> {
  await staffPost('/file/delete', { ids });
  rememberDeletedFiles(ids);
}

/** Tags `files` (each gets one FileTagged event unless it holds the tag in any letter case). */
export async function tagFiles(files: FinderFile[], tag: string): Promise<void> {
  await staffPost('/file-tag/create', { FileTags: files.map((f) => ({ file_id: f.id, tag, version: f.version })) });
  const key = tag.toLowerCase();
  for (const f of files) if (!f.tags.some((x) => x.toLowerCase() === key)) rememberSavedFile({ ...f, tags: [...f.tags, tag], version: f.version + 1 });
}

/** Takes `tag` off `files` (those holding it). */
export async function untagFiles(files: FinderFile[], tag: string): Promise<void> {
  await staffPost('/file-tag/delete', { tag, ids: files.map((f) => f.id), versions: files.map((f) => f.version) });
  for (const f of files) rememberSavedFile({ ...f, tags: f.tags.filter((x) => x !== tag), version: f.version + 1 });
}

/** One place a file is used, from a 409 `file.in_use`: the kind, the owner's id and the api's sentence. */
export interface FileUse {
  kind: 'product' | 'page' | 'album' | string;
  id: string;
  message: string;
}

/** The uses listed by a delete's refusal (409 `file.in_use`); [] for any other error. */
export function usesOf(error: unknown): FileUse[] {
  if (!(error instanceof ApiError) || error.code !== 'file.in_use') return [];
  const errors = (error.body as { errors?: { code?: string; field?: string; message?: string }[] } | undefined)?.errors ?? [];
  return errors
    .filter((e) => e.code === 'file.in_use' && typeof e.field === 'string')
    .map((e) => {
      const [kind = '', ...rest] = e.field!.split(':');
      return { kind, id: rest.join(':'), message: e.message ?? '' };
    });
}

export function useFileChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: FINDER_KEY });
  return {
    /** Refetches the finder's queries (after uploads); resolves when they are in. */
    invalidate: onSettled,
    update: useMutation({ mutationFn: ({ id, change, version }: { id: string; change: FileChange; version?: number }) => updateFile(id, change, version), onSettled }),
    remove: useMutation({ mutationFn: (ids: string[]) => deleteFiles(ids), onSettled }),
    tag: useMutation({ mutationFn: ({ files, tag }: { files: FinderFile[]; tag: string }) => tagFiles(files, tag), onSettled }),
    untag: useMutation({ mutationFn: ({ files, tag }: { files: FinderFile[]; tag: string }) => untagFiles(files, tag), onSettled }),
  };
}
