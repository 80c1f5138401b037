/**
 * Content editing contracts (spec 4 "Editor", spec 2 admin PageList/PageEdit and menu edit, spec 7 "POST /v1/page,
 * GET /v1/page/{id}?fieldsPreset=frontEdit, POST /v1/field-bulk {content}, POST /v1/item-container {itemContainers},
 * GET /v1/item-container", "POST /field/set-multiple"; the spec shows no response shapes, so they answer in the
 * envelope of spec 7 with the stream version to send with the next save, conventions 13).
 *
 * Every save carries `version`, the stream version its screen read (optional: absent means no check); a stale one
 * answers 409 `page.changed_meanwhile` / `menu.changed_meanwhile` / `site.changed_meanwhile` whose message names who
 * saved meanwhile and when. The domain checks the contents (domain/page/page-doc.ts, domain/menu/menu.ts,
 * domain/site/site.ts); these schemas bound sizes and types so garbage is a 400 before any command.
 * Imports nothing but zod and sibling contracts.
 */
import { z } from 'zod';
import { pageResponseSchema, pageSchema } from './site.js';
import { safeString } from './text.js';

const LANGS = ['et', 'en'] as const;
/** Longest HTML per language, characters (domain/page/page-doc.ts MAX_PAGE_CONTENT). */
const MAX_HTML = 100_000;
const version = z.number().int().min(0).max(1_000_000_000);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a uuid');

/** A text per language as the editor sends it (either may be missing). */
const localizedInput = (max: number) => z.object({ et: z.string().max(max).optional(), en: z.string().max(max).optional() });
/** A text per language as stored. */
export const localizedSchema = z.object({ et: z.string(), en: z.string() });

/** Item containers: container key -> its items (rich text per language, sanitised on the way in). */
const itemContainersInput = z.record(safeString(64), z.array(z.object({ id: safeString(64), html: localizedInput(MAX_HTML) })).max(50));
export const itemContainersSchema = z.record(z.string(), z.array(z.object({ id: z.string(), html: localizedSchema })));

export const PAGE_STATES = ['draft', 'published', 'scheduled', 'hidden'] as const;
export type PageState = (typeof PAGE_STATES)[number];

/** A visibility rule (spec 3/4); null = always visible. Instants ISO-8601. */
export const visibilitySchema = z.object({
  type: z.enum(['static', 'timed', 'timeRange']),
  rangeFrom: z.string().max(40).nullable().optional(),
  rangeTo: z.string().max(40).nullable().optional(),
  stateInRange: z.enum(['visible', 'hidden', 'inaccessible']),
  stateOutRange: z.enum(['visible', 'hidden', 'inaccessible']),
});

/** The page document an editor saves (title required; the rest defaults as domain/page/page-doc.ts says). */
export const pageDocInputSchema = z.object({
  title: localizedInput(500),
  slug: localizedInput(200).optional(),
  layout: safeString(40).optional(),
  content: localizedInput(MAX_HTML).optional(),
  metaDescription: localizedInput(500).optional(),
  metaKeywords: localizedInput(500).optional(),
  canonicalUrl: z.string().max(500).optional(),
  itemContainers: itemContainersInput.optional(),
});

/** Body of POST /v1/page (spec 7): a draft save; without `pageId` a new page. */
export const pageSaveBodySchema = pageDocInputSchema.extend({ pageId: uuid.optional(), version: version.optional() });
export type PageSaveBody = z.infer<typeof pageSaveBodySchema>;
/** Body of PUT /v1/admin/pages/{id} (save the draft) and POST /v1/admin/pages (create: no version). */
export const adminPageSaveBodySchema = pageDocInputSchema.extend({ version: version.optional() });

/** Body of the page actions that change no document: publish, unpublish, delete. */
export const pageVersionBodySchema = z.object({ version: version.optional() });
export const pageScheduleBodySchema = z.object({ version: version.optional(), visibility: visibilitySchema.nullable() });
export const pageRestoreBodySchema = z.object({ version: version.optional(), revision: z.number().int().min(1).max(1_000_000) });
export const pageIdParamsSchema = z.object({ id: uuid });

/** What a page save or action answers: the page, its stream version now and its draft revision. */
export const pageSavedSchema = z.object({ pageId: z.string(), version: z.number(), draftRevision: z.number(), publishedRevision: z.number().nullable() });

/** One saved version of a page, newest first; `savedBy` the user's name. */
export const pageVersionSchema = z.object({
  revision: z.number(),
  savedBy: z.string().nullable(),
  savedAt: z.string().nullable(),
  restoredFrom: z.number().nullable(),
  doc: z.object({ title: localizedSchema, slug: localizedSchema, layout: z.string() }),
});

/** The staff's frontEdit fields of a page (spec 2 "Staff request the frontEdit fields preset"): draft, versions, settings. */
export const pageEditSchema = z.object({
  pageId: z.string(),
  draft: z.object({
    title: localizedSchema,
    slug: localizedSchema,
    layout: z.string(),
    content: localizedSchema,
    metaDescription: localizedSchema,
    metaKeywords: localizedSchema,
    canonicalUrl: z.string(),
    itemContainers: itemContainersSchema,
  }),
  versions: z.array(pageVersionSchema),
  settings: z.object({
    version: z.number(),
    draftRevision: z.number(),
    publishedRevision: z.number().nullable(),
    visibility: visibilitySchema.nullable(),
    state: z.enum(PAGE_STATES),
    changedBy: z.string().nullable(),
    changedAt: z.string().nullable(),
  }),
});
export type PageEdit = z.infer<typeof pageEditSchema>;

/** GET /v1/page/{ref}: the default fields, plus `edit` for staff asking fieldsPreset=frontEdit. */
export const pageWithEditResponseSchema = pageResponseSchema.extend({ data: pageSchema.extend({ edit: pageEditSchema.optional() }) });

/** Query of GET /v1/admin/pages (PageList): search, layout, state, language, sort, paging. */
export const pageListQuerySchema = z.object({
  lang: z.string().max(10).optional(),
  /** Text in the title or URL name (either language). */
  q: safeString(100).optional(),
  layout: safeString(40).optional(),
  state: z.enum(PAGE_STATES).optional(),
  /** Only pages with a title in this language. */
  language: z.enum(LANGS).optional(),
  sort: z.enum(['title', '-title', 'changedAt', '-changedAt']).default('title'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageListQuery = z.infer<typeof pageListQuerySchema>;

export const pageListItemSchema = z.object({
  pageId: z.string(),
  title: localizedSchema,
  slug: localizedSchema,
  layout: z.string(),
  state: z.enum(PAGE_STATES),
  version: z.number(),
  changedAt: z.string().nullable(),
  /** The user's name, null for seeds and system. */
  changedBy: z.string().nullable(),
});
export type PageListItem = z.infer<typeof pageListItemSchema>;
export const pageListSchema = z.object({ items: z.array(pageListItemSchema), total: z.number(), page: z.number(), pageSize: z.number() });

/** A menu entry (one level of children). */
const menuEntryBase = { id: safeString(64), kind: z.enum(['page', 'link', 'category']), label: localizedInput(80), target: z.string().max(500), hidden: z.boolean().optional() };
export const menuSaveBodySchema = z.object({
  version: version.optional(),
  entries: z.array(z.object({ ...menuEntryBase, children: z.array(z.object(menuEntryBase)).max(30).optional() })).max(30),
});
const menuItemSchema = z.object({ id: z.string(), kind: z.string(), label: localizedSchema, target: z.string(), hidden: z.boolean() });
export const menuSchema = z.object({ entries: z.array(menuItemSchema.extend({ children: z.array(menuItemSchema.extend({ children: z.array(z.unknown()) })) })), version: z.number() });

/** Body of POST /v1/field-bulk (spec 7 `{content}`): global field key -> value per language. */
export const fieldBulkBodySchema = z.object({ content: z.record(safeString(64), localizedInput(2000)), version: version.optional() });
/** Body of POST /field/set-multiple (spec 7 "JSON list of fields"): one global field per element. */
export const setMultipleBodySchema = z.array(z.object({ name: safeString(64), value: localizedInput(2000) })).max(100);
export const setMultipleQuerySchema = z.object({ lang: z.string().max(10).optional(), version: z.coerce.number().int().min(0).max(1_000_000_000).optional() });
/** Body of POST /v1/item-container (spec 7 `{itemContainers}`). */
export const itemContainerBodySchema = z.object({ itemContainers: itemContainersInput, version: version.optional() });
/** What GET /v1/item-container and the global saves answer: the containers and fields, the `site` stream version. */
export const globalContentSchema = z.object({ itemContainers: itemContainersSchema, fields: z.record(z.string(), localizedSchema), version: z.number() });
