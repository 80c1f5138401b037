/**
 * Spare part inquiry contract (spec 1 "spare-parts contact"; POST /v1/part-inquiry). Imports nothing but zod.
 * The body is JSON, or multipart/form-data with the same fields as text parts and an optional image in `photo`.
 * Field rules (required fields, e-mail, VIN or make/model/year) are the domain's (domain/part-inquiry): they answer
 * their own codes per field; this schema only bounds the input.
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** The multipart part of the photo. */
export const PART_INQUIRY_PHOTO_FIELD = 'photo';

const line = safeString(1000).optional().default('');

export const partInquiryBodySchema = z.object({
  name: line,
  email: line,
  phone: line,
  make: line,
  model: line,
  year: line,
  vin: line,
  part: safeString(20_000).optional().default(''),
});
export type PartInquiryBody = z.input<typeof partInquiryBodySchema>;

/** `data` of a sent inquiry: its id and the spec 8 success text in the request's language. */
export const partInquiryAnswerSchema = z.object({ inquiryId: z.string(), message: z.string() });
export type PartInquiryAnswer = z.infer<typeof partInquiryAnswerSchema>;
