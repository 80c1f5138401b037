/**
 * The staff exports' CSV answers (statistics, analyses, sell-through, reorder suggestions, purchase lists, fitment):
 * one way to send a table as a download, and one OpenAPI description of a route that answers JSON or, with
 * `format=csv`, CSV. The text itself is platform/documents/csv.ts `toCsv` (RFC 4180, formula guard, BOM).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type CsvCell, toCsv } from '../../platform/documents/csv.js';
import { envelopeSchema } from '../contracts/catalog.js';

/**
 * Sends `rows` (the first one the headings) as `text/csv; charset=utf-8`, a download named `fileName` (ASCII, no
 * quotes: the callers build it from ranges, dates and ids), never stored by a cache (staff data).
 */
export function sendCsv(reply: FastifyReply, fileName: string, rows: readonly (readonly CsvCell[])[]): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(toCsv(rows));
}

/** The 200 answer of a route giving `schema` in the success envelope as JSON, or its table as CSV. */
export const jsonOrCsvResponse = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema: envelopeSchema(schema) }, 'text/csv': { schema: z.string().describe('RFC 4180 CSV with a header row') } },
});
