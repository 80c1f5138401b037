/**
 * The finder's folder calls (spec 7; files.edit, CSRF): POST /folder/create {parent_id, name}, POST
 * /folder/update/{id} {Folder: {name?, parent_id?}} (a rename to the same name records nothing: spec 5), POST
 * /folder/delete?id= (only an empty folder: 409 `folder.not_empty`). Refusals are ApiError with the api's message in
 * the interface language (`folder.name_taken`, `folder.too_deep`, `folder.cycle`, ...). Each invalidates the finder.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinderFolder } from '../../../../../api/contracts/finder';
import { staffPost } from '../../../lib/staff/session-expiry';
import { FINDER_KEY } from './get-folder';

export async function createFolder(parentId: string, name: string): Promise<FinderFolder> {
  return (await staffPost<{ model: FinderFolder }>('/folder/create', { parent_id: parentId, name })).body.model;
}

export async function updateFolder(id: string, change: { name?: string; parent_id?: string }): Promise<FinderFolder> {
  return (await staffPost<{ model: FinderFolder }>(`/folder/update/${encodeURIComponent(id)}`, { Folder: change })).body.model;
}

export async function deleteFolder(id: string): Promise<void> {
  await staffPost(`/folder/delete?id=${encodeURIComponent(id)}`, {});
}

export function useFolderChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: FINDER_KEY });
  return {
    create: useMutation({ mutationFn: ({ parentId, name }: { parentId: string; name: string }) => createFolder(parentId, name), onSettled }),
    update: useMutation({ mutationFn: ({ id, change }: { id: string; change: { name?: string; parent_id?: string } }) => updateFolder(id, change), onSettled }),
    remove: useMutation({ mutationFn: (id: string) => deleteFolder(id), onSettled }),
  };
}
