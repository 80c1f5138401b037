/**
 * SetAlbumImages: see domain/gallery/album.ts. The caller gives `imageFileIds`, which of the files sent are uploaded
 * images (not deleted, with pixels; the files read model); any other is refused (`album.image_unknown`).
 */
import { albumHandler } from './album-handler.js';

export const setAlbumImages = albumHandler('SetAlbumImages');
