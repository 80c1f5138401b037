/** Zod schemas of the Album aggregate's event data (domain/gallery/album.ts AlbumEvent), for readers of stored events. */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LocalizedSchema } from '../shared/localized-schema.js';
import type { AlbumEvent } from './album.js';

const albumId = z.string();
export const ALBUM_EVENT_SCHEMAS: EventDataSchemas<AlbumEvent> = {
  AlbumCreated: z.object({ albumId, names: LocalizedSchema }),
  AlbumRenamed: z.object({ albumId, names: LocalizedSchema }),
  AlbumImagesChanged: z.object({ albumId, images: z.array(z.object({ fileId: z.string(), caption: LocalizedSchema })) }),
  AlbumThumbnailChanged: z.object({ albumId, fileId: z.string().nullable() }),
  AlbumPublished: z.object({ albumId }),
  AlbumUnpublished: z.object({ albumId }),
  AlbumDeleted: z.object({ albumId }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseAlbumEvent = eventParser<AlbumEvent>(ALBUM_EVENT_SCHEMAS);
