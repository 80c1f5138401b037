/**
 * Parses and validates catalog CSV files in the format of docs/catalog-format.md into import rows.
 * A bad row becomes `{ line, errors }` and never stops the good ones.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { v5 as uuidv5 } from 'uuid';
import { AVAILABILITY_POLICIES, type AvailabilityPolicy } from '../../domain/product/availability.js';
import { PRODUCT_CLASSES, type ProductClass, UNITS, type Unit } from '../../domain/product/product.js';

const PRODUCT_ID_NAMESPACE = 'a3c1f6de-7d0e-4c5e-9d6a-1f4b7c2e9a10';
const CATEGORY_ID_NAMESPACE = 'c7e2b1a4-2f3d-4b8e-8a61-5d9c0e3f7b22';

/** Product id of a catalog code: uuid v5 of the trimmed code1, stable across imports and machines. */
export const productIdForCode = (code1: string) => uuidv5(code1.trim(), PRODUCT_ID_NAMESPACE);
/** Category id of an English category path ("Filters > Fuel filters"): uuid v5. */
export const categoryIdForPath = (pathEn: string[]) => uuidv5(pathEn.join(' > '), CATEGORY_ID_NAMESPACE);

export interface ImportRow {
  /** 1-based line number of the row in the file (the header is line 1). */
  line: number;
  productId: string;
  code1: string;
  code2: string | null;
  names: { et: string; en: string };
  descriptions: { et: string; en: string };
  /** Category path from the root, one entry per level with both names. */
  categoryPath: { id: string; et: string; en: string }[];
  /** Gross price in euro cents, or null for no price. */
  grossCents: number | null;
  /** Whole units per warehouse id. */
  stock: Record<string, number>;
  unit: Unit;
  policy: AvailabilityPolicy;
  deliveryDays: number | null;
  bigProduct: boolean;
  productClass: ProductClass;
  attributes: { name: string; value: string }[];
  oeNumbers: string[];
  vehicles: string[];
  images: string[];
}

export interface RowError {
  line: number;
  errors: string[];
}

const list = (value: string | undefined) => (value ?? '').split(' | ').map((s) => s.trim()).filter(Boolean);

function pairs(value: string | undefined, what: string, errors: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const item of list(value)) {
    const i = item.indexOf('=');
    if (i <= 0 || i === item.length - 1) errors.push(`${what}: "${item}" is not name=value`);
    else out.push([item.slice(0, i).trim(), item.slice(i + 1).trim()]);
  }
  return out;
}

/** Euro text ("12.40", "12", "0.5") to cents; null when empty; NaN when malformed. */
export function parseEuroToCents(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Validates one CSV record (column name to text). */
export function toImportRow(record: Record<string, string>, line: number): ImportRow | RowError {
  const errors: string[] = [];
  const get = (k: string) => (record[k] ?? '').trim();
  const code1 = get('code1');
  if (!code1) errors.push('code1 is empty');
  if (code1.length > 64) errors.push('code1 is longer than 64 characters');
  const names = { et: get('name_et'), en: get('name_en') };
  if (!names.et && !names.en) errors.push('name_et and name_en are both empty');
  const grossCents = parseEuroToCents(record.price);
  if (Number.isNaN(grossCents)) errors.push(`price "${get('price')}" is not a euro amount like 12.40`);

  const stock: Record<string, number> = {};
  for (const [warehouse, qty] of pairs(record.stock, 'stock', errors)) {
    if (!/^\d{1,7}$/.test(qty)) errors.push(`stock: quantity "${qty}" of ${warehouse} is not a whole number >= 0`);
    else if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(warehouse)) errors.push(`stock: warehouse "${warehouse}" is not a lowercase id`);
    else stock[warehouse] = Number(qty);
  }
  const unit = (get('unit') || 'pcs') as Unit;
  if (!UNITS.includes(unit)) errors.push(`unit "${unit}" is not one of ${UNITS.join(', ')}`);
  const policy = (get('availability') || 'available') as AvailabilityPolicy;
  if (!AVAILABILITY_POLICIES.includes(policy)) errors.push(`availability "${policy}" is not one of ${AVAILABILITY_POLICIES.join(', ')}`);
  const daysText = get('delivery_days');
  const deliveryDays = daysText ? Number(daysText) : null;
  if (deliveryDays !== null && (!Number.isInteger(deliveryDays) || deliveryDays < 1 || deliveryDays > 365)) errors.push(`delivery_days "${daysText}" is not 1 to 365`);
  const productClass = (get('class') || 'product') as ProductClass;
  if (!PRODUCT_CLASSES.includes(productClass)) errors.push(`class "${productClass}" is not product or service`);
  const big = get('big_product');
  if (big && big !== '0' && big !== '1') errors.push(`big_product "${big}" is not 0 or 1`);

  const pathEt = (get('category_et') || get('category_en')).split('>').map((s) => s.trim()).filter(Boolean);
  const pathEn = (get('category_en') || get('category_et')).split('>').map((s) => s.trim()).filter(Boolean);
  if (pathEt.length !== pathEn.length) errors.push('category_et and category_en differ in depth');
  const categoryPath = pathEn.map((en, i) => ({ id: categoryIdForPath(pathEn.slice(0, i + 1)), en, et: pathEt[i] ?? en }));

  const attributes = pairs(record.attributes, 'attributes', errors).map(([name, value]) => ({ name, value }));
  const image = get('image_url');
  if (image && !/^https?:\/\/\S+$/.test(image)) errors.push(`image_url "${image}" is not an http(s) URL`);

  if (errors.length) return { line, errors };
  return {
    line,
    productId: productIdForCode(code1),
    code1,
    code2: get('code2') || null,
    names,
    descriptions: { et: get('description_et'), en: get('description_en') },
    categoryPath,
    grossCents,
    stock,
    unit,
    policy,
    deliveryDays,
    bigProduct: big === '1',
    productClass,
    attributes,
    oeNumbers: list(record.oe_numbers),
    vehicles: list(record.vehicles),
    images: image ? [image] : [],
  };
}

/**
 * Streams a catalog CSV file as validated rows (or row errors), in file order. A code1 seen before in the file is
 * reported as an error on its later line. @throws Error when the file cannot be read or is not CSV at all.
 */
export async function* readCatalogCsv(path: string): AsyncGenerator<ImportRow | RowError> {
  const parser = createReadStream(path).pipe(parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, info: true }));
  const seen = new Set<string>();
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    // info.lines is the line the record ended on; a record spans one line in all but quoted-newline cases.
    const row = toImportRow(record, info.lines);
    if ('productId' in row) {
      if (seen.has(row.code1)) {
        yield { line: row.line, errors: [`code1 "${row.code1}" repeats an earlier row`] };
        continue;
      }
      seen.add(row.code1);
    }
    yield row;
  }
}
