/**
 * Files (product images; spec 7 POST /file/create?ajax=true; spec 5 "Uploads"; spec 3 "File").
 *
 * - `fileUploadRoutes` (inside the staff scope, api/routes/staff.ts, so the staff guard and its session
 *   apply although the path is not under /v1/admin): POST /file/create?ajax=true, permission `products.edit`.
 *   multipart/form-data with `File[uploadFile]` (exactly one file), `File[folder_id]` (optional: 1-64 letters,
 *   digits, `_` or `-`) and the anti-forgery token: the `x-csrf-token` header (checked before the body is read) or the
 *   `_csrf` form field (checked once the form is read, before anything is decoded or stored); the same token and
 *   session binding as every staff call (staffCsrf). The file is read into memory up to UPLOAD_MAX_BYTES and refused
 *   the moment it grows past it (a Content-Length far beyond it is refused before reading), so nothing of an
 *   oversized file is stored. Then commands/file/upload-file.ts decides the type from the bytes, re-encodes and
 *   stores it and records FileUploaded. Answers 200 `{ success, status: 'success', model, data }` (the file,
 *   api/contracts/files.ts), or the envelope in the request's language: 413 `file.too_big` ('The file "{file}" is
 *   too big. Its size cannot exceed {formattedLimit}.'), 413 `file.too_many_pixels` (the same sentence with the pixel
 *   budget, '25 megapixels': platform/files/images.ts MAX_INPUT_PIXELS, read from the header before decoding), 415
 *   `file.not_an_image` ('The file is not an image; Only following file types are allowed: {mimeTypes}'), 400
 *   `file.too_many` / `file.too_few` / `file.image_unreadable` / `file.folder_invalid` / `request.invalid` (not
 *   multipart, a part of another name), 401, 403, and 503 `file.busy` with Retry-After when the process's image work
 *   queue is full (platform/files/images.ts imageWork: 2 decodes at once, 16 waiting).
 * - `fileRoutes` (public): GET /files/{fileId}/{variant} (`160.webp`, `320.webp`, `640.webp`, `1280.webp`): a stored
 *   rendition, `image/webp` (set by us, never taken from the upload), `nosniff`, cached for a year (`immutable`: a
 *   file's renditions never change; a changed image is a new file id). 404 `file.not_found`.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadFile } from '../../../commands/file/upload-file.js';
import type { FileFacts } from '../../../domain/file/file.js';
import { fileImageRef, imageSources, imageVariantUrl, type ImageWidth } from '../../../domain/file/image-ref.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../../platform/config.js';
import { FileStorage } from '../../../platform/files/file-storage.js';
import { IMAGE_MIME_TYPES, MAX_INPUT_PIXELS } from '../../../platform/files/images.js';
import { WorkQueueFullError } from '../../../platform/files/work-queue.js';
import { failureEnvelopeSchema } from '../../contracts/catalog.js';
import { type FileModel, fileUploadAnswerSchema, fileUploadQuerySchema, fileVariantParamsSchema } from '../../contracts/files.js';
import { CSRF_HEADER } from '../../plugins/csrf.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, failureAnswer } from '../../plugins/errors.js';
import { type ApiLanguage, filledMessage, requestLanguage } from '../../plugins/messages.js';
import { declareGuard } from '../../plugins/openapi-operations.js';
import { staffCsrf } from '../../plugins/staff-guard.js';

/** The multipart field of the file and of the folder (spec 7), and the anti-forgery token's field. */
export const UPLOAD_FIELD = 'File[uploadFile]';
export const FOLDER_FIELD = 'File[folder_id]';
export const CSRF_FIELD = '_csrf';
/** Room for the form's other parts and boundaries beyond the file itself, in bytes (the early Content-Length check). */
const MULTIPART_OVERHEAD = 64 * 1024;
const FOLDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The storage and limit of `deps` (defaults: var/files of the working directory, 10 MiB). */
export function fileSettings(deps: RouteOptions['deps']): { storage: FileStorage; maxBytes: number } {
  return { storage: new FileStorage(deps.files?.dir ?? path.resolve('var/files')), maxBytes: deps.files?.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES };
}

/** A byte size as spec 9 writes it: 1024-based, one decimal, the language's decimal mark ("10.0 MB", "10,0 MB"). */
export function formatBytes(bytes: number, language: ApiLanguage): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1);
  return `${language === 'et' ? text.replace('.', ',') : text} ${units[unit]}`;
}

/** The message of `code` with its {placeholders} filled; `file` empty drops the quoted name. */
function fileMessage(code: string, language: ApiLanguage, params: Record<string, string>): string {
  const text = filledMessage(code, language, params);
  return params.file === '' ? text.replace(' ""', '') : text;
}

/** The model of an uploaded file (spec 3 "File"). */
export function toFileModel(facts: FileFacts, createdAt: string): FileModel {
  const ref = fileImageRef(facts.fileId);
  const sources = imageSources(ref);
  return {
    id: facts.fileId,
    ref,
    name: facts.name,
    caption: '',
    ext: facts.ext,
    size: facts.bytes,
    createdAt,
    tags: [],
    url: sources.url,
    thumbnail: sources.thumbnail,
    srcset: sources.srcset ?? '',
    type: facts.mime,
    width: facts.width,
    height: facts.height,
    folderId: facts.folderId,
    variants: facts.variants.map((v) => ({ width: v.width, actualWidth: v.actualWidth, height: v.height, bytes: v.bytes, url: imageVariantUrl(facts.fileId, v.width as ImageWidth) })),
  };
}

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 413: failureEnvelopeSchema, 415: failureEnvelopeSchema, 503: failureEnvelopeSchema };

/** The pixel budget as the upload message names it ("25 megapixels", "25 megapikslit"). */
export const formatPixelBudget = (pixels: number, language: ApiLanguage) => `${Math.floor(pixels / 1_000_000)} ${language === 'et' ? 'megapikslit' : 'megapixels'}`;

/** Runs the staff CSRF check (api/plugins/staff-guard.ts staffCsrf) for this request. @throws as staffCsrf does (403). */
async function checkStaffCsrf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await (staffCsrf(app) as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<void>)(request, reply);
}

/** POST /file/create (see the module comment); register inside the staff plugin. */
export async function fileUploadRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const { storage, maxBytes } = fileSettings(deps);
  // Scoped to this plugin: nowhere else takes multipart bodies. One file; a second one is counted, not read.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/file/create',
    {
      schema: {
        summary: `Upload an image (spec 7): multipart ${UPLOAD_FIELD}, ${FOLDER_FIELD}, the CSRF token (${CSRF_FIELD} field or ${CSRF_HEADER} header)`,
        description: `One image (${IMAGE_MIME_TYPES.join(', ')}; the type is read from the bytes) of at most UPLOAD_MAX_BYTES, stored as WebP renditions 160, 320, 640 and 1280 px wide without metadata. Permission products.edit.`,
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        querystring: fileUploadQuerySchema,
        response: { 200: fileUploadAnswerSchema, ...failures },
      },
      config: { permission: 'products.edit' },
      // A token in the header is checked before the body is read; one in the form below, once the form is read.
      // The CSRF check lives here and in the handler: the document's `csrfToken` (api/plugins/openapi-operations.ts).
      onRequest: declareGuard<onRequestHookHandler>(async (request, reply) => {
        if (request.headers[CSRF_HEADER] !== undefined) await checkStaffCsrf(app, request, reply);
      }, 'csrfToken'),
    },
    async (request, reply) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const fail = (status: number, code: string, params: Record<string, string> = {}, field: string | null = UPLOAD_FIELD) =>
        reply.status(status).send(failureAnswer(language, status, [{ code, ...(field ? { field } : {}), message: fileMessage(code, language, params) }]).payload);
      const limit = formatBytes(maxBytes, language);
      if (!request.isMultipart()) return fail(415, 'request.media_type_unsupported');
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) return fail(413, 'file.too_big', { file: '', formattedLimit: limit });

      let upload: { name: string; bytes: Buffer } | null = null;
      let strayPart: string | null = null;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== UPLOAD_FIELD) {
              strayPart = part.fieldname;
              part.file.resume();
              continue;
            }
            try {
              upload = { name: part.filename ?? '', bytes: await part.toBuffer() };
            } catch (error) {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return fail(413, 'file.too_big', { file: part.filename ?? '', formattedLimit: limit });
              throw error;
            }
          } else {
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT') return fail(400, 'file.too_many');
        if (code === 'FST_REQ_FILE_TOO_LARGE') return fail(413, 'file.too_big', { file: upload?.name ?? '', formattedLimit: limit });
        request.log.info({ err: error }, 'malformed multipart upload');
        return fail(400, 'request.invalid', {}, null);
      }

      // The form's token (spec 7 "anti-forgery token"), checked like the header before anything is decoded or stored.
      if (request.headers[CSRF_HEADER] === undefined) {
        const token = fields[CSRF_FIELD];
        if (!token) throw new ApiError('request.csrf_invalid', 403);
        request.headers[CSRF_HEADER] = token;
        await checkStaffCsrf(app, request, reply);
      }
      if (strayPart !== null) return fail(400, 'request.invalid', {}, strayPart);
      const folder = (fields[FOLDER_FIELD] ?? '').trim();
      if (folder && !FOLDER_ID.test(folder)) return fail(400, 'file.folder_invalid', {}, FOLDER_FIELD);
      if (!upload) return fail(400, 'file.too_few');

      const now = deps.now();
      try {
        const facts = await uploadFile(deps.store, storage, { fileId: randomUUID(), folderId: folder || null, name: upload.name, bytes: upload.bytes }, request.commandContext(now));
        request.log.info({ fileId: facts.fileId, bytes: facts.bytes, mime: facts.mime }, 'file uploaded');
        const model = toFileModel(facts, now);
        return { success: true as const, status: 'success' as const, model, data: model };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'file.not_an_image') return fail(415, 'file.not_an_image', { mimeTypes: IMAGE_MIME_TYPES.join(', ') });
        if (error instanceof DomainError && error.code === 'file.image_unreadable') return fail(400, 'file.image_unreadable');
        if (error instanceof DomainError && error.code === 'file.too_many_pixels') return fail(413, 'file.too_many_pixels', { file: upload.name, formattedLimit: formatPixelBudget(MAX_INPUT_PIXELS, language) });
        if (error instanceof WorkQueueFullError) {
          reply.header('retry-after', '5');
          return fail(503, 'file.busy', {}, null);
        }
        throw error;
      }
    },
  );
}

/** GET /files/{fileId}/{variant} (see the module comment); public. */
export async function fileRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const { storage } = fileSettings(deps);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:fileId/:variant',
    {
      schema: {
        summary: 'A stored image rendition (WebP), cached for a year',
        tags: ['catalog'],
        params: fileVariantParamsSchema,
        response: { 200: z.any().describe('image/webp bytes'), 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const found = await storage.open(request.params.fileId, request.params.variant);
      if (!found) throw new ApiError('file.not_found', 404);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', found.bytes)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(found.stream);
    },
  );
}
