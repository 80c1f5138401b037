/**
 * Zod schemas of the Category aggregate's event data (domain/category/category.ts CategoryEvent), for the readers
 * of stored events (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { LANGUAGES } from '../shared/localized.js';
import type { CategoryEvent } from './category.js';

const id = { categoryId: z.string() };

export const CATEGORY_EVENT_SCHEMAS: EventDataSchemas<CategoryEvent> = {
  CategoryCreated: z.object({ ...id, parentId: z.string().nullable(), names: z.object({ et: z.string(), en: z.string() }), position: z.number() }),
  CategoryRenamed: z.object({ ...id, language: z.enum(LANGUAGES), name: z.string() }),
  CategoryMoved: z.object({ ...id, parentId: z.string().nullable(), position: z.number() }),
  CategoryHidden: z.object(id),
  CategoryShown: z.object(id),
  CategorySearchKeywordsChanged: z.object({ ...id, language: z.enum(LANGUAGES), keywords: z.string() }),
  CategoryClassNameChanged: z.object({ ...id, className: z.object({ et: z.string(), en: z.string() }).nullable() }),
  CategoryDeleted: z.object(id),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseCategoryEvent = eventParser<CategoryEvent>(CATEGORY_EVENT_SCHEMAS);
