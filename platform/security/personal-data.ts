/**
 * Personal data in the event store: crypto-shredding (GDPR erasure, 'forget this client'; docs/architecture.md
 * "Personal data").
 *
 * Events are immutable and copied everywhere (backups, rebuilt read models, replicas), so personal data is stored
 * only sealed: AES-256-GCM with a random 32-byte key per data subject (a client), a random 96-bit nonce per seal, and
 * the subject's id as additional authenticated data (a seal copied onto another subject does not open). The keys
 * live in one table outside the event streams, `personal_data.keys` (key id, subject, key, created); forgetting a
 * subject deletes its keys, and every copy of its sealed data becomes unreadable at once. Backups of the key table
 * must therefore be kept for a shorter time than the erasure deadline (or not at all).
 *
 * `openSeal` answers null for a missing key or a seal that does not authenticate, so readers show 'forgotten'
 * instead of failing.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { Database } from '../db/database.js';

/** A seal as stored in an event: algorithm, nonce and ciphertext with its tag (base64). */
export interface SealedData {
  alg: 'A256GCM';
  iv: string;
  data: string;
}

/** A data key: its id (uuid, named by the events it sealed) and the 32 key bytes. */
export interface PersonalDataKey {
  keyId: string;
  key: Buffer;
}

/** Creates the key table (idempotent; run by platform/db/migrate.ts under its lock). */
export async function migratePersonalDataKeys(db: QueryExecutorProvider): Promise<void> {
  await sql`create schema if not exists personal_data`.execute(db);
  await sql`
    create table if not exists personal_data.keys (
      key_id uuid primary key,
      subject text not null,
      key bytea not null check (octet_length(key) = 32),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index if not exists keys_subject on personal_data.keys (subject)`.execute(db);
}

/** A fresh key for `subject` (e.g. `client-<id>`) under `keyId` (default a new uuid), stored before it is returned. */
export async function createPersonalDataKey(db: QueryExecutorProvider, subject: string, keyId: string = randomUUID()): Promise<PersonalDataKey> {
  const key = { keyId, key: randomBytes(32) };
  await sql`insert into personal_data.keys (key_id, subject, key) values (${key.keyId}::uuid, ${subject}, ${key.key})`.execute(db);
  return key;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The keys of `keyIds` that still exist, by key id (a deleted key is simply absent). */
export async function loadPersonalDataKeys(db: QueryExecutorProvider, keyIds: readonly string[]): Promise<Map<string, Buffer>> {
  const ids = [...new Set(keyIds)].filter((id) => UUID.test(id));
  if (!ids.length) return new Map();
  const { rows } = await sql<{ key_id: string; key: Buffer }>`select key_id::text as key_id, key from personal_data.keys where key_id = any(${ids}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.key_id, r.key]));
}

/**
 * The key of `subject` that new personal data is sealed with: its oldest live key, or a fresh one when it has none
 * (first contact, or everything was forgotten). The making holds a transaction advisory lock on the subject and looks
 * again, so two concurrent first orders of one address share one key. Never cached (a forget deletes keys,
 * and sealing with a deleted key would lose the data at once).
 */
export async function subjectKey(db: Database, subject: string): Promise<PersonalDataKey> {
  const oldest = async (q: QueryExecutorProvider): Promise<PersonalDataKey | null> => {
    const { rows } = await sql<{ key_id: string; key: Buffer }>`
      select key_id::text as key_id, key from personal_data.keys where subject = ${subject} order by created_at, key_id limit 1`.execute(q);
    return rows[0] ? { keyId: rows[0].key_id, key: rows[0].key } : null;
  };
  // Most seals find the key (a returning shopper, the order's own back-in-stock or invoice events): one query.
  return (
    (await oldest(db)) ??
    db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`personal-data:${subject}`}, 0))`.execute(trx);
      return (await oldest(trx)) ?? createPersonalDataKey(trx, subject);
    })
  );
}

/** The ids of every key of `subject` (oldest first). */
export async function subjectKeyIds(db: QueryExecutorProvider, subject: string): Promise<string[]> {
  const { rows } = await sql<{ key_id: string }>`select key_id::text as key_id from personal_data.keys where subject = ${subject} order by created_at, key_id`.execute(db);
  return rows.map((r) => r.key_id);
}

/** Deletes the keys `keyIds` (crypto-shredding): what they sealed can never be opened again. Returns how many went. */
export async function deletePersonalDataKeys(db: QueryExecutorProvider, keyIds: readonly string[]): Promise<number> {
  const ids = [...new Set(keyIds)].filter((id) => UUID.test(id));
  if (!ids.length) return 0;
  const r = await sql`delete from personal_data.keys where key_id = any(${ids}::uuid[])`.execute(db);
  return Number(r.numAffectedRows ?? 0n);
}

/** Seals `value` (as JSON) with `key`, bound to `subject`. */
export function seal(key: Buffer, subject: string, value: unknown): SealedData {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { alg: 'A256GCM', iv: iv.toString('base64'), data: body.toString('base64') };
}

/** Opens a seal: the value, or null when `key` is missing or the seal does not authenticate for `subject`. */
export function openSeal(key: Buffer | undefined, subject: string, sealed: SealedData): unknown {
  if (!key || sealed.alg !== 'A256GCM') return null;
  try {
    const iv = Buffer.from(sealed.iv, 'base64');
    const body = Buffer.from(sealed.data, 'base64');
    if (iv.length !== 12 || body.length < 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(subject, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - 16));
    const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    return null;
  }
}

/** An `open` for domain/client/events.ts `toClientEvent` over keys already loaded (subject `client-<id>`). */
export const sealOpener =
  (keys: ReadonlyMap<string, Buffer>) =>
  (sealed: SealedData, keyId: string, clientId: string): unknown =>
    openSeal(keys.get(keyId), `client-${clientId}`, sealed);
