/**
 * Fitment CSV import and export (docs/architecture.md "Vehicle fitment", back office; columns in docs/catalog-format.md "Fitment
 * file"), ACES-like: one line per application, or one line per product naming a mode.
 *
 * Columns: `part_number` (the product's code1), `make`, `model`, `generation` (the generation slug of the `v=` form, or
 * its code when unambiguous), `year_from`, `year_to`, `position` (`front | left`), `engine_code`, `note`, `mode`
 * (`applications` or empty, `universal`, `not-vehicle-specific`, `unknown`).
 *
 * The file is the truth for the products it names: importing replaces each named product's fitment with the file's
 * lines (a product with the same fitment already changes nothing, so a second import appends no event). Everything is
 * validated first — CSV syntax, columns, every line against the vehicle reference and the catalog — and only a file
 * without errors is applied: nothing is half-imported. Errors carry the line number (the header is line 1).
 */
import { parse } from 'csv-parse/sync';
import { type Application, checkApplication, FITMENT_LIMITS, FITMENT_MODES, type Fitment, type FitmentChange, type FitmentMode, POSITIONS, type Position } from '../../domain/fitment/fitment.js';
import { DomainError } from '../../domain/shared/errors.js';
import { toCsv } from '../../platform/documents/csv.js';
import { normalizeCode } from '../../domain/product/part-number.js';
import { type ApplicationInput, ApplicationInputError, applicationInput, resolveApplication, type VehicleReferenceIndex } from './fitment-input.js';

export const FITMENT_CSV_COLUMNS = ['part_number', 'make', 'model', 'generation', 'year_from', 'year_to', 'position', 'engine_code', 'note', 'mode'] as const;
/** At most this many bytes and lines in one file. */
export const FITMENT_CSV_LIMITS = { bytes: 10_000_000, lines: 200_000 } as const;

/** One problem of a file: its line (1 = header; 0 = the whole file), a code and the values it names. */
export interface FitmentCsvError {
  line: number;
  code: string;
  detail: string;
}

/** One parsed line: its product's part number and either an application input or a mode. */
export interface FitmentCsvLine {
  line: number;
  partNumber: string;
  mode: FitmentMode;
  application: ApplicationInput | null;
}

const texts: Record<string, { et: string; en: string }> = {
  'fitment_csv.syntax': { et: 'CSV-vorming on vigane', en: 'the CSV is malformed' },
  'fitment_csv.too_large': { et: 'fail on liiga suur', en: 'the file is too large' },
  'fitment_csv.empty': { et: 'failis pole ühtegi rida', en: 'the file has no lines' },
  'fitment_csv.column_missing': { et: 'veerg puudub', en: 'a column is missing' },
  'fitment_csv.part_number_required': { et: 'tootekood (part_number) on kohustuslik', en: 'part_number is required' },
  'fitment_csv.product_unknown': { et: 'sellise koodiga toodet pole', en: 'no product has this part number' },
  'fitment_csv.mode_unknown': { et: 'tundmatu režiim (mode)', en: 'unknown mode' },
  'fitment_csv.mode_mixed': { et: 'tootel on nii režiim kui ka sõidukid või mitu režiimi', en: 'the product has both a mode and vehicles, or two modes' },
  'fitment_csv.make_required': { et: 'mark (make) on kohustuslik', en: 'make is required' },
  'fitment_csv.year_invalid': { et: 'aasta peab olema neljakohaline arv', en: 'a year is a four-digit number' },
  'fitment_csv.position_unknown': { et: 'tundmatu asukoht (position: front, rear, left, right)', en: 'unknown position (front, rear, left, right)' },
  'fitment_csv.too_many_applications': { et: `tootel on üle ${FITMENT_LIMITS.applications} sõiduki`, en: `the product has more than ${FITMENT_LIMITS.applications} applications` },
  'fitment.application_invalid': { et: 'sõiduki rida on vigane', en: 'the application is invalid' },
  'fitment.make_unknown': { et: 'sõidukite loendis pole sellist marki', en: 'the vehicle reference has no such make' },
  'fitment.model_unknown': { et: 'sõidukite loendis pole sellist mudelit', en: 'the vehicle reference has no such model' },
  'fitment.generation_unknown': { et: 'sõidukite loendis pole sellist põlvkonda', en: 'the vehicle reference has no such generation' },
  'fitment.years_invalid': { et: 'aastavahemik on vigane', en: 'the year range is invalid' },
  'fitment.generation_with_years': { et: 'andke kas põlvkond või aastad, mitte mõlemat', en: 'give a generation or years, not both' },
  'fitment.model_required': { et: 'põlvkonna või aastate jaoks on mudel kohustuslik', en: 'a model is required with a generation or years' },
};

/** `line 12: the vehicle reference has no such model (Triumph TR9)` in the user's language. */
export function fitmentCsvErrorText(e: FitmentCsvError, language: 'et' | 'en'): string {
  const text = texts[e.code]?.[language] ?? e.code;
  const where = e.line ? (language === 'et' ? `rida ${e.line}: ` : `line ${e.line}: `) : '';
  return `${where}${text}${e.detail ? ` (${e.detail})` : ''}`;
}

const YEAR = /^\d{4}$/;

/**
 * Parses the file's text into lines (pure; no reference or catalog needed). Syntax and column errors stop here.
 * @returns the lines, or the errors (line numbers of the file)
 */
export function parseFitmentCsv(text: string): { lines: FitmentCsvLine[]; errors: FitmentCsvError[] } {
  if (Buffer.byteLength(text, 'utf8') > FITMENT_CSV_LIMITS.bytes) return { lines: [], errors: [{ line: 0, code: 'fitment_csv.too_large', detail: `${FITMENT_CSV_LIMITS.bytes} B` }] };
  let records: { record: Record<string, string>; raw: string; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true, info: true, raw: true, relax_column_count: false, to_line: FITMENT_CSV_LIMITS.lines + 1 });
  } catch (error) {
    const line = Number((error as { lines?: number }).lines ?? 0);
    return { lines: [], errors: [{ line, code: 'fitment_csv.syntax', detail: String((error as Error).message ?? '').slice(0, 160) }] };
  }
  if (!records.length) return { lines: [], errors: [{ line: 0, code: 'fitment_csv.empty', detail: '' }] };
  const header = Object.keys(records[0]!.record);
  const missing = ['part_number', 'make'].filter((c) => !header.includes(c));
  if (missing.length) return { lines: [], errors: [{ line: 1, code: 'fitment_csv.column_missing', detail: missing.join(', ') }] };
  const lines: FitmentCsvLine[] = [];
  const errors: FitmentCsvError[] = [];
  for (const { record, raw, info } of records) {
    // `info.lines` is the record's last line: its first is that less the line breaks inside it (quoted newlines).
    const line = info.lines - (raw.replace(/^(\r?\n)+/, '').replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0);
    // The export's formula guard (platform/documents/csv.ts) wrote "'=...": read such a cell back as written.
    const get = (c: string) => (record[c] ?? '').trim().replace(/^'(?=[=+\-@])/, '');
    const partNumber = get('part_number');
    if (!partNumber || !normalizeCode(partNumber)) {
      errors.push({ line, code: 'fitment_csv.part_number_required', detail: '' });
      continue;
    }
    const modeText = get('mode').toLowerCase() || 'applications';
    if (!(FITMENT_MODES as readonly string[]).includes(modeText)) {
      errors.push({ line, code: 'fitment_csv.mode_unknown', detail: get('mode').slice(0, 40) });
      continue;
    }
    const mode = modeText as FitmentMode;
    if (mode !== 'applications') {
      if (get('make')) {
        errors.push({ line, code: 'fitment_csv.mode_mixed', detail: partNumber });
        continue;
      }
      lines.push({ line, partNumber, mode, application: null });
      continue;
    }
    if (!get('make')) {
      errors.push({ line, code: 'fitment_csv.make_required', detail: partNumber });
      continue;
    }
    const years = [get('year_from'), get('year_to')];
    if (years.some((y) => y && !YEAR.test(y))) {
      errors.push({ line, code: 'fitment_csv.year_invalid', detail: years.filter(Boolean).join('-').slice(0, 20) });
      continue;
    }
    const positions = get('position').split(/\s*[|,;]\s*/).map((p) => p.toLowerCase()).filter(Boolean);
    if (positions.some((p) => !(POSITIONS as readonly string[]).includes(p))) {
      errors.push({ line, code: 'fitment_csv.position_unknown', detail: get('position').slice(0, 40) });
      continue;
    }
    lines.push({
      line,
      partNumber,
      mode,
      application: {
        make: get('make'),
        model: get('model') || null,
        generation: get('generation') || null,
        fromYear: years[0] ? Number(years[0]) : null,
        toYear: years[1] ? Number(years[1]) : null,
        positions: positions as Position[],
        engineCode: get('engine_code') || null,
        note: get('note') || null,
      },
    });
  }
  return { lines, errors };
}

/** What importing a file does to one product: the product and its change (replace with the file's lines, or a mode). */
export interface FitmentImportChange {
  productId: string;
  partNumber: string;
  change: FitmentChange;
}

/**
 * Validates parsed lines against the reference and the catalog (pure): every product must exist, every application
 * resolve, a product has either one mode line or application lines. No errors: one change per product.
 * @param products normalised code1 -> the product id
 */
export function planFitmentImport(lines: readonly FitmentCsvLine[], reference: VehicleReferenceIndex, products: ReadonlyMap<string, { id: string }>, reason: string): { changes: FitmentImportChange[]; errors: FitmentCsvError[] } {
  const errors: FitmentCsvError[] = [];
  const byProduct = new Map<string, { productId: string; partNumber: string; mode: FitmentMode | null; firstLine: number; applications: Application[] }>();
  for (const l of lines) {
    const product = products.get(normalizeCode(l.partNumber));
    if (!product) {
      errors.push({ line: l.line, code: 'fitment_csv.product_unknown', detail: l.partNumber.slice(0, 64) });
      continue;
    }
    const entry = byProduct.get(product.id) ?? { productId: product.id, partNumber: l.partNumber, mode: null, firstLine: l.line, applications: [] };
    byProduct.set(product.id, entry);
    if (l.mode !== 'applications') {
      if (entry.mode !== null || entry.applications.length) errors.push({ line: l.line, code: 'fitment_csv.mode_mixed', detail: l.partNumber });
      else entry.mode = l.mode;
      continue;
    }
    if (entry.mode !== null) {
      errors.push({ line: l.line, code: 'fitment_csv.mode_mixed', detail: l.partNumber });
      continue;
    }
    try {
      entry.applications.push(checkApplication(resolveApplication(l.application!, reference)));
    } catch (error) {
      if (error instanceof ApplicationInputError) errors.push({ line: l.line, code: error.code, detail: error.detail.slice(0, 120) });
      else if (error instanceof DomainError) errors.push({ line: l.line, code: error.code, detail: error.message.slice(0, 120) });
      else throw error;
    }
    if (entry.applications.length === FITMENT_LIMITS.applications + 1) errors.push({ line: l.line, code: 'fitment_csv.too_many_applications', detail: l.partNumber });
  }
  if (errors.length) return { changes: [], errors };
  const changes = [...byProduct.values()].map((p) => ({
    productId: p.productId,
    partNumber: p.partNumber,
    change: p.mode !== null ? { mode: p.mode, reason } : { add: p.applications, replace: true, reason },
  }));
  return { changes, errors };
}

/** The export (UTF-8 with a BOM, CRLF, formula-guarded): one line per application, one line per product with another mode; `unknown` products are left out. */
export function fitmentCsv(products: readonly { code1: string; fitment: Fitment | null }[]): string {
  const rows: (string | number)[][] = [];
  for (const p of products) {
    const f = p.fitment;
    if (!f || f.mode === 'unknown') continue;
    if (f.mode !== 'applications') {
      rows.push([p.code1, '', '', '', '', '', '', '', '', f.mode]);
      continue;
    }
    for (const a of f.applications) {
      const i = applicationInput(a);
      rows.push([p.code1, i.make, i.model ?? '', i.generation ?? '', i.fromYear ?? '', i.toYear ?? '', (i.positions ?? []).join(' | '), i.engineCode ?? '', i.note ?? '', '']);
    }
  }
  return toCsv([[...FITMENT_CSV_COLUMNS], ...rows]);
}
