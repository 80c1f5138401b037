/**
 * Gallery contracts (spec 2 "Gallery", spec 3 "Gallery album": id, name, thumbnail, image list; spec 7 GET
 * /gallery/index and /gallery/get-images-by-album?id=, here under the configured prefix /v1; the album editor's
 * calls under /v1/admin/gallery). Imports nothing but zod.
 */
import { z } from 'zod';
import { safeString } from './text.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An album id: a uuid (lower case after parsing), stable for links `/{lang}/gallery/{albumId}`. */
export const albumIdSchema = z.string().regex(UUID).transform((s) => s.toLowerCase());
const fileId = z.string().regex(UUID).transform((s) => s.toLowerCase());
const localized = z.object({ et: z.string(), en: z.string() });
const perLanguage = (max: number) => z.object({ et: safeString(max).optional(), en: safeString(max).optional() }).strict();

/**
 * One picture as the gallery shows it: `id` (the file id, the lightbox's picture id in the URL hash), `url` (640 px),
 * `full` (the largest rendition, the lightbox's), `thumbnail` (160 px), `srcset` (every width), the pixels of the
 * image (for the grid's aspect ratio: no layout shift), `caption` in the request's language.
 */
export const galleryImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  full: z.string(),
  thumbnail: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  caption: z.string(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** An album tile (GET /v1/gallery/index): name in the request's language, thumbnail (null: no images yet). */
export const galleryAlbumSchema = z.object({ id: z.string(), name: z.string(), thumbnail: galleryImageSchema.nullable(), imageCount: z.number().int() });
export type GalleryAlbum = z.infer<typeof galleryAlbumSchema>;

/** GET /v1/gallery/get-images-by-album?id=: `data` is the image list (spec 7), `album` names the album for the title. */
export const galleryImagesAnswerSchema = z.object({ success: z.literal(true), status: z.literal('success'), data: z.array(galleryImageSchema), album: galleryAlbumSchema });
export const galleryImagesQuerySchema = z.object({ id: albumIdSchema, lang: z.string().max(20).optional() });

/** An album as the album editor shows it: names and captions in both languages, published flag, version. */
export const adminAlbumSchema = z.object({
  id: z.string(),
  names: localized,
  name: z.string(),
  published: z.boolean(),
  /** The chosen thumbnail's file id (null: the first image). */
  thumbnailFileId: z.string().nullable(),
  thumbnail: galleryImageSchema.nullable(),
  images: z.array(galleryImageSchema.extend({ fileId: z.string(), captions: localized, name: z.string() })),
  imageCount: z.number().int(),
  createdAt: z.string(),
  changedAt: z.string(),
  version: z.number().int(),
});
export type AdminAlbum = z.infer<typeof adminAlbumSchema>;

/** Body of POST /v1/admin/gallery/albums: the name per language (one is enough), optionally a uuid the client chose. */
export const albumCreateBodySchema = z.object({ id: albumIdSchema.optional(), names: perLanguage(120) }).strict();
/**
 * Body of PUT /v1/admin/gallery/albums/{id}: any subset of names, the whole ordered image list with captions,
 * the thumbnail (a file id among the images, or null) and `published`. Applied in that order, in one append.
 */
export const albumUpdateBodySchema = z
  .object({
    /** The album's version the editor read (AdminAlbum.version): a save over a newer one is 409 `album.changed_meanwhile`. */
    version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    names: perLanguage(120).optional(),
    images: z.array(z.object({ fileId, caption: perLanguage(500).optional() }).strict()).max(500).optional(),
    thumbnail: fileId.nullable().optional(),
    published: z.boolean().optional(),
  })
  .strict();
export const albumParamsSchema = z.object({ id: albumIdSchema });
