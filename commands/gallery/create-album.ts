/** CreateAlbum and RenameAlbum: see domain/gallery/album.ts. */
import { albumHandler } from './album-handler.js';

export const createAlbum = albumHandler('CreateAlbum');
export const renameAlbum = albumHandler('RenameAlbum');
