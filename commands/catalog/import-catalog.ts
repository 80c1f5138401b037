/**
 * Imports a catalog CSV file (docs/catalog-format.md) through `importProduct`, several rows at a time.
 * Bad rows are collected with their line numbers; the good rows are imported.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type ImportRow, readCatalogCsv, type RowError } from './catalog-csv.js';
import { importProduct } from './import-product.js';

export interface ImportReport {
  /** Rows read (good and bad). */
  rows: number;
  /** Rows imported without error. */
  imported: number;
  /** Events appended in all (0 when the file was imported before). */
  appended: number;
  /** Rejected rows with their reasons, by line number. */
  errors: RowError[];
  /** The greatest `$all` checkpoint of the events this import appended ('' when it appended none). */
  lastCheckpoint: string;
}

export interface ImportOptions {
  vatRatePercent: number;
  /** Rows imported at once (default 8). */
  concurrency?: number;
  /** Acting user id recorded in the events' metadata (null: the system). */
  userId?: string | null;
  /** Called after every 500 rows and at the end: rows done so far. */
  onProgress?: (done: number) => void;
  /** Clock for the commands' decision time (default: now). */
  now?: () => string;
}

/** @throws Error when the file cannot be read; row problems are reported, never thrown. */
export function importCatalogFile(store: EventStore, path: string, options: ImportOptions): Promise<ImportReport> {
  return importCatalog(store, readCatalogCsv(path), options);
}

/** Imports validated rows (e.g. from `readCatalogCsv`, or a mapping of another source through `toImportRow`). */
export async function importCatalog(store: EventStore, rows: AsyncIterable<ImportRow | RowError> | Iterable<ImportRow | RowError>, options: ImportOptions): Promise<ImportReport> {
  const report: ImportReport = { rows: 0, imported: 0, appended: 0, errors: [], lastCheckpoint: '' };
  const knownCategories = new Set<string>();
  const knownWarehouses = new Set<string>();
  const correlationId = randomUUID();
  const now = options.now ?? (() => new Date().toISOString());
  const concurrency = options.concurrency ?? 8;
  const inFlight = new Set<Promise<void>>();
  let done = 0;

  const run = async (row: ImportRow) => {
    try {
      const ctx = { commandId: randomUUID(), correlationId, userId: options.userId ?? null, now: now() };
      const result = await importProduct(store, row, ctx, { vatRatePercent: options.vatRatePercent, knownCategories, knownWarehouses });
      report.imported++;
      report.appended += result.appended;
      if (result.checkpoint > report.lastCheckpoint) report.lastCheckpoint = result.checkpoint;
    } catch (error) {
      if (error instanceof DomainError) report.errors.push({ line: row.line, errors: [`${error.code}: ${error.message}`] });
      else throw error;
    } finally {
      done++;
      if (done % 500 === 0) options.onProgress?.(done);
    }
  };

  for await (const row of rows) {
    report.rows++;
    if (!('productId' in row)) {
      report.errors.push(row);
      done++;
      continue;
    }
    const p = run(row).finally(() => inFlight.delete(p));
    p.catch(() => {}); // an infrastructure failure is rethrown by Promise.all/race below, never left unhandled
    inFlight.add(p);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  options.onProgress?.(done);
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}
