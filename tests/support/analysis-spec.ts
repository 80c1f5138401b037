/**
 * Given / when / then for analysis mappings (analytics/analysis.ts), as tests/support/given-when-then.ts is for
 * deciders:
 *
 *   analysisSpec(orderFunnelAnalysis).given([...history]).when([...events]).then({ order_funnel: [...rows] });
 *
 * `given` folds the history into the analysis's state (its rows are not compared); `then` compares the rows the
 * `when` events add on top: per table, the summed increments with every counter (0 when untouched), sorted by key,
 * all-zero rows left out; a table without increments is `[]` and may be omitted from `expected`.
 * `recorded(type, data, options)` builds a stored event (stream, positions and metadata filled in).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type AnalysisDefinition, foldEvents, type Totals } from '../../analytics/analysis.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';

let position = 0n;

/** A stored event: `time` ISO-8601 (default 2026-03-02T10:00:00Z), `session` the shopper session in the metadata. */
export function recorded(type: string, data: unknown, options: { time?: string; session?: string; streamId?: string } = {}): RecordedEvent {
  position += 1n;
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      userId: null,
      time: options.time ?? '2026-03-02T10:00:00.000Z',
      ...(options.session ? { shopperSession: options.session } : {}),
    },
    streamId: options.streamId ?? `test-${position}`,
    streamPosition: 1n,
    globalPosition: position,
    checkpoint: String(position).padStart(20, '0'),
  };
}

function rowsOf<S>(def: AnalysisDefinition<S>, totals: Totals): Record<string, Record<string, string | number>[]> {
  const out: Record<string, Record<string, string | number>[]> = {};
  for (const table of def.tables) {
    out[table.name] = [...(totals.get(table.name)?.entries() ?? [])]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { key, add }]) => ({ ...key, ...Object.fromEntries(table.counters.map((c) => [c, add[c] ?? 0])) }))
      .filter((row) => table.counters.some((c) => row[c] !== 0));
  }
  return out;
}

export function analysisSpec<S>(def: AnalysisDefinition<S>) {
  const given = (history: RecordedEvent[]) => ({
    when: (events: RecordedEvent[]) => ({
      then(expected: Record<string, Record<string, string | number>[]>) {
        const states = new Map<string, S | null>();
        foldEvents(def, history, states);
        // The mapping must not change the states it was given (they are the stored rows).
        for (const value of states.values()) if (value) Object.freeze(value);
        const rows = rowsOf(def, foldEvents(def, events, states));
        expect(rows).toEqual({ ...Object.fromEntries(def.tables.map((t) => [t.name, []])), ...expected });
      },
    }),
  });
  return { given, when: (events: RecordedEvent[]) => given([]).when(events) };
}
