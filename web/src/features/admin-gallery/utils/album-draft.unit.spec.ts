/** The album editor's order and draft rules (features/admin-gallery/utils/album-draft.ts). */
import { describe, expect, it } from 'vitest';
import { type AlbumDraft, type DraftImage, moveImage, removeImage, sameDraft, shiftImage } from './album-draft';

const img = (id: string): DraftImage => ({ fileId: id, name: `${id}.png`, thumbnail: '', caption: { et: '', en: '' } });
const ids = (images: DraftImage[]) => images.map((i) => i.fileId);
const list = [img('a'), img('b'), img('c'), img('d')];

describe('album draft', () => {
  it('moves a picture to where another stands, either direction', () => {
    expect(ids(moveImage(list, 'a', 'c'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(moveImage(list, 'd', 'b'))).toEqual(['a', 'd', 'b', 'c']);
    expect(moveImage(list, 'a', 'x')).toBe(list);
    expect(moveImage(list, 'a', 'a')).toBe(list);
  });

  it('shifts a picture one place earlier or later, never past the ends', () => {
    expect(ids(shiftImage(list, 'b', -1))).toEqual(['b', 'a', 'c', 'd']);
    expect(ids(shiftImage(list, 'b', 1))).toEqual(['a', 'c', 'b', 'd']);
    expect(shiftImage(list, 'a', -1)).toBe(list);
    expect(shiftImage(list, 'd', 1)).toBe(list);
  });

  it('clears the thumbnail with its picture and compares drafts by what a save sends', () => {
    const draft: AlbumDraft = { names: { et: 'A', en: 'A' }, images: list, thumbnail: 'c', published: true };
    expect(removeImage(draft, 'c')).toMatchObject({ thumbnail: null, images: [img('a'), img('b'), img('d')] });
    expect(removeImage(draft, 'a').thumbnail).toBe('c');
    expect(sameDraft(draft, { ...draft, images: [...list] })).toBe(true);
    expect(sameDraft(draft, { ...draft, images: moveImage(list, 'a', 'b') })).toBe(false);
    expect(sameDraft(draft, { ...draft, images: list.map((i, n) => (n === 0 ? { ...i, caption: { et: 'x', en: '' } } : i)) })).toBe(false);
  });
});
