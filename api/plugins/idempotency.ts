/**
 * Idempotency keys for state-changing calls (POST /v1/place-order), kept in PostgreSQL table
 * `api_idempotency_keys` (platform/db/migrate.ts): key, request hash, status (`processing` | `done`), and the
 * stored answer (status code, content type, body text).
 *
 * - The first request with a key inserts the row (`processing`) and runs; its answer (any status below 500) is
 *   stored, and every later request with the same key and the same request hash gets the stored answer byte for
 *   byte (header `idempotent-replayed: true`).
 * - The same key with another request hash: ApiError `idempotency.key_reused` (409).
 * - Concurrent duplicates: the primary key lets exactly one insert win; the others wait (polling every
 *   `pollMs`, at most `waitMs`) for the stored answer, else ApiError `idempotency.in_progress` (409). So two
 *   requests with one key never both run.
 * - A 5xx answer or a thrown error deletes the row, so a retry runs again. A `processing` row older than
 *   `staleMs` (a crashed process) is taken over by the next request; the caller's work must itself be safe to
 *   repeat (place-order derives its order id from the key).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { ApiError } from './errors.js';

/** An answer as sent: status code, content type and the exact body text. */
export interface StoredResponse {
  statusCode: number;
  contentType: string;
  body: string;
}

export interface IdempotencyOptions {
  /** Longest wait for a concurrent duplicate's answer, in milliseconds (default 10000). */
  waitMs?: number;
  /** Poll interval while waiting, in milliseconds (default 25). */
  pollMs?: number;
  /** Age after which a `processing` row counts as abandoned, in milliseconds (default 60000). */
  staleMs?: number;
}

/** Longest key accepted, in characters. */
export const MAX_KEY_LENGTH = 255;

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 hex of the method, path and canonical JSON body: what "the same request" means. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
}

/**
 * Reads and checks the Idempotency-Key header: undefined when absent.
 * @throws ApiError idempotency.key_invalid (400) for an empty, too long or non-printable key
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) throw new ApiError('idempotency.key_invalid', 400, 'Idempotency-Key');
  return key;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `run` at most once per `key` (scoped by `scope`, e.g. 'place-order'), storing its answer.
 * Without a key, just runs it.
 * @returns the answer and whether it was replayed from storage
 * @throws ApiError idempotency.key_reused (409), idempotency.in_progress (409); whatever `run` throws
 */
export async function withIdempotency(
  db: Database,
  scope: string,
  key: string | undefined,
  hash: string,
  run: () => Promise<StoredResponse>,
  options: IdempotencyOptions = {},
): Promise<StoredResponse & { replayed: boolean }> {
  if (key === undefined) return { ...(await run()), replayed: false };
  const id = `${scope}:${key}`;
  const waitMs = options.waitMs ?? 10_000;
  const pollMs = options.pollMs ?? 25;
  const staleMs = options.staleMs ?? 60_000;
  const started = Date.now();
  for (;;) {
    const inserted = await sql<{ key: string }>`
      insert into api_idempotency_keys (key, request_hash, status) values (${id}, ${hash}, 'processing')
      on conflict (key) do nothing returning key`.execute(db);
    let owner = inserted.rows.length > 0;
    if (!owner) {
      const r = await sql<{ request_hash: string; status: string; status_code: number | null; content_type: string | null; body: string | null; stale: boolean }>`
        select request_hash, status, status_code, content_type, body, locked_at < now() - make_interval(secs => ${staleMs / 1000}) as stale
        from api_idempotency_keys where key = ${id}`.execute(db);
      const row = r.rows[0];
      if (!row) continue; // deleted meanwhile (the first run failed): try to become the owner
      if (row.request_hash !== hash) throw new ApiError('idempotency.key_reused', 409, 'Idempotency-Key');
      if (row.status === 'done') return { statusCode: row.status_code!, contentType: row.content_type!, body: row.body!, replayed: true };
      if (row.stale) {
        const taken = await sql`
          update api_idempotency_keys set locked_at = now()
          where key = ${id} and status = 'processing' and locked_at < now() - make_interval(secs => ${staleMs / 1000})`.execute(db);
        owner = Number(taken.numAffectedRows ?? 0) > 0;
      }
      if (!owner) {
        if (Date.now() - started > waitMs) throw new ApiError('idempotency.in_progress', 409, 'Idempotency-Key');
        await sleep(pollMs);
        continue;
      }
    }
    let response: StoredResponse;
    try {
      response = await run();
    } catch (error) {
      await sql`delete from api_idempotency_keys where key = ${id}`.execute(db);
      throw error;
    }
    if (response.statusCode >= 500) await sql`delete from api_idempotency_keys where key = ${id}`.execute(db);
    else {
      await sql`
        update api_idempotency_keys set status = 'done', status_code = ${response.statusCode}, content_type = ${response.contentType}, body = ${response.body}
        where key = ${id}`.execute(db);
    }
    return { ...response, replayed: false };
  }
}
