/**
 * SetAlbumImages: see domain/gallery/album.ts. Which of the files sent are uploaded images (not deleted, with
 * pixels) comes from the files read model; any other is refused (`album.image_unknown`).
 */
import type { Localized } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { getFiles } from '../../projections/files/queries.js';
import type { CommandContext } from '../shared/command-handler.js';
import { albumHandler } from './album-handler.js';

const set = albumHandler('SetAlbumImages');

export async function setAlbumImages(deps: { store: EventStore; db: Database }, data: { albumId: string; images: { fileId: string; caption?: Partial<Localized> }[] }, ctx: CommandContext) {
  const files = await getFiles(deps.db, [...new Set(data.images.map((i) => i.fileId))]);
  return set(deps.store, { ...data, imageFileIds: files.filter((f) => f.width !== null).map((f) => f.id) }, ctx);
}
