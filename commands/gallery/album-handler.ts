/** The handler factory of the gallery Album aggregate (stream `album-{albumId}`, domain/gallery/album.ts). */
import { albumDecider, toAlbumStreamId } from '../../domain/gallery/album.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const albumHandler = aggregateHandler(albumDecider, (data: { albumId: string }) => toAlbumStreamId(data.albumId));
