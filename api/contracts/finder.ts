/**
 * The finder's contracts (spec 2 "File manager", spec 3 "File", "Folder", "File tag", spec 7's folder, file and
 * file-tag calls). Imports nothing but zod (conventions 7): the api validates with these, the finder screen builds
 * its payloads and parses the answers with them.
 *
 * Bodies are JSON or form data (application/x-www-form-urlencoded), as spec 7 names their fields: `Folder[name]`,
 * `File[name]`, `ids[]`, `FileTags[0][tag]`. Bracketed keys are read as nested objects (`{ Folder: { name } }`), so
 * a JSON client may send either shape (`unbracket`).
 */
import { z } from 'zod';
import { fileModelSchema } from './files.js';
import { safeString, wholeNumber } from './text.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file id: a uuid, lower case after parsing. */
export const fileIdSchema = z.string().regex(UUID).transform((s) => s.toLowerCase());
/** A folder id: `root` (the top folder) or a folder uuid; `0`, '' and null read as root (spec 3 "parent"). */
export const folderIdSchema = z
  .union([z.literal('root'), z.literal(0), z.literal('0'), z.literal(''), z.null()])
  .transform(() => 'root')
  .or(z.string().regex(UUID).transform((s) => s.toLowerCase()));

/** Deepest folder level (spec 9: "New subfolders offered only below depth 7"). */
export const FINDER_MAX_DEPTH = 7;
/** Most files a listing page holds, and its default. */
export const FINDER_MAX_PAGE_SIZE = 500;
export const FINDER_DEFAULT_PAGE_SIZE = 100;
/** Listing orders: name A-Z / Z-A, newest / oldest, biggest / smallest. */
export const FINDER_SORTS = ['name', '-name', '-created', 'created', '-size', 'size'] as const;

/** `{ 'Folder[name]': 'x', 'ids[]': [...] }` as `{ Folder: { name: 'x' }, ids: [...] }`; other values as they are. */
export function unbracket(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const parts = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!parts || !parts[2]) {
      out[key] = value;
      continue;
    }
    const path = [parts[1]!, ...[...parts[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (path[path.length - 1] === '') path.pop(); // `ids[]`: the list itself
    if (path.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) {
      out[key] = value; // left as sent: the strict schemas refuse the unknown key
      continue;
    }
    let node: Record<string, unknown> = out;
    for (const k of path.slice(0, -1)) {
      if (typeof node[k] !== 'object' || node[k] === null || Array.isArray(node[k])) node[k] = {};
      node = node[k] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}
const bracketed = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(unbracket, schema);

/** A list from JSON, or one value / a list from form data; at most `max`. */
const listOf = <T extends z.ZodTypeAny>(item: T, max: number) => z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(item).min(1).max(max));
/** A per-language text: one text (the request's language) or `{ et?, en? }`. */
const perLanguage = (max: number) => z.union([safeString(max), z.object({ et: safeString(max).optional(), en: safeString(max).optional() }).strict()]);

/** A folder as the finder shows it (spec 3 "Folder": id, name, parent). */
export const finderFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The parent's id (`root` for the top level); '' for root itself. */
  parent: z.string(),
  /** 0 for root, 1 for its subfolders, ... at most FINDER_MAX_DEPTH. */
  depth: z.number().int(),
  /** Whether a subfolder may be made here (depth below 7, spec 9). */
  canCreateSubfolder: z.boolean(),
  folderCount: z.number().int(),
  fileCount: z.number().int(),
  /** The folder stream's version (0 for root). */
  version: z.number().int(),
});
export type FinderFolder = z.infer<typeof finderFolderSchema>;

/** A file as the finder shows it: the upload's model plus captions per language, usage, download and version. */
export const finderFileSchema = fileModelSchema.extend({
  folderId: z.string(),
  /** The caption in the request's language is `caption`; both here. */
  captions: z.object({ et: z.string(), en: z.string() }),
  /** How many products, pages and albums use the file (0: it may be deleted). */
  usedBy: z.number().int(),
  /** GET /file/download/{id}. */
  downloadUrl: z.string(),
  version: z.number().int(),
});
export type FinderFile = z.infer<typeof finderFileSchema>;

/** One place a file is used. */
export const fileUseSchema = z.object({ kind: z.enum(['product', 'page', 'album']), id: z.string(), name: z.string() });

/** GET /folder/list/{id}: the folder, its path from the top (root excluded) and its subfolders by name. */
export const folderListSchema = z.object({ folder: finderFolderSchema, path: z.array(z.object({ id: z.string(), name: z.string() })), folders: z.array(finderFolderSchema) });
/** GET /file/list/{folderId}: a page of files; the paging also in the x-pagination-* headers (spec 3). */
export const fileListSchema = z.object({ files: z.array(finderFileSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** Path of /folder/list/{id}, /folder/update/{id}. */
export const folderParamsSchema = z.object({ id: folderIdSchema });
/** Path of /file/list/{folderId}: a folder, or `all` for a search over every folder. */
export const fileListParamsSchema = z.object({ folderId: z.literal('all').or(folderIdSchema) });
/** Path of /file/update/{id}, /file/download/{id}, /file/usage/{id}. */
export const fileParamsSchema = z.object({ id: fileIdSchema });

/** Query of GET /file/list/{folderId}: name part, tag, images only (spec 5 "Image-only mode"), order, paging. */
export const fileListQuerySchema = z.object({
  q: safeString(100).optional(),
  tag: safeString(50).optional(),
  imagesOnly: z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional(),
  sort: z.enum(FINDER_SORTS).optional(),
  page: wholeNumber(1, 100_000).optional(),
  pageSize: wholeNumber(1, FINDER_MAX_PAGE_SIZE).optional(),
  lang: z.string().max(20).optional(),
});

/** Body of POST /folder/create: `parent_id`, `name` (or `Folder[parent_id]`, `Folder[name]`). */
export const folderCreateBodySchema = bracketed(
  z.object({ parent_id: folderIdSchema.optional(), name: safeString(300).optional(), Folder: z.object({ parent_id: folderIdSchema.optional(), name: safeString(300).optional() }).strict().optional() }).strict(),
);
/** Body of POST /folder/update/{id}: `Folder[name]` renames, `Folder[parent_id]` moves (either or both). */
export const folderUpdateBodySchema = bracketed(
  z.object({ Folder: z.object({ name: safeString(300).optional(), parent_id: folderIdSchema.optional() }).strict() }).strict(),
);
/** Query of POST /folder/delete?id={id}. */
export const folderDeleteQuerySchema = z.object({ id: folderIdSchema, lang: z.string().max(20).optional() });

/**
 * A file stream's version the finder showed (FinderFile `version`): a save against a file changed since is 409
 * `file.changed_meanwhile` with nothing written (conventions 13). A number, or its digits from form data.
 */
export const fileVersionSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * Body of POST /file/update/{id}: `File[name]` (saved only when changed, spec 5), `File[caption]` (the request's
 * language, or `{ et, en }`), `File[folder_id]` (moves the file), `File[version]` (the version the staff member saw;
 * absent: the last save wins). Any subset; all of it is one append.
 */
export const fileUpdateBodySchema = bracketed(
  z.object({
    File: z.object({ name: safeString(300).optional(), caption: perLanguage(500).optional(), folder_id: folderIdSchema.optional(), version: fileVersionSchema.optional() }).strict(),
  }).strict(),
);
/** Body of POST /file/delete: `ids[]`, at most 100 files; none is deleted while any is used. */
export const fileDeleteBodySchema = bracketed(z.object({ ids: listOf(fileIdSchema, 100) }).strict());
/**
 * Body of POST /file-tag/create: `FileTags[i][file_id]`, `FileTags[i][tag]`, `FileTags[i][version]` (optional: the
 * file's version the staff member saw), at most 100. Every file's version is checked before any is tagged.
 */
export const fileTagCreateBodySchema = bracketed(
  z.object({
    FileTags: z.preprocess(
      (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
      z.array(z.object({ file_id: fileIdSchema, tag: safeString(100), version: fileVersionSchema.optional() }).strict()).min(1).max(100),
    ),
  }).strict(),
);
/**
 * Body of POST /file-tag/delete: `tag`, `ids[]` (the files it is taken from) and optionally `versions[]`, the version
 * of each of `ids` the staff member saw (same length and order); every one is checked before any tag is taken off.
 */
export const fileTagDeleteBodySchema = bracketed(
  z
    .object({ tag: safeString(100), ids: listOf(fileIdSchema, 100), versions: listOf(fileVersionSchema, 100).optional() })
    .strict()
    .refine((b) => b.versions === undefined || b.versions.length === b.ids.length, { message: 'One version per file', path: ['versions'] }),
);
/** Body of POST /folder/get-using-path: `path` (folder names joined by /, from the top), `fieldQuery` (accepted, unused). */
export const folderByPathBodySchema = bracketed(z.object({ path: safeString(2000), fieldQuery: safeString(200).optional() }).strict());

/** GET /file-tag/list: every tag in use with its number of files. */
export const fileTagListSchema = z.array(z.object({ tag: z.string(), count: z.number().int() }));

const saved = <T extends z.ZodTypeAny>(model: T) => z.object({ success: z.literal(true), status: z.literal('success'), model, data: model });
/** Answer of folder create/update/get-using-path (spec 7: status success with a model). */
export const folderSavedSchema = saved(finderFolderSchema);
/** Answer of POST /file/update/{id}. */
export const fileSavedSchema = saved(finderFileSchema);
