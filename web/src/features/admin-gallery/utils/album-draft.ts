/**
 * The album editor's draft (pure): the ordered pictures with captions per language, and the moves the screen makes
 * (drag, keyboard, buttons), so the order logic is tested without a browser.
 */

export interface DraftImage {
  fileId: string;
  /** File name, for labels and announcements. */
  name: string;
  /** 160 px rendition for the row. */
  thumbnail: string;
  caption: { et: string; en: string };
}

export interface AlbumDraft {
  names: { et: string; en: string };
  images: DraftImage[];
  /** The chosen thumbnail's file id, null for the first picture. */
  thumbnail: string | null;
  published: boolean;
}

/** `images` with the picture `fileId` moved to where `overId` stands (drag and drop); unchanged when either is unknown. */
export function moveImage(images: readonly DraftImage[], fileId: string, overId: string): DraftImage[] {
  const from = images.findIndex((i) => i.fileId === fileId);
  const to = images.findIndex((i) => i.fileId === overId);
  if (from < 0 || to < 0 || from === to) return images as DraftImage[];
  const next = [...images];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** `images` with picture `fileId` moved `by` places (-1 earlier, +1 later), kept inside the list. */
export function shiftImage(images: readonly DraftImage[], fileId: string, by: number): DraftImage[] {
  const from = images.findIndex((i) => i.fileId === fileId);
  if (from < 0) return images as DraftImage[];
  const to = Math.max(0, Math.min(images.length - 1, from + by));
  return to === from ? (images as DraftImage[]) : moveImage(images, fileId, images[to]!.fileId);
}

/** The draft without picture `fileId` (the thumbnail cleared when it was that picture, as the server does). */
export function removeImage(draft: AlbumDraft, fileId: string): AlbumDraft {
  return { ...draft, images: draft.images.filter((i) => i.fileId !== fileId), thumbnail: draft.thumbnail === fileId ? null : draft.thumbnail };
}

/** Whether two drafts would save the same album. */
export function sameDraft(a: AlbumDraft, b: AlbumDraft): boolean {
  const key = (d: AlbumDraft) => JSON.stringify([d.names.et, d.names.en, d.thumbnail, d.published, d.images.map((i) => [i.fileId, i.caption.et, i.caption.en])]);
  return key(a) === key(b);
}
