/**
 * Text fields shared by the contracts (OWASP ASVS 5.0 "parse, then act"): a string with no control
 * characters but tab, line feed and carriage return. A NUL byte used to reach PostgreSQL (which refuses it in text
 * and jsonb) and answer 500 after an order number was drawn; now the contract refuses it: 400 in the envelope.
 * Imports nothing but zod.
 */
import { z } from 'zod';

/** C0 controls but \t \n \r, and DEL. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A string of at most `max` characters without control characters (see the module comment). */
export const safeString = (max: number) => z.string().max(max).refine((v) => !CONTROL.test(v), { message: 'Control characters are not allowed' });

/**
 * A whole number from JSON: an integer, or a string of digits only ("12"). Booleans, arrays, "1e2", "1.0", " 1"
 * are refused (they were taken as 1, 1 and 100).
 */
export const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number().int(), z.string().regex(/^\d{1,15}$/).transform(Number)])
    .pipe(z.number().int().min(min).max(max));
