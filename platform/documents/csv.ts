/**
 * CSV text (RFC 4180) for exports opened in spreadsheets: fields separated by commas, records by CRLF; a field that
 * holds a comma, a double quote, CR or LF is enclosed in double quotes and its double quotes doubled.
 *
 * Guard against CSV formula injection (OWASP "CSV Injection"): a text cell starting with = + - @, a tab or CR would
 * be run as a formula by Excel or LibreOffice, so it is written with a leading apostrophe ("'=cmd") and shows as
 * text. Numbers (typeof number) are written as they are, so a negative number stays a number. A UTF-8 byte order
 * mark starts the text so Excel reads Estonian letters (õ, ä, ö, ü, š, ž) right.
 */

/** One cell: text is guarded and quoted as needed; numbers are written as they are; null/undefined as empty. */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as RFC 4180 wants it, with the formula guard for text. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole document: a BOM, then each row's fields joined by commas, each row ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
