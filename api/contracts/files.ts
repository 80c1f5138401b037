/**
 * Upload and file contracts (product images; spec 3 "File": id, name, caption, ext, size, createdAt, tags, url,
 * thumbnail, type; spec 7 POST /file/create?ajax=true; spec 5 "Uploads"). Imports nothing but zod.
 *
 * POST /file/create?ajax=true takes multipart/form-data: `File[uploadFile]` (exactly one file), `File[folder_id]`
 * (optional folder id) and the anti-forgery token as the `_csrf` field (or the `x-csrf-token` header, like every
 * staff call). It answers `{ success: true, status: 'success', model, data }` (model and data: the file), or the
 * failure envelope: 413 `file.too_big`, 415 `file.not_an_image`, 400 `file.too_many` / `file.too_few` /
 * `file.image_unreadable` / `file.folder_invalid` / `request.invalid`, 401, 403.
 */
import { z } from 'zod';

/** The widths every uploaded image is stored at (domain/file/image-ref.ts IMAGE_WIDTHS). */
export const FILE_VARIANT_NAMES = ['160.webp', '320.webp', '640.webp', '1280.webp'] as const;

/** One stored rendition: nominal width, real pixels and size in bytes, and its URL. */
export const fileVariantSchema = z.object({ width: z.number().int(), actualWidth: z.number().int(), height: z.number().int(), bytes: z.number().int(), url: z.string() });

/** An uploaded file (spec 3 "File"). `ref` is what a product's `images` holds: `/files/{id}`. */
export const fileModelSchema = z.object({
  id: z.string(),
  ref: z.string(),
  name: z.string(),
  caption: z.string(),
  ext: z.string(),
  /** Bytes of the upload. */
  size: z.number().int(),
  /** ISO-8601 UTC. */
  createdAt: z.string(),
  tags: z.array(z.string()),
  /** The 640 px rendition. */
  url: z.string(),
  /** The 160 px rendition. */
  thumbnail: z.string(),
  /** `srcset` of every rendition. */
  srcset: z.string(),
  /** The type found in the bytes, e.g. image/png. */
  type: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  folderId: z.string().nullable(),
  variants: z.array(fileVariantSchema),
});
export type FileModel = z.infer<typeof fileModelSchema>;

/** The success answer of POST /file/create (spec 7: status success with a model). */
export const fileUploadAnswerSchema = z.object({ success: z.literal(true), status: z.literal('success'), model: fileModelSchema, data: fileModelSchema });
export type FileUploadAnswer = z.infer<typeof fileUploadAnswerSchema>;

/** Query of POST /file/create: `ajax=true` (spec 7; JSON answer either way) and `lang`. */
export const fileUploadQuerySchema = z.object({ ajax: z.enum(['true', '1', 'false', '0']).optional(), lang: z.string().max(20).optional() });

/** Path of GET /files/{fileId}/{variant}: a uuid and one of FILE_VARIANT_NAMES. */
export const fileVariantParamsSchema = z.object({
  fileId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  variant: z.enum(FILE_VARIANT_NAMES),
});

/** The largest number of images a product's form takes (spec 5 "At most {limit} files"). */
export const MAX_PRODUCT_IMAGES = 20;
