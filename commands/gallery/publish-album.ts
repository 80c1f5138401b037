/** SetAlbumThumbnail, PublishAlbum, UnpublishAlbum and DeleteAlbum: see domain/gallery/album.ts. */
import { albumHandler } from './album-handler.js';

export const setAlbumThumbnail = albumHandler('SetAlbumThumbnail');
export const publishAlbum = albumHandler('PublishAlbum');
export const unpublishAlbum = albumHandler('UnpublishAlbum');
export const deleteAlbum = albumHandler('DeleteAlbum');
