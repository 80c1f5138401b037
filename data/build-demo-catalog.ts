/**
 * Builds `data/demo-catalog.csv`, the demo catalog of the shop, in the import format of
 * `docs/catalog-format.md`, from the real stock list of a classic British parts shop
 * (`../shared/data/catalog/slg-classic-british-parts.txt`, MMichotte/SLG_APP, MIT).
 *
 * Run from anywhere: `npx tsx data/build-demo-catalog.ts` (or `npm run catalog:build-demo`).
 * Paths are resolved from this file's location: repo root = parent of `data/`,
 * shared data = `<repo root>/../shared/data`.
 *
 * The part numbers (`code1`) and labels are real. Everything else is DERIVED: the readable English
 * name, the Estonian name, the category, and — GENERATED, not real — price, stock, availability,
 * delivery days and vehicle fitment. Every generated value is a pure function of `code1` and the label
 * (FNV-1a hash, no Math.random, no clock), so the output is byte-identical on every machine and run.
 * The rules are documented in `data/README.md`.
 *
 * The helpers exported here (hashing, CSV writing, categories, the price/stock rule) are shared with
 * `data/mann-filter-mapping.ts` and `data/scaled-catalog.ts`. Importing this module does not build anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

const THIS_FILE = fileURLToPath(import.meta.url);

/** Absolute path of the repository root (the parent of `data/`). */
export const REPO_ROOT = path.resolve(path.dirname(THIS_FILE), '..');

/** Absolute path of the shared third-party data directory (`<repo root>/../shared/data`). */
export const SHARED_DATA_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'data');

/** Absolute path of the generated demo catalog (`data/demo-catalog.csv`). */
export const DEMO_CATALOG_PATH = path.join(REPO_ROOT, 'data', 'demo-catalog.csv');

// ---------------------------------------------------------------------------------------------
// Deterministic hashing
// ---------------------------------------------------------------------------------------------

/**
 * 32-bit FNV-1a hash of the UTF-8 bytes of `text`.
 * @returns an unsigned integer in [0, 2^32).
 */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * A deterministic pseudo-random fraction for `key` and `salt`: `fnv1a32(salt + ':' + key) / 2^32`.
 * Different salts give independent-looking draws for the same product.
 * @returns a number in [0, 1).
 */
export function hashFraction(key: string, salt: string): number {
  return fnv1a32(`${salt}:${key}`) / 4294967296;
}

/**
 * A deterministic integer in [min, max] (both inclusive) for `key` and `salt`.
 */
export function hashInt(key: string, salt: string, min: number, max: number): number {
  return min + Math.floor(hashFraction(key, salt) * (max - min + 1));
}

// ---------------------------------------------------------------------------------------------
// CSV writing (RFC 4180, the import format of docs/catalog-format.md)
// ---------------------------------------------------------------------------------------------

/** The columns of the catalog import format, in the order this project writes them. */
export const IMPORT_COLUMNS = [
  'code1', 'code2', 'name_et', 'name_en', 'description_et', 'description_en', 'category_et', 'category_en',
  'price', 'stock', 'unit', 'availability', 'delivery_days', 'big_product', 'class', 'attributes',
  'oe_numbers', 'vehicles', 'image_url',
] as const;

/** One row of the import format: column name -> cell text (missing columns are written empty). */
export type CatalogRow = Record<string, string>;

/**
 * Quotes one CSV field when needed (RFC 4180): a field containing a comma, a double quote, CR or LF, or
 * starting/ending with a space, is wrapped in double quotes with inner quotes doubled.
 */
export function csvField(value: string): string {
  if (/[",\r\n]/.test(value) || /^\s|\s$/.test(value)) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

/** One CSV record (no line terminator) of `values`. */
export function csvRecord(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/**
 * A whole CSV document: the header row `columns`, then one record per row, each terminated by `\n`.
 * @param rows rows keyed by column name; a missing key is written as an empty cell.
 */
export function toCsv(rows: Iterable<CatalogRow>, columns: readonly string[] = IMPORT_COLUMNS): string {
  const out: string[] = [csvRecord(columns)];
  for (const row of rows) out.push(csvRecord(columns.map((c) => row[c] ?? '')));
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Top categories: the eparts list (DaXzz1/WebShop-Eparts, MIT) with corrected Estonian
// ---------------------------------------------------------------------------------------------

/** A top-level category: corrected English and Estonian names, and what the source said. */
export interface TopCategory {
  /** Stable key used by the rules of this project. */
  key: string;
  /** eparts id (categories.sql). */
  sourceId: number;
  en: string;
  et: string;
  sourceEn: string;
  sourceEt: string;
  /** Gross price band in euros [min, max] for generated prices of products in this category. */
  priceBand: [number, number];
}

/**
 * The 39 eparts categories minus the duplicate id 23 ("Bearings are universal" = id 22), with the
 * machine-translated Estonian (and the few English names that were themselves translated from Russian)
 * corrected. Every correction is listed in data/README.md.
 */
export const TOP_CATEGORIES: readonly TopCategory[] = [
  { key: 'glass', sourceId: 1, en: 'Automotive glass', et: 'Autoklaasid', sourceEn: 'Automotive glass', sourceEt: 'Autoklaasid', priceBand: [25, 450] },
  { key: 'autocosmetics', sourceId: 2, en: 'Autochemistry and autocosmetics', et: 'Autokeemia ja autokosmeetika', sourceEn: 'Autochemistry and autocosmetics', sourceEt: 'Autokeemia ja autokosmeetika', priceBand: [5, 60] },
  { key: 'accessories', sourceId: 3, en: 'Accessories and supplies', et: 'Lisavarustus ja tarvikud', sourceEn: 'Accessories and supplies', sourceEt: 'Tarvikud ja tarvikud', priceBand: [5, 150] },
  { key: 'shocks', sourceId: 4, en: 'Shock absorbers and springs', et: 'Amortisaatorid ja vedrud', sourceEn: 'Shock absorbers and springs', sourceEt: 'Amortisaatorid ja vedrud', priceBand: [20, 380] },
  { key: 'gas_springs', sourceId: 5, en: 'Gas springs', et: 'Gaasivedrud', sourceEn: 'Gas springs', sourceEt: 'Gaasivedrud', priceBand: [12, 70] },
  { key: 'engine', sourceId: 6, en: 'Engine', et: 'Mootor', sourceEn: 'Engine', sourceEt: 'Mootor', priceBand: [3, 900] },
  { key: 'tuning', sourceId: 7, en: 'Tuning parts', et: 'Tuunimisosad', sourceEn: 'Tuning parts', sourceEt: 'Osade häälestamine', priceBand: [30, 900] },
  { key: 'horns', sourceId: 8, en: 'Sound signals', et: 'Helisignaalid', sourceEn: 'Sound signals', sourceEt: 'Helisignaalid', priceBand: [12, 120] },
  { key: 'mirrors', sourceId: 9, en: 'Mirrors', et: 'Peeglid', sourceEn: 'Mirrors', sourceEt: 'Peeglid', priceBand: [12, 200] },
  { key: 'tools', sourceId: 10, en: 'Tools', et: 'Tööriistad', sourceEn: 'Instruments', sourceEt: 'Instrumendid', priceBand: [6, 250] },
  { key: 'wheels', sourceId: 11, en: 'Wheels', et: 'Rattad', sourceEn: 'Wheels', sourceEt: 'Rattad', priceBand: [4, 650] },
  { key: 'transmission', sourceId: 12, en: 'Transmission', et: 'Jõuülekanne', sourceEn: 'Transmission', sourceEt: 'Edasikandumine', priceBand: [6, 900] },
  { key: 'fasteners', sourceId: 13, en: 'Fasteners', et: 'Kinnitusvahendid', sourceEn: 'Fasteners', sourceEt: 'Kinnitusvahendid', priceBand: [1.5, 25] },
  { key: 'body', sourceId: 14, en: 'Body', et: 'Kere', sourceEn: 'Body', sourceEt: 'Keha', priceBand: [4, 900] },
  { key: 'oils', sourceId: 15, en: 'Oils', et: 'Õlid', sourceEn: 'Oils', sourceEt: 'Õlid', priceBand: [8, 90] },
  { key: 'heating', sourceId: 16, en: 'Heating', et: 'Küte', sourceEn: 'Heating', sourceEt: 'Küte', priceBand: [6, 320] },
  { key: 'workshop', sourceId: 17, en: 'Workshop equipment', et: 'Töökojavarustus', sourceEn: 'Workshop equipment', sourceEt: 'Töökoja varustus', priceBand: [10, 600] },
  { key: 'optics', sourceId: 18, en: 'Optics', et: 'Tuled ja optika', sourceEn: 'Optics', sourceEt: 'Optika', priceBand: [4, 280] },
  { key: 'cooling', sourceId: 19, en: 'Cooling', et: 'Jahutus', sourceEn: 'Cooling', sourceEt: 'Jahutus', priceBand: [6, 480] },
  { key: 'switches', sourceId: 20, en: 'Switches', et: 'Lülitid', sourceEn: 'Switches', sourceEt: 'Lülitid', priceBand: [6, 110] },
  { key: 'suspension', sourceId: 21, en: 'Suspension and steering', et: 'Vedrustus ja roolisüsteem', sourceEn: 'Suspension and control', sourceEt: 'Vedrustus ja juhtimine', priceBand: [5, 450] },
  { key: 'bearings', sourceId: 22, en: 'Universal bearings', et: 'Universaalsed laagrid', sourceEn: 'Bearings universal', sourceEt: 'Universaalsed laagrid', priceBand: [5, 150] },
  { key: 'drive', sourceId: 24, en: 'Drive unit', et: 'Veosild ja ajam', sourceEn: 'Drive unit', sourceEt: 'Ajam', priceBand: [8, 800] },
  { key: 'other', sourceId: 25, en: 'Other', et: 'Muu', sourceEn: 'Other', sourceEt: 'Muu', priceBand: [2, 160] },
  { key: 'belts', sourceId: 26, en: 'Belts and rollers', et: 'Rihmad ja rullikud', sourceEn: 'Belts and rollers', sourceEt: 'Rihmad ja rullid', priceBand: [5, 90] },
  { key: 'interior', sourceId: 27, en: 'Interior', et: 'Salong', sourceEn: 'Salon', sourceEt: 'Salong', priceBand: [5, 900] },
  { key: 'intake', sourceId: 28, en: 'Intake system', et: 'Sisselaskesüsteem', sourceEn: 'Intake system', sourceEt: 'Sisselaskesüsteem', priceBand: [8, 420] },
  { key: 'exhaust', sourceId: 29, en: 'Exhaust system', et: 'Väljalaskesüsteem', sourceEn: 'Exhaust system', sourceEt: 'Väljalaskesüsteem', priceBand: [8, 850] },
  { key: 'wipers', sourceId: 30, en: 'Wipers', et: 'Klaasipuhastid', sourceEn: 'Wipers', sourceEt: 'Klaasipuhastid', priceBand: [5, 160] },
  { key: 'windows', sourceId: 31, en: 'Window regulators', et: 'Aknatõstukid', sourceEn: 'Power windows', sourceEt: 'Elektrilised aknad', priceBand: [20, 260] },
  { key: 'clutch', sourceId: 32, en: 'Clutch', et: 'Sidur', sourceEn: 'Clutch', sourceEt: 'Sidur', priceBand: [8, 450] },
  { key: 'fuel', sourceId: 33, en: 'Fuel system', et: 'Kütusesüsteem', sourceEn: 'Fuel system', sourceEt: 'Kütusesüsteem', priceBand: [4, 480] },
  { key: 'brakes', sourceId: 34, en: 'Brakes', et: 'Pidurid', sourceEn: 'Brakes', sourceEt: 'Pidurid', priceBand: [6, 380] },
  { key: 'filters', sourceId: 35, en: 'Filters', et: 'Filtrid', sourceEn: 'Filters', sourceEt: 'Filtrid', priceBand: [5, 70] },
  { key: 'chemistry', sourceId: 36, en: 'Chemistry', et: 'Keemia', sourceEn: 'Chemistry', sourceEt: 'Keemia', priceBand: [4, 50] },
  { key: 'electrics', sourceId: 37, en: 'Electrics', et: 'Elektriseadmed', sourceEn: 'Electrician', sourceEt: 'Elektrik', priceBand: [2.5, 420] },
  { key: 'security', sourceId: 38, en: 'Security elements', et: 'Turvaelemendid', sourceEn: 'Security elements', sourceEt: 'Turvaelemendid', priceBand: [5, 160] },
  { key: 'suspension_parts', sourceId: 39, en: 'Suspension and steering parts', et: 'Vedrustuse ja roolisüsteemi osad', sourceEn: 'Suspension elements and control systems', sourceEt: 'Vedrustuselemendid ja juhtimissüsteemid', priceBand: [5, 450] },
];

const CATEGORY_BY_KEY = new Map(TOP_CATEGORIES.map((c) => [c.key, c]));

/** The top category with `key`; throws for an unknown key. */
export function topCategory(key: string): TopCategory {
  const c = CATEGORY_BY_KEY.get(key);
  if (!c) throw new Error(`unknown category key ${key}`);
  return c;
}

// ---------------------------------------------------------------------------------------------
// Generated commerce fields: price, stock, availability, delivery days
// ---------------------------------------------------------------------------------------------

/** The generated commerce cells of one row, already formatted for the CSV. */
export interface CommerceCells {
  /** Gross euros with 2 decimals, e.g. `24.90`. */
  price: string;
  /** `tallinn=N | tartu=M` (whole units), or '' for services. */
  stock: string;
  availability: 'available' | 'on_demand' | 'not_available' | 'non_stock';
  /** Workdays as text, or ''. */
  delivery_days: string;
}

/** Options that bend the generated price/stock of one product. */
export interface CommerceOptions {
  /** A kit/set: price drawn from the upper 65 % of the band. */
  kit?: boolean;
  /** Too big for parcel machines: price from the upper half of the band, at most 3 pieces per warehouse. */
  big?: boolean;
  /** A service row (class `service`): no stock, always `available`. */
  service?: boolean;
}

/**
 * Rounds a euro amount to a shop-like price: below 10 € to 0.05, below 100 € to 0.10, otherwise to a
 * whole euro minus 0.10 (e.g. 149.90); clamped to [1.50, 900.00].
 * @returns the amount with exactly 2 decimals, as text.
 */
export function shopPrice(euros: number): string {
  let p: number;
  if (euros < 10) p = Math.round(euros * 20) / 20;
  else if (euros < 100) p = Math.round(euros * 10) / 10;
  else p = Math.round(euros) - 0.1;
  p = Math.min(900, Math.max(1.5, p));
  return p.toFixed(2);
}

/**
 * A price drawn log-uniformly from `band` by the hash of `code1` (salt `price`).
 * @param band gross euros [min, max]
 * @returns gross euros with 2 decimals, e.g. `24.90`.
 */
export function generatedPrice(code1: string, band: readonly [number, number], opts: CommerceOptions = {}): string {
  let u = hashFraction(code1, 'price');
  if (opts.big) u = 0.5 + 0.5 * u;
  else if (opts.kit) u = 0.35 + 0.65 * u;
  const [min, max] = band;
  return shopPrice(min * Math.pow(max / min, u));
}

/**
 * The generated commerce cells of a product (all from the hash of `code1`):
 * - availability: 80 % `available`, 10 % `on_demand`, 6 % `not_available`, 4 % `non_stock` (salt `avail`);
 * - stock (only when `available`): tallinn 0 with 25 % probability, else 1..30 skewed to small numbers;
 *   tartu 0 with 50 % probability, else 1..10 (big products: at most 3); other states have 0 everywhere;
 * - delivery_days: `on_demand` 3..14, `non_stock` 7..30, `available` with no stock at all 2..7, else empty;
 * - price: {@link generatedPrice}.
 */
export function generatedCommerce(code1: string, band: readonly [number, number], opts: CommerceOptions = {}): CommerceCells {
  const price = generatedPrice(code1, band, opts);
  if (opts.service) return { price, stock: '', availability: 'available', delivery_days: '' };
  const a = hashFraction(code1, 'avail');
  const availability: CommerceCells['availability'] =
    a < 0.8 ? 'available' : a < 0.9 ? 'on_demand' : a < 0.96 ? 'not_available' : 'non_stock';
  let tallinn = 0;
  let tartu = 0;
  if (availability === 'available') {
    const t = hashFraction(code1, 'stock-tallinn');
    const r = hashFraction(code1, 'stock-tartu');
    const maxT = opts.big ? 3 : 30;
    const maxR = opts.big ? 3 : 10;
    if (t >= 0.25) tallinn = 1 + Math.floor(Math.pow((t - 0.25) / 0.75, 2) * maxT);
    if (r >= 0.5) tartu = 1 + Math.floor(Math.pow((r - 0.5) / 0.5, 2) * maxR);
    tallinn = Math.min(tallinn, maxT);
    tartu = Math.min(tartu, maxR);
  }
  let delivery = '';
  if (availability === 'on_demand') delivery = String(hashInt(code1, 'delivery', 3, 14));
  else if (availability === 'non_stock') delivery = String(hashInt(code1, 'delivery', 7, 30));
  else if (availability === 'available' && tallinn + tartu === 0) delivery = String(hashInt(code1, 'delivery', 2, 7));
  return { price, stock: `tallinn=${tallinn} | tartu=${tartu}`, availability, delivery_days: delivery };
}

// ---------------------------------------------------------------------------------------------
// The parts dictionary: abbreviation / word / phrase -> English, Estonian (data/et-dictionary.tsv)
// ---------------------------------------------------------------------------------------------

/** Absolute path of the parts dictionary (`data/et-dictionary.tsv`; its format is described in its header). */
export const DICTIONARY_PATH = path.join(REPO_ROOT, 'data', 'et-dictionary.tsv');

/** One parsed dictionary entry. */
interface DictEntry { en: string; et: string }

/**
 * Parses the parts dictionary: one entry a line, `KEYS<TAB>english<TAB>estonian`, KEYS comma-separated label
 * spellings (a key may be a phrase of tokens separated by single spaces); `#` lines are comments. The first
 * line of a key wins. Throws on a line that does not have three columns.
 * @returns uppercase key -> entry.
 */
export function parseDictionary(src: string): Map<string, DictEntry> {
  const dict = new Map<string, DictEntry>();
  src.split('\n').forEach((rawLine, i) => {
    const line = rawLine.replace(/\r$/, '');
    if (!line.trim() || line.trim().startsWith('#')) return;
    const parts = line.split('\t').map((s) => s.trim());
    if (parts.length !== 3 || !parts[0] || !parts[1] || !parts[2]) throw new Error(`et-dictionary.tsv line ${i + 1}: expected KEYS<TAB>english<TAB>estonian: ${line}`);
    const [keys, en, et] = parts;
    for (const key of keys.split(',')) {
      const k = key.trim().toUpperCase();
      if (k && !dict.has(k)) dict.set(k, { en, et });
    }
  });
  return dict;
}

const DICT = parseDictionary(fs.readFileSync(DICTIONARY_PATH, 'utf8'));
const MAX_PHRASE = Math.max(...[...DICT.keys()].map((k) => k.split(' ').length));

// ---------------------------------------------------------------------------------------------
// Marques and models (fitment)
// ---------------------------------------------------------------------------------------------

/** Marques the second category level can name (English = Estonian). */
export const MARQUES = ['MG', 'Triumph', 'Jaguar', 'Austin-Healey', 'Mini', 'Morris', 'Mazda'] as const;

/**
 * A model a label can name: its marque, where its generations come from, and (for models no vehicle
 * list knows) production years from the public record.
 */
interface ModelDef {
  marque: (typeof MARQUES)[number];
  /** How the model reads in `vehicles` (before the date range). */
  display: string;
  /** Rows of vehicles/eparts-make-model-generation.csv: [make, model] (exact), or [make, model, from] to pick one generation. */
  eparts?: Array<[string, string] | [string, string, string]>;
  /** Shown when no eparts row: production years, e.g. '1968-1976'. */
  years?: string;
  /** Also list the US-market years of this model from vehicles/us-car-models-1992-2026.csv [make, model]. */
  us?: [string, string];
}

const MODELS: Record<string, ModelDef> = {
  MGA: { marque: 'MG', display: 'MG MGA', eparts: [['MG', 'MGA']] },
  MGB: { marque: 'MG', display: 'MG MGB', eparts: [['MG', 'B']] },
  MGB_V8: { marque: 'MG', display: 'MG MGB GT V8', years: '1973-1976' },
  MGC: { marque: 'MG', display: 'MG MGC', eparts: [['MG', 'MGC']] },
  MIDGET: { marque: 'MG', display: 'MG Midget', eparts: [['MG', 'MIDGET']] },
  MGF: { marque: 'MG', display: 'MG F', eparts: [['MG', 'F (RD)']] },
  MG_TF_MODERN: { marque: 'MG', display: 'MG TF', eparts: [['MG', 'TF']] },
  RV8: { marque: 'MG', display: 'MG RV8', eparts: [['MG', 'R V8']] },
  MG_TA: { marque: 'MG', display: 'MG TA', years: '1936-1939' },
  MG_TB: { marque: 'MG', display: 'MG TB', years: '1939-1940' },
  MG_TC: { marque: 'MG', display: 'MG TC', eparts: [['MG', 'TC']] },
  MG_TD: { marque: 'MG', display: 'MG TD', years: '1950-1953' },
  MG_TF: { marque: 'MG', display: 'MG TF', years: '1953-1955' },
  MAGNETTE: { marque: 'MG', display: 'MG Magnette', eparts: [['MG', 'MAGNETTE']] },
  ZR: { marque: 'MG', display: 'MG ZR', eparts: [['MG', 'ZR']] },
  ZS: { marque: 'MG', display: 'MG ZS', eparts: [['MG', 'ZS']] },
  ZT: { marque: 'MG', display: 'MG ZT', eparts: [['Rover', 'MG ZT']] },
  SPRITE: { marque: 'Austin-Healey', display: 'Austin-Healey Sprite', years: '1958-1971' },
  AH_100: { marque: 'Austin-Healey', display: 'Austin-Healey 100', years: '1953-1956' },
  AH_100_6: { marque: 'Austin-Healey', display: 'Austin-Healey 100-Six', years: '1956-1959' },
  AH_3000: { marque: 'Austin-Healey', display: 'Austin-Healey 3000', years: '1959-1967' },
  TR2: { marque: 'Triumph', display: 'Triumph TR2', years: '1953-1955' },
  TR3: { marque: 'Triumph', display: 'Triumph TR3', years: '1955-1957' },
  TR3A: { marque: 'Triumph', display: 'Triumph TR3A', years: '1957-1962' },
  TR3B: { marque: 'Triumph', display: 'Triumph TR3B', years: '1962' },
  TR4: { marque: 'Triumph', display: 'Triumph TR4', years: '1961-1965' },
  TR4A: { marque: 'Triumph', display: 'Triumph TR4A', years: '1965-1967' },
  TR5: { marque: 'Triumph', display: 'Triumph TR5', years: '1967-1968' },
  TR250: { marque: 'Triumph', display: 'Triumph TR250', years: '1967-1968' },
  TR6: { marque: 'Triumph', display: 'Triumph TR6', years: '1968-1976' },
  TR7: { marque: 'Triumph', display: 'Triumph TR7', years: '1975-1981' },
  TR8: { marque: 'Triumph', display: 'Triumph TR8', years: '1978-1981' },
  GT6: { marque: 'Triumph', display: 'Triumph GT6', years: '1966-1973' },
  SPITFIRE: { marque: 'Triumph', display: 'Triumph Spitfire', years: '1962-1980' },
  HERALD: { marque: 'Triumph', display: 'Triumph Herald', years: '1959-1971' },
  VITESSE: { marque: 'Triumph', display: 'Triumph Vitesse', years: '1962-1971' },
  STAG: { marque: 'Triumph', display: 'Triumph Stag', years: '1970-1977' },
  DOLOMITE: { marque: 'Triumph', display: 'Triumph Dolomite', years: '1972-1980' },
  TOLEDO: { marque: 'Triumph', display: 'Triumph Toledo', years: '1970-1976' },
  T2000: { marque: 'Triumph', display: 'Triumph 2000/2500', years: '1963-1977' },
  XJ: { marque: 'Jaguar', display: 'Jaguar XJ', eparts: [['Jaguar', 'XJ']] },
  XJS: { marque: 'Jaguar', display: 'Jaguar XJS', eparts: [['Jaguar', 'XJS']] },
  ETYPE: { marque: 'Jaguar', display: 'Jaguar E-Type', eparts: [['Jaguar', 'E-TYPE']] },
  XK120: { marque: 'Jaguar', display: 'Jaguar XK120', eparts: [['Jaguar', 'XK', '09.1948']] },
  XK140: { marque: 'Jaguar', display: 'Jaguar XK140', eparts: [['Jaguar', 'XK', '10.1954']] },
  XK150: { marque: 'Jaguar', display: 'Jaguar XK150', eparts: [['Jaguar', 'XK', '09.1957']] },
  JAG_MK2: { marque: 'Jaguar', display: 'Jaguar Mk II', eparts: [['Jaguar', 'Mk II']] },
  MINI: { marque: 'Mini', display: 'Mini', eparts: [['Austin', 'MINI'], ['Rover', 'MINI MK I']] },
  MINOR: { marque: 'Morris', display: 'Morris Minor', years: '1948-1971' },
  MX5_NA: { marque: 'Mazda', display: 'Mazda MX-5 (NA)', eparts: [['Mazda', 'MX-5 (NA)']], us: ['MAZDA', 'MX-5 Miata'] },
  MX5_NB: { marque: 'Mazda', display: 'Mazda MX-5 (NB)', eparts: [['Mazda', 'MX-5 (NB)']], us: ['MAZDA', 'MX-5 Miata'] },
  MX5_NC: { marque: 'Mazda', display: 'Mazda MX-5 (NC)', eparts: [['Mazda', 'MX-5 (NC)']], us: ['MAZDA', 'MX-5 Miata'] },
  MX5_ND: { marque: 'Mazda', display: 'Mazda MX-5 (ND)', eparts: [['Mazda', 'MX-5 (ND)']], us: ['MAZDA', 'MX-5 Miata'] },
};

/** Models listed when a label names only the marque (or a family) and no single model. */
const MARQUE_ONLY_TOKENS: Record<string, { marque: (typeof MARQUES)[number]; models: string[]; display: string }> = {
  MG: { marque: 'MG', models: [], display: 'MG' },
  JAG: { marque: 'Jaguar', models: [], display: 'Jaguar' },
  JAGUAR: { marque: 'Jaguar', models: [], display: 'Jaguar' },
  TRIUMPH: { marque: 'Triumph', models: [], display: 'Triumph' },
  TRI: { marque: 'Triumph', models: [], display: 'Triumph' },
  TR: { marque: 'Triumph', models: [], display: 'TR' },
  AH: { marque: 'Austin-Healey', models: [], display: 'Austin-Healey' },
  'A/H': { marque: 'Austin-Healey', models: [], display: 'Austin-Healey' },
  'A/HEALEY': { marque: 'Austin-Healey', models: [], display: 'Austin-Healey' },
  HEALEY: { marque: 'Austin-Healey', models: [], display: 'Healey' },
  MGT: { marque: 'MG', models: ['MG_TA', 'MG_TB', 'MG_TC', 'MG_TD', 'MG_TF'], display: 'MG T-Series' },
  'S&M': { marque: 'MG', models: ['MIDGET', 'SPRITE'], display: 'Sprite & Midget' },
  XK: { marque: 'Jaguar', models: ['XK120', 'XK140', 'XK150'], display: 'XK' },
  MORRIS: { marque: 'Morris', models: ['MINOR'], display: 'Morris' },
};

const TR_ORDER = ['TR2', 'TR3', 'TR3A', 'TR3B', 'TR4', 'TR4A', 'TR5', 'TR250', 'TR6', 'TR7', 'TR8'];
const T_SERIES = ['MG_TA', 'MG_TB', 'MG_TC', 'MG_TD', 'MG_TF'];

/** Parses a Triumph TR token ('TR6', 'TR2-4A', 'TR5/6', 'TR2/3/3A', 'TR4A-6') into TR model keys. */
function parseTr(token: string): string[] | null {
  if (/^TR56/.test(token)) return ['TR5', 'TR6'];
  const m = /^TR((?:\d{1,3}[AB]?)(?:[-/](?:TR)?\d{1,3}[AB]?)*)/.exec(token);
  if (!m) return null;
  const body = m[1];
  const items = body.split(/([-/])/);
  const keys: string[] = [];
  let prev: number | null = null;
  let sep = '';
  for (const item of items) {
    if (item === '-' || item === '/') { sep = item; continue; }
    const key = 'TR' + item.replace(/^TR/, '');
    const idx = TR_ORDER.indexOf(key);
    if (idx < 0) return keys.length ? keys : null;
    if (sep === '-' && prev !== null && idx >= prev) {
      for (let i = prev + 1; i <= idx; i++) keys.push(TR_ORDER[i]);
    } else keys.push(key);
    prev = idx;
    sep = '';
  }
  return keys.length ? [...new Set(keys)] : null;
}

/** The models and marques a label names, in label order. */
interface Fitment { marques: string[]; models: string[] }

const YEARS_TOKEN = /^(\d{2}-\d{1,2}|\d{2}>|>\d{2}|\d{2}-)$/;

/**
 * Detects marques and models in the label tokens (uppercase). Model codes may carry years or body
 * styles glued on (MGB62-7, MGBGT65-68, SPR59-61, S&M70-79, AH100/4) or list several models
 * (TR5/6, MGA/B, TD/TF, MGF/TF, TR7&STAG).
 */
function detectFitment(tokens: string[]): Fitment {
  const marques: string[] = [];
  const models: string[] = [];
  const addModel = (k: string) => {
    const def = MODELS[k];
    if (!models.includes(k)) models.push(k);
    if (!marques.includes(def.marque)) marques.push(def.marque);
  };
  const addMarque = (m: string) => { if (!marques.includes(m)) marques.push(m); };
  const hasModern = tokens.some((t) => /^MGF/.test(t));
  let mx5 = false;
  const mx5Marks: string[] = [];
  let ahModel = false;
  let mgMarked = false;

  tokens.forEach((raw, i) => {
    const next = tokens[i + 1] ?? '';
    const prevTok = tokens[i - 1] ?? '';
    const parts = raw.split(/[&,]/).filter(Boolean);
    for (const part0 of parts) {
      const part = part0.replace(/[.,]+$/, '');
      // multi-model tokens with '/': MGA/B, TD/TF, MGF/TF (TR handled by parseTr)
      if (/^MG[A-Z]\/[A-Z]+$/.test(part) || /^T[A-F]\/T?[A-F]$/.test(part)) {
        const [a, b] = part.split('/');
        const subs = [a, (b.length === 1 ? (a.startsWith('MG') ? 'MG' : 'T') + b : b)];
        for (const s of subs) handle(s);
        continue;
      }
      handle(part);
    }

    function handle(t: string): void {
      if (!t) return;
      if (/^MX-?5/.test(t) || (t === 'MX' && /^(5|MK\d)?$/.test(next))) { mx5 = true; addMarque('Mazda'); return; }
      if (mx5 || tokens.some((x) => /^MX-?5|^MX$/.test(x))) {
        if (/^MK[1-4]$/.test(t) || /^MK[1-4]-?/.test(t)) { mx5Marks.push(t.slice(2, 3)); return; }
        if (/^N[ABCD]$/.test(t)) { mx5Marks.push(String('ABCD'.indexOf(t[1]) + 1)); return; }
      }
      if (/^MGA/.test(t) || /^MGA\d{4}/.test(t)) { addModel('MGA'); mgMarked = true; return; }
      if (/^MGB.*V8/.test(t) || t === 'BV8' || t === 'BGTV8') { addModel('MGB_V8'); mgMarked = true; return; }
      if (/^MGB/.test(t) || t === 'BGT') { addModel('MGB'); mgMarked = true; return; }
      if (/^MGC/.test(t)) { addModel('MGC'); mgMarked = true; return; }
      if (/^MGF/.test(t)) { addModel('MGF'); mgMarked = true; return; }
      if (/^MGT[ABCDF]/.test(t)) {
        const letter = t[3];
        if (letter === 'F' && hasModern) addModel('MG_TF_MODERN');
        else addModel(`MG_T${letter}`);
        mgMarked = true;
        return;
      }
      if (t === 'RV8' || t === 'MGRV8') { addModel('RV8'); return; }
      if (t === 'ZR' || t === 'ZS' || t === 'ZT') { if (marques.includes('MG') || tokens.includes('MG')) addModel(t); return; }
      if (t === 'MAGNETTE') { addModel('MAGNETTE'); return; }
      if (t === 'MIDGET' || t === 'MIDG' || t === 'MIDGE' || /^MID\d\d/.test(t)) { addModel('MIDGET'); return; }
      if (/^S&M/.test(raw) && t.startsWith('S')) { addModel('MIDGET'); addModel('SPRITE'); return; }
      if (t === 'SPRITE' || t === 'FROGEYE' || /^SPR\d/.test(t) || (t === 'SPR' && YEARS_TOKEN.test(next))) { addModel('SPRITE'); return; }
      // T-series (TA..TF), classic unless the label is about the modern MGF/TF
      if (/^T[ABCDF]$/.test(t) || /^T[ABCDF]-T?[ABCDF]$/.test(t) || /^T[ABCDF]1500$/.test(t)) {
        if (t === 'TF' && hasModern) { addModel('MG_TF_MODERN'); return; }
        const m = /^T([ABCDF])(?:-T?([ABCDF]))?/.exec(t)!;
        const a = T_SERIES.indexOf(`MG_T${m[1]}`);
        const b = m[2] ? T_SERIES.indexOf(`MG_T${m[2]}`) : a;
        for (let k = a; k <= Math.max(a, b); k++) addModel(T_SERIES[k]);
        return;
      }
      // Austin-Healey
      if (/^AH100[/-]?4|^100[/-]4$|^BN[12]$/.test(t)) { addModel('AH_100'); ahModel = true; return; }
      if (/^AH100[/-]?6|^100[/-]6|^BN[46]$/.test(t)) { addModel('AH_100_6'); ahModel = true; return; }
      if (/^AH3000|^BN7$|^BT7$|^BJ[78]$/.test(t) || (t === '3000' && tokens.some((x) => /^AH|HEALEY/.test(x)))) { addModel('AH_3000'); ahModel = true; return; }
      // Triumph
      const tr = parseTr(t);
      if (tr) { tr.forEach(addModel); return; }
      if (/^GT6/.test(t)) { addModel('GT6'); return; }
      if (/^SPIT/.test(t) || t === 'SPI' || /^S1500$/.test(t)) { addModel('SPITFIRE'); return; }
      if (t === 'HERALD') { addModel('HERALD'); return; }
      if (t === 'VITESSE' || t === 'VIT') { addModel('VITESSE'); return; }
      if (t === 'STAG') { addModel('STAG'); return; }
      if (t === 'DOLOMITE' || t === 'DOL') { addModel('DOLOMITE'); return; }
      if (t === 'TOLEDO') { addModel('TOLEDO'); return; }
      if (t === 'T2000') { addModel('T2000'); return; }
      // Jaguar
      if (/^XJS/.test(t) || t === 'XJ-S') { addModel('XJS'); return; }
      if (/^XJ(6|12)?$/.test(t) || /^XJ(6|12)/.test(t)) { addModel('XJ'); return; }
      if (t === 'E-TYPE' || t === 'ETYPE' || t === 'XKE' || (t === 'E' && next === 'TYPE')) { addModel('ETYPE'); return; }
      if (/^XK120/.test(t)) { addModel('XK120'); return; }
      if (/^XK140/.test(t)) { addModel('XK140'); return; }
      if (/^XK150/.test(t)) { addModel('XK150'); return; }
      // Mini, Morris
      if (t === 'MINI' || t === 'CMINI' || t === 'MINIVAN' || t === 'CLUBMAN' || t === 'M/COOPER' || (t === 'COOPER' && !tokens.includes('MG'))) { addModel('MINI'); return; }
      if (t === 'MINOR' || t === 'MINO' || (t === 'MM' && !/^[\d./]+$/.test(prevTok))) { addModel('MINOR'); return; }
      const mo = MARQUE_ONLY_TOKENS[t];
      if (mo) {
        addMarque(mo.marque);
        if (t === 'MG') mgMarked = true;
        mo.models.forEach(addModel);
        return;
      }
      // 'JAG/AH', 'SPIT/TR7': several marques or models in one token
      if (t.includes('/')) t.split('/').filter(Boolean).forEach(handle);
    }
  });

  if (mx5) {
    const marks = mx5Marks.length ? mx5Marks : ['1', '2'];
    for (const mk of marks) addModel(['MX5_NA', 'MX5_NB', 'MX5_NC', 'MX5_ND'][Number(mk) - 1]);
  }
  // A Healey label without a model fits the big Healeys.
  if (marques.includes('Austin-Healey') && !ahModel && !models.includes('SPRITE')) {
    ['AH_100', 'AH_100_6', 'AH_3000'].forEach(addModel);
  }
  // 'MK2' alone (no other marque) is the Jaguar Mk 2 in this stock list.
  if (marques.length === 0 && tokens.some((t) => t === 'MK2' || t === 'MKII')) addModel('JAG_MK2');
  void mgMarked;
  return { marques, models };
}

/** Loaded vehicle lists, used to turn model keys into `vehicles` entries. */
interface VehicleSources {
  eparts: Array<{ make: string; model: string; from: string; to: string }>;
  us: Map<string, Set<number>>; // 'MAKE|model' -> years
}

function loadVehicleSources(): VehicleSources {
  const epartsRows: Record<string, string>[] = parse(
    fs.readFileSync(path.join(SHARED_DATA_DIR, 'vehicles', 'eparts-make-model-generation.csv')),
    { columns: true, bom: true, skip_empty_lines: true },
  );
  const eparts = epartsRows.map((r) => ({
    make: r.make.trim(),
    model: r.model.trim().replace(/\s+/g, ' '),
    from: r['production_from_mm.yyyy'].trim(),
    to: r['production_to_mm.yyyy'].trim(),
  }));
  const usRows: Record<string, string>[] = parse(
    fs.readFileSync(path.join(SHARED_DATA_DIR, 'vehicles', 'us-car-models-1992-2026.csv')),
    { columns: true, bom: true, skip_empty_lines: true },
  );
  const us = new Map<string, Set<number>>();
  for (const r of usRows) {
    const k = `${r.make.trim().toUpperCase()}|${r.model.trim()}`;
    if (!us.has(k)) us.set(k, new Set());
    us.get(k)!.add(Number(r.year));
  }
  return { eparts, us };
}

function yearOf(mmYyyy: string): number | null {
  const m = /(\d{4})$/.exec(mmYyyy);
  return m ? Number(m[1]) : null;
}

/** Contiguous runs of years as 'a-b' strings. */
function yearRuns(years: number[]): string[] {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = -1;
  let prev = -1;
  for (const y of sorted) {
    if (start < 0) { start = y; prev = y; continue; }
    if (y === prev + 1) { prev = y; continue; }
    runs.push(start === prev ? `${start}` : `${start}-${prev}`);
    start = y;
    prev = y;
  }
  if (start >= 0) runs.push(start === prev ? `${start}` : `${start}-${prev}`);
  return runs;
}

/**
 * The `vehicles` entries of a model key: one entry per matching eparts generation
 * ('Make Model (MM.YYYY-MM.YYYY)', open end as 'MM.YYYY-'), else the model with its production years;
 * plus, for models with a US alias, the US-market model years inside each generation.
 */
function vehicleEntries(key: string, src: VehicleSources, cache: Map<string, string[]>): string[] {
  const cached = cache.get(key);
  if (cached) return cached;
  const def = MODELS[key];
  const out: string[] = [];
  if (def.eparts) {
    for (const spec of def.eparts) {
      const [make, model, from] = spec;
      const rows = src.eparts.filter((r) => r.make === make && r.model.toUpperCase() === model.toUpperCase() && (!from || r.from === from));
      for (const r of rows) {
        const display = def.display === 'Mini' ? `${r.make} Mini${r.model.toUpperCase().includes('MK I') ? ' Mk I' : ''}` : def.display;
        out.push(`${display} (${r.from}-${r.to})`);
        if (def.us) {
          const ys = src.us.get(`${def.us[0].toUpperCase()}|${def.us[1]}`);
          const y0 = yearOf(r.from) ?? 0;
          const y1 = yearOf(r.to) ?? 9999;
          if (ys) for (const run of yearRuns([...ys].filter((y) => y >= y0 && y <= y1))) {
            out.push(`${def.us[0][0]}${def.us[0].slice(1).toLowerCase()} ${def.us[1]} (US ${run})`);
          }
        }
      }
    }
  }
  if (out.length === 0) out.push(def.years ? `${def.display} (${def.years})` : def.display);
  const unique = [...new Set(out)];
  cache.set(key, unique);
  return unique;
}

// ---------------------------------------------------------------------------------------------
// Label -> names
// ---------------------------------------------------------------------------------------------

/** One translated piece of a label. */
interface Chunk {
  en: string;
  et: string;
  /** dict: translated word/phrase; model: model or marque code; code: number/size/unknown code; word: unknown word */
  kind: 'dict' | 'model' | 'code' | 'word' | 'connector';
  raw: string[];
}

const MODEL_TOKEN = /^(MG[A-Z]?\d*|MG[A-Z]{1,3}[\d\-/>]*|TR\d.*|GT6.*|XJ.*|XK.*|E-TYPE|MK\s?[1-4IV]+.*|MKI+|MK\d.*|BN\d|BJ\d|BT\d|AH\d.*|V8|RV8|MX-?5.*|S&M.*|SPR\d.*|SPIT.*|MID\d.*|T2000|S1500|[A-Z]{1,2}\d{2,4}[A-Z]?)$/;

const UNIT_SUFFIX = /^(\d+(?:[./]\d+)?|\d+-\d+\/\d+)(MM|IN|INCH|INCHES|ML|LT|LTR|L|M|CC|KG)$/;

/** Length at which the stock list cuts its labels: a label this long may end in a cut-off word ('RR SPRI'). */
const LABEL_CUT_LENGTH = 19;

/** Single-word dictionary keys (letters only), for completing a cut-off last word. */
const DICT_WORDS = [...DICT.keys()].filter((k) => /^[A-Z]+$/.test(k)).sort();

/**
 * The dictionary word a cut-off last word stands for ('SPRI' -> 'SPRING', 'PISTO' -> 'PISTON', 'CONVERSIO' ->
 * 'CONVERSION'): the dictionary words (letters only) that start with `t`, when all of them translate to the same
 * Estonian, or when the shortest of them begins all the others (PISTON, PISTONS); the shortest such word. Null when
 * `t` has fewer than 3 letters, is a word itself, or the words disagree.
 */
function completeCutWord(t: string): string | null {
  if (!/^[A-Z]{3,}$/.test(t) || DICT.has(t) || MARQUE_ONLY_TOKENS[t]) return null;
  const hits = DICT_WORDS.filter((k) => k.length > t.length && k.startsWith(t));
  if (hits.length === 0) return null;
  const shortest = hits.reduce((a, b) => (b.length < a.length ? b : a));
  // one meaning, or one word and its longer forms ('PISTO' -> PISTON, not PISTONS)
  if (new Set(hits.map((k) => DICT.get(k)!.et)).size === 1 || hits.every((k) => k.startsWith(shortest))) return shortest;
  return null;
}

/** Known as a whole: a dictionary key or a marque token. */
const known = (t: string) => DICT.has(t) || !!MARQUE_ONLY_TOKENS[t];

/**
 * Splits one raw token where the stock list glued words together, when a piece is a dictionary word:
 * 'COVER+BREATHER' -> COVER & BREATHER, 'PIPE(NO' -> PIPE NO, 'LIGHT-' / '-FRONT' -> LIGHT / FRONT,
 * 'TR7FRONT' -> TR7 FRONT, '380REAR' -> 380 REAR, 'CAGED4-6' -> CAGED 4-6. Tokens that are dictionary keys
 * themselves ('SET(6)', 'S&M') stay whole.
 */
function splitGlued(t: string): string[] {
  if (known(t)) return [t];
  if (t.includes('+')) {
    const parts = t.split('+');
    return parts.flatMap((p, i) => [...(i > 0 ? ['&'] : []), ...(p ? splitGlued(p) : [])]).filter((p, i, a) => !(p === '&' && (i === 0 || i === a.length - 1)));
  }
  if (/[()]/.test(t)) return t.split(/[()]+/).filter(Boolean).flatMap(splitGlued);
  const dashed = /^-*(.*?)-*$/.exec(t)![1];
  if (dashed !== t && known(dashed)) return [dashed];
  const numWord = /^([A-Z]{0,3}\d+)([A-Z]{4,})$/.exec(t);
  if (numWord && known(numWord[2])) return [numWord[1], numWord[2]];
  const numLetterWord = /^([A-Z]{0,3}\d+[A-Z])([A-Z]{4,})$/.exec(t);
  if (numLetterWord && known(numLetterWord[2])) return [numLetterWord[1], numLetterWord[2]];
  const wordNum = /^([A-Z]{4,})(\d.*)$/.exec(t);
  if (wordNum && known(wordNum[1])) return [wordNum[1], wordNum[2]];
  return [t];
}

/**
 * A dictionary spelling for an unknown word: the singular of a plural ('SIDELAMPS' -> 'SIDELAMP', 'KNOBS' -> 'KNOB'),
 * or, for a word of 5+ letters, the dictionary word it is the start of (`completeCutWord`: 'INSULATIO' ->
 * 'INSULATION'). Other tokens are returned as they are.
 */
function knownSpelling(t: string): string {
  if (known(t) || !/^[A-Z]+$/.test(t)) return t;
  if (/^[A-Z]{3,}S$/.test(t) && known(t.slice(0, -1))) return t.slice(0, -1);
  if (/^[A-Z]{3,}ES$/.test(t) && known(t.slice(0, -2))) return t.slice(0, -2);
  if (t.length >= 5) {
    const whole = completeCutWord(t);
    if (whole) return whole;
  }
  return t.length >= 4 ? (abbreviationOf(t) ?? t) : t;
}

/** How many consonants of `long` are left out in its subsequence `short` (Y counts as a vowel). */
function droppedConsonants(short: string, long: string): number {
  let i = 0;
  let dropped = 0;
  for (const c of long) {
    if (c === short[i]) i++;
    else if (!/[AEIOUY]/.test(c)) dropped++;
  }
  return dropped;
}

/** True when the letters of `short` occur in `long` in order (a subsequence). */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const c of long) if (c === short[i]) i++;
  return i === short.length;
}

/**
 * The dictionary word a stock-list abbreviation made by leaving out vowels stands for ('STRP' -> STRIP, 'HEATR' ->
 * HEATER, 'CRNR' -> CORNER, 'WARNG' -> WARNING): the dictionary words (letters only, longer than `t`) with the same
 * first and last letter in which the letters of `t` occur in order, leaving out only vowels (one consonant too when
 * `t` has 5+ letters), when they all translate to the same Estonian; the shortest. Never for a model or marque
 * token (STAG, MGTC). Null otherwise.
 */
function abbreviationOf(t: string): string | null {
  if (MODEL_TOKEN.test(t) || detectFitment([t]).marques.length > 0) return null;
  const hits = DICT_WORDS.filter((k) => k.length > t.length && k[0] === t[0] && k[k.length - 1] === t[t.length - 1] && isSubsequence(t, k) && droppedConsonants(t, k) <= (t.length >= 5 ? 1 : 0));
  if (hits.length === 0 || new Set(hits.map((k) => DICT.get(k)!.et)).size !== 1) return null;
  return hits.reduce((a, b) => (b.length < a.length ? b : a));
}

/**
 * The cleaned uppercase tokens of a label: commas are separators; a trailing '.' is removed; 'DIST.40698' is split
 * at the dot; glued words are split (`splitGlued`); and in a label of the stock list's full length the cut-off last
 * word is completed from the dictionary (`completeCutWord`).
 */
export function labelTokens(label: string): string[] {
  const out: string[] = [];
  for (let t of label.trim().toUpperCase().replace(/,/g, ' ').split(/\s+/)) {
    if (t.length > 1) t = t.replace(/\.+$/, '');
    if (!t || t === '.') continue;
    // DIST.40698, CAT.3000, D/PAN.KIT: split at a '.' whose left side is a dictionary word
    const dot = /^([A-Z/]+)\.(.+)$/.exec(t);
    if (dot && DICT.has(dot[1]) && !DICT.has(t)) {
      out.push(dot[1], dot[2]);
      continue;
    }
    out.push(...splitGlued(t).map(knownSpelling));
  }
  if (label.trim().length >= LABEL_CUT_LENGTH && out.length > 1) {
    const whole = completeCutWord(out[out.length - 1]);
    if (whole) out[out.length - 1] = whole;
  }
  return out;
}

function lookupPhrase(tokens: string[], i: number): { entry: DictEntry; len: number } | null {
  for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 1; n--) {
    const key = tokens.slice(i, i + n).join(' ');
    const entry = DICT.get(key);
    if (entry) return { entry, len: n };
  }
  return null;
}

function unitToken(t: string): string | null {
  const m = UNIT_SUFFIX.exec(t);
  if (!m) return null;
  const unit = ({ MM: 'mm', IN: 'in', INCH: 'in', INCHES: 'in', ML: 'ml', LT: 'l', LTR: 'l', L: 'l', M: 'm', CC: 'cc', KG: 'kg' } as Record<string, string>)[m[2]];
  return `${m[1]} ${unit}`;
}

/** Translates one token that is not a dictionary key. */
function tokenChunk(t: string, prev: string, next: string): Chunk[] {
  if (MARQUE_ONLY_TOKENS[t] && !DICT.has(t)) return [{ en: MARQUE_ONLY_TOKENS[t].display, et: MARQUE_ONLY_TOKENS[t].display, kind: 'model', raw: [t] }];
  if (t === 'MM') {
    if (/^[\d./]+$/.test(prev)) return [{ en: 'mm', et: 'mm', kind: 'code', raw: [t] }];
    return [{ en: 'Morris Minor', et: 'Morris Minor', kind: 'model', raw: [t] }];
  }
  if ((t === 'IN' || t === 'INCH' || t === 'INCHES') && /^[\d./-]+$/.test(prev)) return [{ en: 'in', et: 'in', kind: 'code', raw: [t] }];
  if (t === 'X' && /\d/.test(prev) && /\d/.test(next)) return [{ en: 'x', et: 'x', kind: 'code', raw: [t] }];
  const u = unitToken(t);
  if (u) return [{ en: u, et: u, kind: 'code', raw: [t] }];
  if (/^SPIT.+/.test(t)) return [{ en: `Spitfire ${t.slice(4)}`, et: `Spitfire ${t.slice(4)}`, kind: 'model', raw: [t] }];
  if (/^S&M.+/.test(t)) return [{ en: `Sprite & Midget ${t.slice(3)}`, et: `Sprite & Midget ${t.slice(3)}`, kind: 'model', raw: [t] }];
  if (/^SPR\d/.test(t)) return [{ en: `Sprite ${t.slice(3)}`, et: `Sprite ${t.slice(3)}`, kind: 'model', raw: [t] }];
  if (/^MX5/.test(t)) return [{ en: `MX-5${t.slice(3)}`, et: `MX-5${t.slice(3)}`, kind: 'model', raw: [t] }];
  if (/^AH\d/.test(t)) return [{ en: `Austin-Healey ${t.slice(2)}`, et: `Austin-Healey ${t.slice(2)}`, kind: 'model', raw: [t] }];
  if (MODEL_TOKEN.test(t) || /\d/.test(t)) return [{ en: t, et: t, kind: /\d/.test(t) && !MODEL_TOKEN.test(t) ? 'code' : 'model', raw: [t] }];
  // compounds: PISTON&CYL, SPRING-PLUNGER, CL/SHAFT, BOARD-CUSHION
  const m = /^([A-Z]+)([&\-/])([A-Z].*)$/.exec(t);
  if (m && t !== 'S&M' && t !== 'K&N') {
    const leftKnown = DICT.has(m[1]);
    const right = m[3];
    const rightKnown = DICT.has(right);
    // 'O/SEAL', 'C/PIPE', 'S/LIGHT': a one- or two-letter qualifier the dictionary does not know before a known noun;
    // the Estonian name gets the noun, the English keeps the abbreviation as printed
    if (!leftKnown && rightKnown && m[2] === '/' && /^[A-Z]{1,2}$/.test(m[1])) return [{ en: t, et: DICT.get(right)!.et, kind: 'dict', raw: [t] }];
    if ((leftKnown && (rightKnown || /[&\-/]/.test(right) || /^[A-Z]{3,}$/.test(right))) || (rightKnown && /^[A-Z]{3,}$/.test(m[1]))) {
      const out: Chunk[] = [...tokenOrDict(m[1], prev, right)];
      if (m[2] === '&') out.push({ en: 'and', et: 'ja', kind: 'connector', raw: ['&'] });
      out.push(...tokenOrDict(right, m[1], next));
      return out;
    }
  }
  if (/^[A-Z]{4,}$/.test(t)) {
    const word = t[0] + t.slice(1).toLowerCase();
    return [{ en: word, et: word, kind: 'word', raw: [t] }];
  }
  return [{ en: t, et: t, kind: 'code', raw: [t] }];
}

function tokenOrDict(t: string, prev: string, next: string): Chunk[] {
  const e = DICT.get(t);
  if (e) return [dictChunk(e, [t])];
  return tokenChunk(t, prev, next);
}

function dictChunk(e: DictEntry, raw: string[]): Chunk {
  if (e.en === 'and' || e.en === 'with' || e.en === 'or' || e.en === 'without' || e.en === 'including') {
    return { en: e.en, et: e.et, kind: 'connector', raw };
  }
  return { en: e.en, et: e.et, kind: 'dict', raw };
}

/** Splits a label into translated chunks (greedy longest dictionary phrase first). */
function labelChunks(tokens: string[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (let i = 0; i < tokens.length; ) {
    const t = tokens[i];
    // numbers directly before a unit word: '30 MM' handled by tokenChunk; a lone '&'
    const hit = lookupPhrase(tokens, i);
    if (hit && !(t === 'MM' && hit.len === 1)) {
      // 'SPR' before years is the Sprite, not a spring
      if (t === 'SPR' && hit.len === 1 && YEARS_TOKEN.test(tokens[i + 1] ?? '')) {
        chunks.push({ en: 'Sprite', et: 'Sprite', kind: 'model', raw: [t] });
      } else chunks.push(dictChunk(hit.entry, tokens.slice(i, i + hit.len)));
      i += hit.len;
      continue;
    }
    // '<letter> TYPE' -> 'A-type' (overdrive types, E-type)
    if (/^[A-Z]$/.test(t) && tokens[i + 1] === 'TYPE') {
      if (t === 'E') chunks.push({ en: 'E-Type', et: 'E-Type', kind: 'model', raw: [t, 'TYPE'] });
      else chunks.push({ en: `${t}-type`, et: `${t}-tüüp`, kind: 'dict', raw: [t, 'TYPE'] });
      i += 2;
      continue;
    }
    // 1/4 LIGHT handled by the dictionary; fractions stay as they are
    chunks.push(...tokenChunk(t, tokens[i - 1] ?? '', tokens[i + 1] ?? ''));
    i += 1;
  }
  return chunks;
}

const SMALL_WORDS = new Set(['and', 'with', 'or', 'of', 'for', 'to', 'on', 'x', 'mm', 'in', 'ml', 'l', 'm', 'cc', 'kg', 'mph', 'km/h', 'without', 'including', 'the']);

function titleWord(w: string, first: boolean): string {
  if (!first && SMALL_WORDS.has(w)) return w;
  if (/^[a-zé]/.test(w)) return w.split('-').map((p) => (p ? p[0].toUpperCase() + p.slice(1) : p)).join('-');
  return w;
}

/** The readable English name of a label: abbreviations expanded, Title Case, model codes kept. */
function englishName(chunks: Chunk[]): string {
  const words: string[] = [];
  for (const c of chunks) {
    if (c.kind === 'dict' && c.et === '-' && (c.en === 'for' || c.en === 'to' || c.en === 'on' || c.en === 'of' || c.en === 'the' || c.en === 'into' || c.en === 'by')) {
      if (words.length === 0) continue;
    }
    for (const w of c.en.split(' ')) if (w) words.push(w);
  }
  // drop immediate repeats ('Seal Seal')
  const dedup = words.filter((w, i) => i === 0 || w.toLowerCase() !== words[i - 1].toLowerCase());
  return dedup.map((w, i) => titleWord(w, i === 0)).join(' ').replace(/\s+/g, ' ').trim();
}

/** Estonian adjectives that stand before the noun they describe when the label puts them first. */
const ET_ADJECTIVES = new Set([
  'eesmine', 'tagumine', 'vasak', 'parem', 'vasak eesmine', 'parem eesmine', 'vasak tagumine', 'parem tagumine',
  'sisemine', 'välimine', 'ülemine', 'alumine', 'keskmine', 'suur', 'väike', 'pikk', 'lühike', 'lai', 'õhuke', 'paks',
  'varajane', 'hiline', 'kõrge', 'madal', 'raske', 'tugevdatud', 'üksik', 'kahekordne', 'uus', 'taastatud', 'kasutatud',
  'universaalne', 'täielik', 'reguleeritav', 'ümar', 'kandiline', 'ovaalne', 'lame', 'sirge', 'sile', 'ribiline',
  'must', 'punane', 'sinine', 'tumesinine', 'roheline', 'helepruun', 'beež', 'helebeež', 'hall', 'valge', 'kollane',
  'oranž', 'läbipaistev', 'hõbedane', 'kuldne', 'pruun', 'kroomitud', 'poleeritud', 'poolmatt', 'läikiv', 'matt',
  'ventileeritav', 'puuritud', 'keermestatud', 'soontega', 'piludega', '5-käiguline', '4-käiguline', '4-silindriline',
  '6-silindriline', 'vertikaalne', 'staatiline', 'automaatne', 'mehaaniline', 'magnetiline', 'kuiv', 'märg', 'katmata',
  'nihutatud', 'tsentreeriv', 'kaherealine', 'ühesuunaline', 'tasakaalustatud', 'lukustuv', 'fikseeritud', 'klassikaline', 'esimene',
  'puuriga', 'keeratav', 'painduv', 'punutud', 'nõgus', 'laineline', 'soojendusega', 'emailitud', 'kooniline', 'kumer', 'kattega',
  'peaga', 'piluga', 'toonitud', 'sepistatud', 'jäik', 'torukujuline', 'avatud', 'suletud', 'kallutatav', 'meetriline',
  'primaarne', 'juhipoolne', 'koobaltsinine', 'kreemjas', 'magnooliavalge', 'paneeliga', 'vapiga',
]);

/** What a compound prefix ('remondi-') reads as when no noun follows it. */
const ET_PREFIX_ALONE: Record<string, string> = {
  'remondi-': 'remont', 'väljalaske-': 'väljalase', 'sisselaske-': 'sisselase', 'vee-': 'vesi', 'pea-': 'pea',
  'elektri-': 'elektriline', 'tolmu-': 'tolm', 'spordi-': 'sport', 'jaotus-': 'jaotus', 'tugi-': 'tugi', 'varu-': 'varu',
  'gaasi-': 'gaas', 'töö-': 'töö', 'eri-': 'eriversioon', 'võidusõidu-': 'võidusõit', 'ralli-': 'ralli',
  'võistlus-': 'võistlus', 'mitte-': 'mitte', 'pool-': 'pool', 'ülevoolu-': 'ülevool', 'tõste-': 'tõste', 'hoiu-': 'hoiuruum', 'udu-': 'udutuli', 'kabiini-': 'kabiin', 'kaardi-': 'kaart', 'toru-': 'toru',
  'juht-': 'juhik', 'taga-': 'tagumine', 'asendus-': 'asendusosa', 'hooldus-': 'hooldus', 'kübar-': 'kübar', 'joondus-': 'joondus',
  'hüpoid-': 'hüpoid', 'mitme-': 'mitmeotstarbeline', 'primaar-': 'primaarne', 'vihma-': 'vihm', 'lükand-': 'lükand', 'suitsu-': 'suits',
  'toite-': 'toide', 'tuunimis-': 'tuunimine', 'keevitus-': 'keevitus', 'soodus-': 'odav', 'kroon-': 'kroon', 'peit-': 'peit',
  'smirgel-': 'smirgel', 'imi-': 'imemine', 'tume-': 'tume', 'luksus-': 'luksus', 'teemant-': 'teemant', 'tuuletõkke-': 'tuuletõke',
  'peen-': 'peen', 'lihvimis-': 'lihvimine', 'hoonimis-': 'hoonimine', 'rõhu-': 'rõhk', 'restaureerimis-': 'restaureerimine',
  'kinnitus-': 'kinnitus', 'täiendus-': 'täiendus', 'ühendus-': 'ühendus',
};

/**
 * The Estonian name: translated chunks joined as a catalogue noun phrase, `Head, modifier, modifier`.
 * - Adjectives written before a noun stay before it without a comma ('FR LOWER VALANCE' -> 'Eesmine alumine põll');
 * - a compound prefix glues to the noun after it ('EXH OLIVE' -> 'väljalaske' + 'surverõngas');
 * - consecutive codes/models/unknown words form one segment; `ja` / `koos` join their neighbours.
 */
function estonianName(chunks: Chunk[]): string {
  const isNoun = (c: Chunk | undefined) => !!c && c.kind === 'dict' && !ET_ADJECTIVES.has(c.et) && !c.et.endsWith('-') && !c.et.startsWith('>');
  // work done on the part ('>valmistamine' for MAKE) follows the part: 'Gaasitross, valmistamine'
  const work = chunks.filter((c) => c.kind === 'dict' && c.et.startsWith('>')).map((c) => c.et.slice(1));
  let items = chunks.filter((c) => !(c.kind === 'dict' && (c.et === '-' || c.et.startsWith('>'))));
  // an untranslated word never leads when an Estonian noun follows: 'CAGED NEEDLE BEARING' -> 'Nõellaager, Caged'
  let lead = 0;
  while (lead < items.length && items[lead].kind === 'word') lead++;
  const noun = lead > 0 ? items.findIndex((c, i) => i >= lead && isNoun(c) && /^[a-zõäöüšž]/.test(c.et)) : -1;
  if (noun > 0) items = [...items.slice(lead, noun + 1), ...items.slice(0, lead), ...items.slice(noun + 1)];
  const segments: string[] = [];
  let joinNext = false;
  let pending = ''; // adjectives and prefixes waiting for their noun
  let lastKind: Chunk['kind'] | null = null;
  const push = (text: string, codeLike: boolean) => {
    if (joinNext && segments.length) {
      segments[segments.length - 1] += ` ${text}`;
      joinNext = false;
    } else if (codeLike && segments.length && (lastKind === 'model' || lastKind === 'code' || lastKind === 'word')) {
      segments[segments.length - 1] += ` ${text}`;
    } else segments.push(text);
  };
  items.forEach((c, i) => {
    const next = items[i + 1];
    if (c.kind === 'connector') {
      if (pending) { push(pending.replace(/-$/, ''), false); pending = ''; }
      if (segments.length) {
        segments[segments.length - 1] += ` ${c.et}`;
        joinNext = true;
      }
      lastKind = c.kind;
      return;
    }
    const codeLike = c.kind === 'model' || c.kind === 'code' || c.kind === 'word';
    if (!codeLike && c.et.endsWith('-')) {
      if (isNoun(next)) { pending += (pending ? ' ' : '') + c.et.slice(0, -1) + '\u0000'; lastKind = c.kind; return; }
      push(ET_PREFIX_ALONE[c.et] ?? c.et.slice(0, -1), false);
      lastKind = c.kind;
      return;
    }
    if (!codeLike && ET_ADJECTIVES.has(c.et) && (isNoun(next) || (next && ET_ADJECTIVES.has(next.et) && isNoun(items[i + 2])))) {
      pending += (pending ? ' ' : '') + c.et;
      lastKind = c.kind;
      return;
    }
    let text = c.et;
    if (pending) {
      // a prefix marker \u0000 glues directly to the following word
      text = (pending + ' ' + text).replace(/\u0000 /g, '');
      pending = '';
    }
    push(text, codeLike);
    lastKind = c.kind;
  });
  if (pending) push(pending.replace(/\u0000/g, ''), false);
  joinNext = false;
  for (const w of work) segments.push(w);
  const cleaned = segments
    .map((s) => s.trim())
    .filter((s, i, arr) => s && (i === 0 || s !== arr[i - 1]));
  if (cleaned.length === 0) return '';
  const name = cleaned.join(', ');
  return name[0].toUpperCase() + name.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Category, unit, size and facet rules
// ---------------------------------------------------------------------------------------------

/** Ordered keyword rules on the lowercase English name; the first match gives the top category. */
const CATEGORY_RULES: Array<[string, RegExp]> = [
  ['filters', /^(?!.*\blens\b).*(\bfilters?\b|\bk&n\b)/],
  ['oils', /\b\d{1,2}w[-/]?\d{2}\b|\b(engine|gear|gearbox|classic) oil\b|\bgrease\b(?! (nipple|gun|cap|seal|retainer))|\btransoil\b/],
  ['autocosmetics', /\b(spray|polish|shampoo|wax|autoglym|cleaner|paint|primer|urethane|hardcoat|waxoyl|hammerite|rust|encapsulator)\b/],
  ['chemistry', /\b(sealant|hylomar|adhesive|fluid|antifreeze|coolant|solder|lubricant|dynamat)\b/],
  ['tuning', /\b(roll-over bar|handling kit|fast road|stage [23]|racing|rally|supercharger|competition|conversion kit|5-speed gearbox|(?<!anti-)roll bar|lightened|high-torque|limited-slip differential)\b/],
  ['accessories', /\b(parts catalogue|handbook|workshop manual|t-shirt|shirt|mug|key fob|dvd|gloves|helmet|car cover|wallet|bag|decal|decal kit|sticker|powercard|cup holder|luggage rack|sign|badge bar|radio|retro radio|speaker|aerial|plaque|owner's)\b/],
  ['tools', /\b(bit set|squeegee|wire brush|tool|tool roll|tool kit|spanner|spanner set|wrench|torque wrench|pliers|hammer|mallet|puller|socket set|die|cutter|drill|tester|crimping|ratchet)\b/],
  ['workshop', /\b(jack|stand|grease gun|gun|workshop|flap disc|sanding discs|brush set)\b/],
  ['horns', /\bhorn\b/],
  ['mirrors', /\bmirrors?\b/],
  ['wipers', /\b(wiper|wiper arm|wiper blade|wiper wheelbox|wiper motor|windscreen washer)\b/],
  ['windows', /\bwindow regulator\b/],
  ['brakes', /\b(brake|brakes|brake pads|brake disc|brake drum|brake shoes|caliper|wheel cylinder|brake master cylinder|brake servo|brake pipe|brake hose|handbrake|backplate|bleed)\b/],
  ['clutch', /\b(clutch|clutch release bearing|clutch plate|clutch cover|slave cylinder|clutch master cylinder|spigot|spigot bearing)\b/],
  ['transmission', /\b(gearbox|overdrive|layshaft|mainshaft|synchro ring|selector|gear lever|gear knob|reverse|5-speed|4-speed|speedometer cable|transmission)\b/],
  ['drive', /\b(differential|crown wheel|pinion|rear axle|axle|half shaft|propshaft|universal joint|driveshaft|cv joint)\b/],
  ['shocks', /\b(shock absorber|damper|road spring|leaf spring|coil spring|spring pair|spax|gaz|koni)\b/],
  ['gas_springs', /\b(gas (strut|spring)s?|(bonnet|boot lid|boot|tailgate) strut)\b/],
  ['suspension', /\b(wishbone|trunnion|king pin|anti-roll bar|anti-roll bar link|tie rod|tie rod end|track rod|ball joint|steering|steering column|steering rack|steering wheel|steering lock|steering box|power steering|rack|rack tube|shackle|subframe|suspension|bump stop|anti-tramp bar|radius arm|stub axle|swivel|swivel pin|fulcrum pin|rod end|upper arm|control arm)\b/],
  ['switches', /\bswitch(es)?\b/],
  ['optics', /\b(lamp|headlamp|side lamp|fog lamp|indicator|side repeater|reflector|lens|light|tail lamp|stop lamp|number plate lamp|boot lamp|interior lamp|marker lamp|bulb|bulb holder)\b/],
  ['wheels', /\b(wheels?|wire wheel|hub|hub set|hub cap|spoke|rim|tyre|knock-on spinner|rostyle wheel|wheel nut|wheel stud|spare wheel|wheel bearing|wire wheel adaptor)\b/],
  ['body', /\b(soft top|soft top frame|soft top cover|soft top bow|tonneau cover|hardtop)\b/],
  ['security', /\b(lock|locks|lock set|key|keys|key blank|lock barrel|steering lock)\b(?! (tab|nut|washer))/],
  ['glass', /\b(glass|windscreen|perspex|quarter light|rear window|sidescreen|glazing|window)\b/],
  ['exhaust', /\b(exhaust(?! valve)|silencer|rear silencer|downpipe|exhaust pipe|tailpipe|catalytic converter|heat shield|exhaust manifold|exhaust system|exhaust wrap)\b/],
  ['intake', /\b(inlet manifold|air intake|air box|inlet(?! valve))\b/],
  ['fuel', /\b(fuel|petrol|carburettors?|jet|jet assembly|main jet|float|float chamber|choke|choke cable|throttle|accelerator|accelerator cable|injector|injection|fuel tank sender|filler cap|karburaatori|needle|su|stromberg|weber|dcoe)\b/],
  ['belts', /\b(fan belt|belt|pulley|tensioner(?! .*chain)|idler)\b(?<!seat belt)/],
  ['cooling', /\b(radiator|water pump|thermostat|thermostat housing|fan|fan blade|cooling|top hose|bottom hose|bypass hose|radiator hose|radiator cap|expansion tank|oil cooler|kenlowe|shroud|water)\b/],
  ['heating', /\b(heater|heater valve|heater hose|heater matrix|demister|blower)\b/],
  ['electrics', /\b(wiring loom|main wiring loom|rear wiring loom|front wiring loom|wire|cable battery|battery cable|lead|ht lead|ht lead set|lt lead|coil|distributor|distributor cap|rotor arm|contact points|condenser|starter motor|dynamo|alternator|battery|relay|fuse|fuse box|terminal|bullet connector|connector|spark plug|ignition|electronic ignition|sender|fuel tank sender|sensor|gauge|temperature gauge|fuel gauge|dual gauge|oil pressure gauge|speedometer|tachometer|ammeter|regulator|control box|solenoid|motor|earth|electric|led|ecu|resistor|flasher unit|carbon brush)\b/],
  ['engine', /\b(engine|engine mounting|pistons?|piston set|piston ring set|cylinder head|head gasket|head stud|camshaft|camshaft gear|camshaft bearing|crankshaft|connecting rod|valve|inlet valve|exhaust valve|valve guide|valve spring|valve cotter|rocker|rocker cover|rocker shaft|tappet|pushrod|big-end bearings|main bearings|liner|sump|oil pump|oil seal|oil pipe|oil hose|oil filler|oil thrower|dipstick|timing|timing chain|timing cover|timing gear|flywheel|ring gear|core plug|thrust washer|breather|breather hose|valve seat insert|cylinder block|block|gasket set|oil|twin cam|ohc|4-cylinder|6-cylinder)\b/],
  ['interior', /\b(seat|seats|seat covers|seat cover kit|seat assembly|seat base|seat foam|seat frame|seat rail|carpet set|carpet kit|carpet|trim kit|trim|mat|mats|footwell mats|dashboard|dash top|fascia|console|glovebox|armrest|headrest|headlining|sun visor|visor|knob|seat belt|webbing|cockpit|kick plate|tread plates|ashtray|seat back|cushion|piping|interior|parcel shelf|door panels|quarter panels|pedal|pedal box|leather|vinyl|mohair)\b/],
  ['body', /\b(body|bodyshell|wing|front wing|rear wing|inner wing|wing beading|door|door skin|door handle|door seal|door pull|door check strap|bonnet|boot|boot lid|boot floor|boot mat|boot seal|tailgate|panel|side panel|repair panel|sill|valance|bumper|bumper iron|overrider|grille|floor|floor panel|floorboard|chassis|chassis leg|hinge|badge|moulding|finisher|apron|wheel arch|arch|scuttle|heelboard|footwell|bulkhead|pillar|a-pillar|b-pillar|soft top|soft top frame|soft top cover|soft top bow|tonneau cover|tonneau bar|hardtop|roof|handle|catch|striker|latch|spoiler|air dam|mud flaps|splash plate|stone guard|number plate|deck|reinforcement|gusset|crossmember|side member|outrigger|flitch panel|toeboard|tunnel|closing panel|beading|capping|jacking point|header rail|weatherstrip|emblem|medallion|letter|stripe|deflector|wind stop)\b/],
  ['fasteners', /\b(screw|set screw|screw set|bolt|bolt set|nut|nut set|lock nut|nyloc|washer|lock washer|copper washer|fibre washer|star washer|cup washer|stud|clip|hose clip|circlip|pin|split pin|clevis pin|rivet|dowel|woodruff key|lock tab|spire clip|fastener|dzus fastener|u-bolt|banjo bolt|union|olive|fitting|spacer|shim|grommet|clamp|u-clamp|grease nipple|cotter|countersunk)\b/],
  ['bearings', /\b(bearing|bearing kit|needle bearing)\b/],
  // fallbacks for generic part words that name no assembly
  ['brakes', /\b(master cylinder|discs?)\b/],
  ['electrics', /\bvacuum advance unit\b/],
  ['exhaust', /\bmanifold\b/],
  ['fuel', /\b(tank|filler)\b/],
  ['transmission', /\bgear\b/],
  ['suspension_parts', /\b(bush|bush set|polyurethane|link|pivot|gaiter|bump rubber|arm|tie bar)\b/],
  ['shocks', /\bsprings?\b/],
  ['engine', /\b(gasket|cylinder)\b/],
  ['fasteners', /\b(bracket|mounting|strap|support|stay|retainer|hanger)\b/],
];

/** The top category key of an English name (lowercase match against {@link CATEGORY_RULES}). */
export function categoryKeyFor(englishName: string): string {
  const s = ` ${englishName.toLowerCase()} `;
  for (const [key, re] of CATEGORY_RULES) if (re.test(s)) return key;
  return 'other';
}

const BIG_WORDS = /\b(gearbox|5-speed gearbox|bonnet|bonnet assembly|boot lid|tailgate|door|door skin|door assembly|wing|front wing|rear wing|bumper|exhaust system|silencer|rear silencer|bodyshell|chassis|chassis leg|floor panel|sill|valance|hardtop|windscreen|rear window|seat assembly|seat|seats|rear axle|axle|engine|propshaft|leaf spring|roll bar|radiator|hood frame|cylinder head|crossmember|luggage rack|car cover|tonneau bar|side member|apron)\b/;
const SMALL_WORDS_RE = /\b(seal|gasket|bolt|screw|nut|washer|clip|badge|bush|handle|lock|hinge|catch|pin|stud|switch|bulb|lens|rubber|grommet|beading|moulding|finisher|strip|kit|bracket|cover|covers|cap|plug|spring|mounting|stay|rail|bump stop|buffer|trim|label|sticker|decal|striker|stop|sender|sensor|cable|hose|pipe|gauge|mat|mats|foam|frame|base|fitting kit|valve|guide|bearing|shim|spacer|tap|liner|thermostat|filter|sign|hook|lever|knob|tab|plate|key|arm|link|box|stud|support|strap|runner|insert)\b/;

/** `1` when the product is too big for parcel machines (body panels, gearboxes, exhausts, seats ...), else `0`. */
export function isBigProduct(englishName: string): boolean {
  const s = englishName.toLowerCase();
  if (/\b(gearbox|exhaust system|bodyshell|engine|hardtop|windscreen|seat assembly|rear axle|5-speed gearbox)\b/.test(s) && !/\b(gasket|seal|mounting|bolt|stud|nut|washer|bush|kit|badge|cover|pin|clip|lever|knob|label|plate|cable|switch)\b/.test(s)) return true;
  return BIG_WORDS.test(s) && !SMALL_WORDS_RE.test(s);
}

const MATERIALS: Array<[RegExp, string]> = [
  [/\bstainless steel\b/, 'Stainless steel'],
  [/\bcast iron\b/, 'Cast iron'],
  [/\bleather\b/, 'Leather'],
  [/\bvinyl\b/, 'Vinyl'],
  [/\bmohair\b/, 'Mohair'],
  [/\bpolyurethane\b/, 'Polyurethane'],
  [/\bfibreglass\b/, 'Fibreglass'],
  [/\baluminium\b|\balloy\b/, 'Aluminium'],
  [/\bchrome\b/, 'Chrome-plated'],
  [/\bbrass\b/, 'Brass'],
  [/\bbronze\b/, 'Bronze'],
  [/\bcopper\b/, 'Copper'],
  [/\bnylon\b/, 'Nylon'],
  [/\bsilicone\b/, 'Silicone'],
  [/\brubber\b/, 'Rubber'],
  [/\bplastic\b/, 'Plastic'],
  [/\bpvc\b/, 'PVC'],
  [/\bfelt\b/, 'Felt'],
  [/\bcork\b/, 'Cork'],
  [/\bwalnut\b/, 'Walnut'],
  [/\bwood\b/, 'Wood'],
  [/\bcarpet\b/, 'Carpet'],
  [/\bsteel\b/, 'Steel'],
];
const COLOURS: Array<[RegExp, string]> = [
  [/\bblack\b/, 'Black'], [/\bred\b/, 'Red'], [/\bdark blue\b|\bnavy\b/, 'Dark blue'], [/\bblue\b/, 'Blue'],
  [/\bgreen\b/, 'Green'], [/\btan\b/, 'Tan'], [/\bbeige\b/, 'Beige'], [/\bbiscuit\b/, 'Biscuit'], [/\bgrey\b/, 'Grey'],
  [/\bwhite\b/, 'White'], [/\byellow\b/, 'Yellow'], [/\bamber\b/, 'Amber'], [/\bclear\b/, 'Clear'], [/\bsilver\b/, 'Silver'],
  [/\bgold\b/, 'Gold'], [/\bbrown\b/, 'Brown'],
];

/** Facets of a product as `name=value` pairs (English names and values). */
function attributesFor(englishLower: string, tokens: string[], marque: string | undefined, kit: boolean): string[] {
  const out: string[] = [];
  if (marque) out.push(`Marque=${marque}`);
  const left = /\blh\b/.test(englishLower);
  const right = /\brh\b/.test(englishLower);
  if (left && right) out.push('Side=Left and right');
  else if (left) out.push('Side=Left');
  else if (right) out.push('Side=Right');
  const front = /\b(front|front wing|lh front|rh front)\b/.test(englishLower);
  const rear = /\b(rear|rear wing|lh rear|rh rear|rear axle|rear silencer|rear window)\b/.test(englishLower);
  if (front && rear) out.push('Position=Front and rear');
  else if (front) out.push('Position=Front');
  else if (rear) out.push('Position=Rear');
  out.push(`Kit=${kit ? 'Yes' : 'No'}`);
  for (const [re, v] of MATERIALS) if (re.test(englishLower)) { out.push(`Material=${v}`); break; }
  for (const [re, v] of COLOURS) if (re.test(englishLower)) { out.push(`Colour=${v}`); break; }
  if (tokens.includes('LHD') && !tokens.includes('RHD')) out.push('Steering=Left-hand drive');
  else if (tokens.includes('RHD') && !tokens.includes('LHD')) out.push('Steering=Right-hand drive');
  if (/\breconditioned\b/.test(englishLower)) out.push('Condition=Reconditioned');
  else if (/\bexchange\b/.test(englishLower)) out.push('Condition=Exchange');
  else if (/\bused\b/.test(englishLower)) out.push('Condition=Used');
  return out;
}

const SMALL_PART = /\b(screw|set screw|bolt|nut|lock nut|washer|lock washer|clip|circlip|split pin|pin|clevis pin|rivet|dowel|stud|o-ring|seal|oil seal|gasket|grommet|shim|spacer|bush|spring|bulb|fuse|spark plug|needle|jet|main jet|key|woodruff key|lock tab|plug|core plug|cap|label|decal|sticker|letter|knob|terminal|bullet connector|connector|olive|union|fitting|hose clip|clamp|tappet|valve cotter|valve guide|valve spring|lens|grease nipple|contact points|condenser|rotor arm|rubber|buffer|felt|cork|sealing ring|insert|relay|flasher unit|grommet|spire clip|banjo bolt|bulb holder|escutcheon|retainer)\b/;
const LARGE_PART = /\b(assembly|kit|set|gearbox|overdrive|radiator|engine|cylinder head|seat|seats|soft top|tonneau cover|hardtop|exhaust system|bodyshell|wing|front wing|rear wing|door|door skin|bonnet|boot lid|bumper|shock absorber|damper|caliper|brake servo|starter motor|alternator|dynamo|distributor|carburettors?|supercharger|wiring loom|main wiring loom|wire wheel|steering rack|differential|crown wheel and pinion|propshaft|half shaft|crankshaft|camshaft|flywheel|water pump|fuel pump|oil pump|master cylinder|speedometer|tachometer|windscreen|chassis|floor panel|sill|valance|dashboard|console|roll bar|seat belt|exhaust manifold|inlet manifold|silencer|rear silencer|headlamp|grille|axle|rear axle|steering wheel|fuel tank|repair panel|catalytic converter|leaf spring|road spring)\b/;

/**
 * The gross price band in euros of one product: its category band narrowed by size —
 * products too big for parcel machines and large assemblies (gearboxes, panels, kits ...) the band from 35 €;
 * small parts (screws, seals, bulbs ...) [1.50, 30], kits of small parts (gasket set, bolt set ...) [max(min, 5), 150];
 * everything else the band capped at 180 €.
 */
function priceBandFor(englishName: string, cat: TopCategory, big: boolean): [number, number] {
  const s = englishName.toLowerCase();
  const [min, max] = cat.priceBand;
  let band: [number, number];
  const kit = /\b(kit|set|assembly)\b/.test(s);
  const small = SMALL_PART.test(s) && !/\b(spring pair|road spring|leaf spring|coil spring)\b/.test(s);
  if (big) band = [Math.max(min, 35), max];
  else if (small && !kit) band = [1.5, Math.min(30, max)];
  else if (small) band = [Math.max(min, 5), Math.min(max, 150)];
  else if (LARGE_PART.test(s)) band = [Math.max(min, 35), max];
  else band = [min, Math.min(max, 180)];
  return band[0] < band[1] ? band : [min, max];
}

/** `pair` when the label says PAIR/PR, `set` when it says KIT/SET (or a kit abbreviation), else `pcs`. */
function unitFor(tokens: string[], englishLower: string): 'pcs' | 'set' | 'pair' {
  if (tokens.some((t) => t === 'PAIR' || t === 'PR' || t === 'PRS')) return 'pair';
  if (/\b(kit|set)\b/.test(englishLower) || tokens.some((t) => /^(KIT|SET\d?|SET-4|[A-Z]\/KIT|[A-Z]\/SET|SEATKIT|FITKIT|CARSET|HUBSET|KIT-.*)$/.test(t))) return 'set';
  return 'pcs';
}

// ---------------------------------------------------------------------------------------------
// The SLG stock list -> import rows
// ---------------------------------------------------------------------------------------------

/** A row of the SLG stock list. */
export interface SlgLine { ref: string; label: string; line: number }

/** Reads `ref;label` lines (CRLF) of the SLG stock list. Lines without ';' are skipped. */
export function readSlgLines(file = path.join(SHARED_DATA_DIR, 'catalog', 'slg-classic-british-parts.txt')): SlgLine[] {
  const text = fs.readFileSync(file, 'latin1');
  const out: SlgLine[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    const at = l.indexOf(';');
    if (at <= 0) return;
    out.push({ ref: l.slice(0, at).trim(), label: l.slice(at + 1).replace(/\s+/g, ' ').trim(), line: i + 1 });
  });
  return out;
}

/** A `USE x` row (the part is replaced by x; also `NLA USE x`, `USEx`): not a product. */
export function isReplacementRow(label: string): boolean {
  return /^(?:(?:NLA|NCA)\s+)?USE(?:\s|\d|$)/i.test(label.trim()) && !/^USED\b/i.test(label.trim());
}

/** An exchange-surcharge row: ref ending in '#', label `S/C <ref>`. */
export function isSurchargeRow(ref: string, label: string): boolean {
  return ref.endsWith('#') || /^S\/C\s/i.test(label);
}

/** The translated names, category and facets of one SLG label (no generated commerce fields). */
export interface LabelInfo {
  nameEn: string;
  nameEt: string;
  categoryKey: string;
  marque: string | undefined;
  models: string[];
  unit: 'pcs' | 'set' | 'pair';
  big: boolean;
  attributes: string[];
}

/** Translates and classifies one SLG label. Pure: same label, same result. */
export function describeLabel(label: string): LabelInfo {
  const tokens = labelTokens(label);
  const chunks = labelChunks(tokens);
  let nameEn = englishName(chunks);
  let nameEt = estonianName(chunks);
  if (!nameEn) nameEn = label;
  if (!nameEt) nameEt = nameEn;
  const lower = nameEn.toLowerCase();
  const fit = detectFitment(tokens);
  const categoryKey = categoryKeyFor(nameEn);
  const unit = unitFor(tokens, lower);
  const big = isBigProduct(nameEn);
  const marque = fit.marques[0];
  return { nameEn, nameEt, categoryKey, marque, models: fit.models, unit, big, attributes: attributesFor(lower, tokens, marque, unit === 'set') };
}

/**
 * The Estonian description of a part: its Estonian name, what it is (a part for classic British cars, of the marque
 * the label names), and the supplier's original English part name, marked as such (it keeps the abbreviations a
 * parts shopper may search for). E.g. "Õlifilter, tagumine, keeratav. Varuosa klassikalisele Briti autole.
 * Tarnija originaalnimetus (inglise keeles): OIL FILTER RR SPINON".
 */
export function describeEt(info: Pick<LabelInfo, 'nameEt' | 'marque'>, label: string): string {
  return `${info.nameEt}. Varuosa klassikalisele Briti autole${info.marque ? `, mark ${info.marque}` : ''}. Tarnija originaalnimetus (inglise keeles): ${label}`;
}

/** The English description of a part, as `describeEt`: "Oil Filter Rear Spin-On. A part for classic British cars. Supplier's original part name: OIL FILTER RR SPINON". */
export function describeEn(info: Pick<LabelInfo, 'nameEn' | 'marque'>, label: string): string {
  return `${info.nameEn}. A part for classic British cars${info.marque ? `, make ${info.marque}` : ''}. Supplier's original part name: ${label}`;
}

/**
 * Converts the SLG stock list into import rows.
 * - `USE x` rows are skipped (they only point to the replacement part, which is a row of its own);
 * - `S/C` rows (ref ending '#') become class `service` rows named after the part they belong to;
 * - the first row of a code wins; later rows with the same code (compared trimmed, case-insensitive) are dropped.
 * @returns rows in file order; prices in gross euros with 2 decimals.
 */
export function slgRows(lines: SlgLine[] = readSlgLines()): CatalogRow[] {
  const vehicles = loadVehicleSources();
  const vehicleCache = new Map<string, string[]>();
  const seen = new Set<string>();
  const products = new Map<string, { info: LabelInfo; row: CatalogRow }>();
  const rows: CatalogRow[] = [];
  const surcharges: SlgLine[] = [];

  for (const l of lines) {
    if (!l.ref || !l.label) continue;
    if (isReplacementRow(l.label)) continue;
    const key = l.ref.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (isSurchargeRow(l.ref, l.label)) { surcharges.push(l); rows.push({ code1: l.ref }); continue; }
    const info = describeLabel(l.label);
    const cat = topCategory(info.categoryKey);
    const marqueEt = info.marque ?? 'Universaalne';
    const marqueEn = info.marque ?? 'Universal';
    const commerce = generatedCommerce(l.ref, priceBandFor(info.nameEn, cat, info.big), { kit: info.unit !== 'pcs', big: info.big });
    const veh = info.models.flatMap((m) => vehicleEntries(m, vehicles, vehicleCache));
    const row: CatalogRow = {
      code1: l.ref,
      code2: '',
      name_et: info.nameEt,
      name_en: info.nameEn,
      description_et: describeEt(info, l.label),
      description_en: describeEn(info, l.label),
      category_et: `${cat.et} > ${marqueEt}`,
      category_en: `${cat.en} > ${marqueEn}`,
      price: commerce.price,
      stock: commerce.stock,
      unit: info.unit,
      availability: commerce.availability,
      delivery_days: commerce.delivery_days,
      big_product: info.big ? '1' : '0',
      class: 'product',
      attributes: info.attributes.join(' | '),
      oe_numbers: '',
      vehicles: [...new Set(veh)].join(' | '),
      image_url: '',
    };
    products.set(key, { info, row });
    rows.push(row);
  }

  // Surcharge rows: named after their part (the ref without '#'), same category and fitment.
  const byCode = new Map(rows.map((r) => [r.code1, r]));
  for (const l of surcharges) {
    const baseRef = l.ref.replace(/#$/, '').trim();
    const base = products.get(baseRef.toUpperCase());
    const cat = base ? topCategory(base.info.categoryKey) : topCategory('other');
    const marque = base?.info.marque;
    const packing = /DEPOSIT/i.test(l.label);
    const kindEn = packing ? 'Packing deposit' : 'Exchange surcharge';
    const kindEt = packing ? 'Pakendi pant' : 'Vanaosa pant';
    const commerce = generatedCommerce(l.ref, [20, 250], { service: true });
    const row = byCode.get(l.ref)!;
    Object.assign(row, {
      code2: baseRef,
      name_et: base ? `${kindEt}: ${base.row.name_et} (${baseRef})` : `${kindEt} (${baseRef})`,
      name_en: base ? `${kindEn}: ${base.row.name_en} (${baseRef})` : `${kindEn} (${baseRef})`,
      description_et: packing
        ? `Pakendi pant osale ${baseRef}: tagastatakse, kui pakend tuuakse tagasi.`
        : `Vanaosa pant osale ${baseRef}: lisandub vahetusosa hinnale ja tagastatakse, kui vana osa tuuakse tagasi.`,
      description_en: packing
        ? `Packing deposit for part ${baseRef}: refunded when the packing is returned.`
        : `Exchange surcharge for part ${baseRef}: charged with the exchange part, refunded when the old unit is returned.`,
      category_et: `${cat.et} > ${marque ?? 'Universaalne'}`,
      category_en: `${cat.en} > ${marque ?? 'Universal'}`,
      price: commerce.price,
      stock: '',
      unit: 'pcs',
      availability: commerce.availability,
      delivery_days: '',
      big_product: '0',
      class: 'service',
      attributes: [...(marque ? [`Marque=${marque}`] : []), 'Condition=Exchange surcharge'].join(' | '),
      oe_numbers: '',
      vehicles: base?.row.vehicles ?? '',
      image_url: '',
    } satisfies CatalogRow);
  }
  return rows;
}

/** Builds the demo catalog and writes it to `outFile`. @returns the number of rows written. */
export function buildDemoCatalog(outFile: string = DEMO_CATALOG_PATH): number {
  const rows = slgRows();
  fs.writeFileSync(outFile, toCsv(rows), 'utf8');
  return rows.length;
}

// CLI
if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  const out = process.argv[2] ? path.resolve(process.argv[2]) : DEMO_CATALOG_PATH;
  const n = buildDemoCatalog(out);
  const bytes = fs.statSync(out).size;
  console.log(`wrote ${n} rows (${(bytes / 1e6).toFixed(2)} MB) to ${path.relative(process.cwd(), out) || out}`);
}
