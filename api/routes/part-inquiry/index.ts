/**
 * POST /v1/part-inquiry (spec 1 "spare-parts contact" layout; spec 8 success text 'Sent! You should receive a
 * confirmation with email.'): a shopper asks for a spare part. Records PartInquiryReceived (stream
 * `part-inquiry-{uuid}`, personal fields sealed); the part-inquiry-mail process manager then mails staff and sends the
 * shopper a plain-text confirmation (workers/jobs/send-part-inquiry.ts).
 *
 * Body: JSON (api/contracts/part-inquiry.ts), or multipart/form-data with the same text fields and an optional image
 * in `photo`, which goes through the upload pipeline of product images (commands/file/upload-file.ts: the type read
 * from the bytes, re-encoded without metadata, the UPLOAD_MAX_BYTES limit enforced while it streams in, folder
 * `part-inquiries`). CSRF as every shopper write (`x-csrf-token` header, api/plugins/csrf.ts). Rate limits like
 * place-order (api/plugins/rate-limits.ts DEFAULT_PART_INQUIRY_LIMITS): per client address, then per e-mail address.
 *
 * Answers 200 `{ inquiryId, message }` (the success text in the request's language), or the envelope in the
 * request's language: 400 `request.invalid` (malformed input), 400 with one `part_inquiry.*` error per field
 * (domain/part-inquiry partInquiryFieldErrors: required, e-mail, VIN, year, length), 413 `file.too_big` /
 * `file.too_many_pixels`, 415 `file.not_an_image` or `request.media_type_unsupported`, 403 `request.csrf_invalid`,
 * 429 `rate_limited`, 503 `file.busy`. An invalid form stores no photo.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadFile } from '../../../commands/file/upload-file.js';
import { receivePartInquiry } from '../../../commands/part-inquiry/receive-part-inquiry.js';
import { partInquiryFieldErrors } from '../../../domain/part-inquiry/part-inquiry.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { IMAGE_MIME_TYPES, MAX_INPUT_PIXELS } from '../../../platform/files/images.js';
import { WorkQueueFullError } from '../../../platform/files/work-queue.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { PART_INQUIRY_PHOTO_FIELD, partInquiryAnswerSchema, partInquiryBodySchema } from '../../contracts/part-inquiry.js';
import { csrfProtected } from '../../plugins/csrf.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, failureAnswer, success } from '../../plugins/errors.js';
import { type ApiLanguage, filledMessage, message, requestLanguage } from '../../plugins/messages.js';
import { DEFAULT_PART_INQUIRY_LIMITS } from '../../plugins/rate-limits.js';
import { fileSettings, formatBytes, formatPixelBudget } from '../files/index.js';

/** The folder of inquiry photos in the file store. */
export const PART_INQUIRY_FOLDER = 'part-inquiries';
/** Room for the form's text parts and boundaries beyond the photo, in bytes (the early Content-Length check). */
const MULTIPART_OVERHEAD = 128 * 1024;

/** The e-mail address of a parsed form, per request, for the per-e-mail limit (trimmed, lower-cased). */
const formEmail = new WeakMap<FastifyRequest, string>();

/** A failure answer as an error the route throws to its reply. */
class Refusal extends Error {
  constructor(readonly answer: { status: number; payload: unknown }) {
    super('refused');
  }
}

const refuse = (language: ApiLanguage, status: number, code: string, field?: string, params: Record<string, string> = {}) =>
  new Refusal(failureAnswer(language, status, [{ code, ...(field ? { field } : {}), message: filledMessage(code, language, params).replace(' ""', '') }]));

/** The form's text fields and photo from a multipart body (the photo read up to `maxBytes`). @throws Refusal */
async function readMultipart(request: FastifyRequest, language: ApiLanguage, maxBytes: number): Promise<{ fields: Record<string, string>; photo: { name: string; bytes: Buffer } | null }> {
  const limit = formatBytes(maxBytes, language);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw refuse(language, 413, 'file.too_big', PART_INQUIRY_PHOTO_FIELD, { file: '', formattedLimit: limit });
  const fields: Record<string, string> = {};
  let photo: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== PART_INQUIRY_PHOTO_FIELD) {
          part.file.resume();
          throw refuse(language, 400, 'request.invalid', part.fieldname.slice(0, 40));
        }
        try {
          const bytes = await part.toBuffer();
          if (bytes.length > 0) photo = { name: part.filename ?? '', bytes };
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(language, 413, 'file.too_big', PART_INQUIRY_PHOTO_FIELD, { file: part.filename ?? '', formattedLimit: limit });
          throw error;
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw refuse(language, 400, 'file.too_many', PART_INQUIRY_PHOTO_FIELD);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(language, 413, 'file.too_big', PART_INQUIRY_PHOTO_FIELD, { file: '', formattedLimit: limit });
    request.log.info({ err: error }, 'malformed part inquiry form');
    throw refuse(language, 400, 'request.invalid');
  }
  return { fields, photo };
}

/** The part inquiry route as one plugin (multipart bodies are parsed in this plugin only). */
export async function partInquiryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const { storage, maxBytes } = fileSettings(deps);
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 12, fieldSize: 24_000, parts: 14, headerPairs: 100 } });
  const limits = { ...DEFAULT_PART_INQUIRY_LIMITS, ...deps.rateLimits?.partInquiry };
  const perEmail = app.createRateLimit({
    max: limits.perEmail.max,
    timeWindow: limits.perEmail.windowMs,
    keyGenerator: (request) => `part-inquiry-email:${formEmail.get(request)}`,
    allowList: (request) => !formEmail.get(request),
  });
  const failure = failureEnvelopeSchema;

  app.post(
    '/v1/part-inquiry',
    {
      schema: {
        summary: 'Ask for a spare part (spec 1 spare-parts contact): JSON, or multipart with an optional photo',
        description: `Fields name, email, phone, make, model, year, vin, part; multipart also \`${PART_INQUIRY_PHOTO_FIELD}\`: one image (${IMAGE_MIME_TYPES.join(', ')}, type read from the bytes) of at most UPLOAD_MAX_BYTES. Mails staff and the shopper.`,
        tags: ['site'],
        consumes: ['application/json', 'multipart/form-data'],
        querystring: langQuerySchema,
        body: partInquiryBodySchema,
        response: { 200: envelopeSchema(partInquiryAnswerSchema), 400: failure, 403: failure, 413: failure, 415: failure, 429: failure, 503: failure },
      },
      // The body is parsed in the handler (JSON or multipart, one schema): the schema above documents it.
      validatorCompiler: () => (value: unknown) => ({ value }),
      onRequest: [csrfProtected(app), app.rateLimit({ max: limits.perIp.max, timeWindow: limits.perIp.windowMs, keyGenerator: (request) => `part-inquiry-ip:${request.ip}` })],
    },
    async (request, reply) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      try {
        let raw: unknown = request.body;
        let photo: { name: string; bytes: Buffer } | null = null;
        if (request.isMultipart()) ({ fields: raw, photo } = await readMultipart(request, language, maxBytes));
        else if (raw === undefined || raw === null || typeof raw !== 'object') throw refuse(language, 415, 'request.media_type_unsupported');
        const parsed = partInquiryBodySchema.safeParse(raw);
        if (!parsed.success) {
          return reply.status(400).send(failureAnswer(language, 400, parsed.error.issues.map((i) => ({ code: 'request.invalid', field: i.path.join('.') || undefined }))).payload);
        }
        const fields = parsed.data;
        const email = fields.email.trim().toLowerCase();
        if (email) {
          formEmail.set(request, email.slice(0, 320));
          const counted = await perEmail(request);
          if (!counted.isAllowed && counted.isExceeded) throw new ApiError('rate_limited', 429);
        }
        const now = deps.now();
        const problems = partInquiryFieldErrors(fields, now);
        if (problems.length) return reply.status(400).send(failureAnswer(language, 400, problems).payload);

        const inquiryId = randomUUID();
        const ctx = { commandId: randomUUID(), correlationId: request.id, userId: null, now };
        let photoFileId: string | null = null;
        if (photo) {
          try {
            photoFileId = (await uploadFile(deps.store, storage, { fileId: randomUUID(), folderId: PART_INQUIRY_FOLDER, name: photo.name, bytes: photo.bytes }, ctx)).fileId;
          } catch (error) {
            const code = error instanceof DomainError ? error.code : '';
            if (code === 'file.not_an_image') throw refuse(language, 415, code, PART_INQUIRY_PHOTO_FIELD, { mimeTypes: IMAGE_MIME_TYPES.join(', ') });
            if (code === 'file.image_unreadable') throw refuse(language, 400, code, PART_INQUIRY_PHOTO_FIELD);
            if (code === 'file.too_many_pixels') throw refuse(language, 413, code, PART_INQUIRY_PHOTO_FIELD, { file: photo.name, formattedLimit: formatPixelBudget(MAX_INPUT_PIXELS, language) });
            if (error instanceof WorkQueueFullError) {
              reply.header('retry-after', '5');
              throw refuse(language, 503, 'file.busy');
            }
            throw error;
          }
        }
        await receivePartInquiry(deps.store, { ...fields, inquiryId, photoFileId, language }, { ...ctx, commandId: randomUUID() });
        request.log.info({ inquiryId, photo: photoFileId !== null }, 'part inquiry received');
        return success({ inquiryId, message: message('part_inquiry.sent', language) });
      } catch (error) {
        if (error instanceof Refusal) return reply.status(error.answer.status as 400).send(error.answer.payload as never);
        throw error;
      }
    },
  );
}
