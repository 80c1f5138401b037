/** Zod schemas of the Folder aggregate's event data (domain/folder/folder.ts FolderEvent), for readers of stored events. */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import type { FolderEvent } from './folder.js';

export const FOLDER_EVENT_SCHEMAS: EventDataSchemas<FolderEvent> = {
  FolderCreated: z.object({ folderId: z.string(), parentId: z.string(), name: z.string() }),
  FolderRenamed: z.object({ folderId: z.string(), name: z.string() }),
  FolderMoved: z.object({ folderId: z.string(), parentId: z.string() }),
  FolderDeleted: z.object({ folderId: z.string() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseFolderEvent = eventParser<FolderEvent>(FOLDER_EVENT_SCHEMAS);
