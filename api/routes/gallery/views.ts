/** The gallery's views of the gallery and files read models (api/contracts/gallery.ts). */
import { fileImageRef, IMAGE_WIDTHS, imageSources, imageVariantUrl, type ImageWidth } from '../../../domain/file/image-ref.js';
import type { Language } from '../../../domain/shared/localized.js';
import type { Database } from '../../../platform/db/database.js';
import { type FileRecord, getFiles } from '../../../projections/files/queries.js';
import type { AlbumRecord } from '../../../projections/gallery/queries.js';
import type { AdminAlbum, GalleryAlbum, GalleryImage } from '../../contracts/gallery.js';

const pick = (v: { et: string; en: string }, language: Language) => v[language] || v.et || v.en;

/** One picture; null for a file that is no image (or gone). */
export function galleryImage(file: FileRecord | undefined, caption: { et: string; en: string }, language: Language): GalleryImage | null {
  if (!file || file.width === null || file.height === null) return null;
  const s = imageSources(fileImageRef(file.id));
  const widest = file.variants.map((v) => v.width).filter((w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w)).reduce<number>((a, w) => Math.max(a, w), 0);
  return { id: file.id, url: s.url, full: widest ? imageVariantUrl(file.id, widest as ImageWidth) : s.url, thumbnail: s.thumbnail, srcset: s.srcset ?? '', width: file.width, height: file.height, caption: pick(caption, language) };
}

/** The files of the albums' images, by id (one query). */
export async function albumFiles(db: Database, albums: AlbumRecord[]): Promise<Map<string, FileRecord>> {
  const ids = [...new Set(albums.flatMap((a) => a.images.map((i) => i.fileId)))];
  return new Map((await getFiles(db, ids)).map((f) => [f.id, f]));
}

/** The album's pictures in order (images whose file is gone are left out). */
export function albumImages(album: AlbumRecord, files: Map<string, FileRecord>, language: Language): GalleryImage[] {
  return album.images.map((i) => galleryImage(files.get(i.fileId), i.caption, language)).filter((i): i is GalleryImage => i !== null);
}

export function galleryAlbum(album: AlbumRecord, files: Map<string, FileRecord>, language: Language): GalleryAlbum {
  const images = albumImages(album, files, language);
  const thumb = album.thumbnail ? images.find((i) => i.id === album.thumbnail) : undefined;
  return { id: album.id, name: pick(album.names, language), thumbnail: thumb ?? images[0] ?? null, imageCount: images.length };
}

export function adminAlbum(album: AlbumRecord, files: Map<string, FileRecord>, language: Language): AdminAlbum {
  const tile = galleryAlbum(album, files, language);
  const images = album.images.flatMap((i) => {
    const img = galleryImage(files.get(i.fileId), i.caption, language);
    return img ? [{ ...img, fileId: i.fileId, captions: i.caption, name: files.get(i.fileId)!.name }] : [];
  });
  return { id: album.id, names: album.names, name: tile.name, published: album.published, thumbnailFileId: album.thumbnail, thumbnail: tile.thumbnail, images, imageCount: images.length, createdAt: album.createdAt, changedAt: album.changedAt, version: album.version };
}
