/**
 * The one in-place rewrite of the event log (docs/architecture.md "Personal data"): events written before their
 * personal fields were sealed (platform/security/sealing-event-store.ts) get them sealed where they lie in
 * `es_events`, once. The log is otherwise append-only; this exception exists because the law requires that a
 * forgotten person's data become unreadable in every copy, which clear text in the log makes impossible. What it
 * keeps: every row's global position, stream, stream position, event id, type, metadata, transaction id and creation
 * time; only `data` changes, and readers open it to what it was (or, for a subject already forgotten, to the blanks
 * the read models already showed), so every read model rebuilds to the same rows. Nothing is appended or removed.
 *
 * Resumable and idempotent: batches of `batchSize` events of the rules' types in global-position order, each in one
 * transaction that holds an advisory lock (one migrator at a time across processes) and moves the progress marker
 * `personal_data.sealing_progress` past the batch; a stop anywhere loses at most the batch in flight, and a datum that
 * already holds a seal is left alone. A subject that a forgetting event (`forgetting.type`) names after the event
 * is sealed with a key that is never stored: that data was forgotten already and stays so.
 *
 * For the PostgreSQL event store's table only (KurrentDB events cannot be rewritten; a KurrentDB store is sealed
 * from its first event by the decorator). Run it once every process appends through the decorator: an event an old
 * process commits below the marker afterwards would stay in the clear.
 */
import { type QueryExecutorProvider, sql } from 'kysely';
import type { Database } from '../db/database.js';
import { subjectKey } from './personal-data.js';
import { type EventData, type PersonalDataRules, sealedMemberOf, sealEventData, throwawayKey } from './sealing-event-store.js';

/** The event that forgets a subject: its type and the subject it names (`client-<id>`). */
export interface ForgettingEvent {
  type: string;
  subjectOf: (data: unknown) => string | null;
}

export interface SealStoredOptions {
  /** Events per batch (default 500). */
  batchSize?: number;
  /** Stop after this many batches (a test's interruption); default: until none is left. */
  maxBatches?: number;
  /** Called after each batch with the events sealed so far in this run. */
  onProgress?: (sealed: number) => void;
}

/** Creates the progress table (idempotent). */
async function ensureProgress(db: Database): Promise<void> {
  await sql`create schema if not exists personal_data`.execute(db);
  await sql`
    create table if not exists personal_data.sealing_progress (
      name text primary key,
      last_position bigint not null,
      sealed bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

const MARKER = 'es_events';

/**
 * Each forgotten subject's latest forgetting event's position. Read once per run, and only when an event in the
 * clear is found (one scan of the log: forgetting events are rare and have no index of their own).
 */
async function forgettingPositions(db: QueryExecutorProvider, forgetting: ForgettingEvent): Promise<Map<string, bigint>> {
  const positions = new Map<string, bigint>();
  const { rows } = await sql<{ pos: string; data: unknown }>`select global_position::text as pos, data from es_events where event_type = ${forgetting.type} order by global_position`.execute(db);
  for (const f of rows) {
    const subject = forgetting.subjectOf(f.data);
    if (subject) positions.set(subject, BigInt(f.pos));
  }
  return positions;
}

/**
 * Seals, in place, the personal fields of stored events of `rules`' types written in the clear.
 * @returns the events sealed by this run and whether the log is done (false only when `maxBatches` stopped it)
 * @throws pg errors (the batch in flight rolls back; run again to resume)
 */
export async function sealStoredPersonalData(db: Database, rules: PersonalDataRules, forgetting: ForgettingEvent, options: SealStoredOptions = {}): Promise<{ sealed: number; done: boolean }> {
  const batchSize = options.batchSize ?? 500;
  const types = Object.keys(rules);
  await ensureProgress(db);
  let sealed = 0;
  let forgottenAt: Map<string, bigint> | undefined;
  for (let batch = 0; ; batch++) {
    if (options.maxBatches !== undefined && batch >= options.maxBatches) return { sealed, done: false };
    const more = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('shop:seal-stored-personal-data'))`.execute(trx);
      await sql`insert into personal_data.sealing_progress (name, last_position) values (${MARKER}, 0) on conflict (name) do nothing`.execute(trx);
      const marker = await sql<{ last_position: string }>`select last_position::text from personal_data.sealing_progress where name = ${MARKER}`.execute(trx);
      const after = marker.rows[0]!.last_position;
      const { rows } = await sql<{ pos: string; type: string; data: unknown }>`
        select global_position::text as pos, event_type as type, data from es_events
        where global_position > ${after}::bigint and event_type = any(${types}::text[])
        order by global_position limit ${batchSize}`.execute(trx);
      if (!rows.length) return false;
      const updates: { pos: string; data: EventData }[] = [];
      for (const row of rows) {
        const rule = rules[row.type];
        const data = row.data as EventData;
        if (!rule || sealedMemberOf(data) || typeof data !== 'object' || data === null) continue;
        const subject = rule.subject(data);
        if (!subject) continue;
        forgottenAt ??= await forgettingPositions(trx, forgetting);
        const forgotten = (forgottenAt.get(subject) ?? 0n) > BigInt(row.pos);
        updates.push({ pos: row.pos, data: sealEventData(rule, data, subject, forgotten ? throwawayKey() : await subjectKey(db, subject)) });
      }
      if (updates.length) {
        await sql`
          update es_events e set data = u.data
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as u(pos bigint, data jsonb)
          where e.global_position = u.pos`.execute(trx);
      }
      await sql`
        update personal_data.sealing_progress set last_position = ${rows.at(-1)!.pos}::bigint, sealed = sealed + ${updates.length}, updated_at = now()
        where name = ${MARKER}`.execute(trx);
      sealed += updates.length;
      return rows.length === batchSize;
    });
    options.onProgress?.(sealed);
    if (!more) return { sealed, done: true };
  }
}
