/**
 * Zod schemas of the File aggregate's event data (domain/file/file.ts FileEvent), for the readers of stored events
 * (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LANGUAGES } from '../shared/localized.js';
import type { FileEvent } from './file.js';

const variant = z.object({ width: z.number().int(), actualWidth: z.number().int(), height: z.number().int(), bytes: z.number().int(), mime: z.string() });

export const FILE_EVENT_SCHEMAS: EventDataSchemas<FileEvent> = {
  FileUploaded: z.object({
    fileId: z.string(),
    folderId: z.string().nullable(),
    name: z.string(),
    mime: z.string(),
    ext: z.string(),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    variants: z.array(variant),
  }),
  FileRenamed: z.object({ fileId: z.string(), name: z.string() }),
  FileCaptionChanged: z.object({ fileId: z.string(), language: z.enum(LANGUAGES), caption: z.string() }),
  FileTagged: z.object({ fileId: z.string(), tag: z.string() }),
  FileUntagged: z.object({ fileId: z.string(), tag: z.string() }),
  FileMoved: z.object({ fileId: z.string(), folderId: z.string() }),
  FileDeleted: z.object({ fileId: z.string() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseFileEvent = eventParser<FileEvent>(FILE_EVENT_SCHEMAS);
