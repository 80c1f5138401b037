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
// The parts dictionary: abbreviation / word / phrase -> English, Estonian
// ---------------------------------------------------------------------------------------------
//
// One entry a line: `KEY[,KEY...] | english | estonian`. A key is one label token or a phrase of tokens
// separated by single spaces (uppercase, trailing '.'/',' removed). The longest phrase wins. English is
// written lowercase except acronyms (title case is applied later); Estonian is lowercase. An Estonian
// of `-` means "leave the word out of the Estonian name" (for, to, of ...).

const DICTIONARY_SOURCE = `
# --- generic
KIT,KI,F/KIT,FITKIT | kit | komplekt
SET,SETS,SET4,SET-4,SET6,SET8,SET(6) | set | komplekt
ASSY,ASSEMBLY,ASS,ASY,ASSYS,S/A | assembly | koost
PAIR,PR,PRS | pair | paar
REPAIR,REP,REP.,RECOVER | repair | remondi-
REPAIR KIT,REP KIT,REBUILD KIT,OVERHAUL KIT,RECON KIT | repair kit | remondikomplekt
REPAIR PANEL,REP PANEL,REP PAN,REP PNL,REPAIR PIECE,REPAIR SECTION | repair panel | remondipaneel
SEAL KIT,SEALS KIT | seal kit | tihendikomplekt
GSKT SET,GASKET SET,GASKETS SET | gasket set | tihendikomplekt
FIT KIT,FITTING KIT,FIT/KIT,FIXING KIT,MOUNTING KIT,MTG KIT,INSTAL KIT,INST KIT,INSTALL KIT | fitting kit | paigalduskomplekt
SERVICE KIT | service kit | hoolduskomplekt
CONVERSION KIT,CONV KIT | conversion kit | ümberehituskomplekt
CONVERSION,CONV | conversion | ümberehitus
BOLT KIT,BOLT SET | bolt set | poltide komplekt
SCREW KIT,SCREW SET | screw set | kruvide komplekt
NUT SET | nut set | mutrite komplekt
BEARING KIT,BRG SET,BRG KIT,BEARING SET | bearing kit | laagrikomplekt
BUSH KIT,BUSH SET,B/SET | bush set | pukside komplekt
PIN KIT | pin kit | tihvtide komplekt
SPRING KIT,SPRING SET | spring kit | vedrude komplekt
SPACER KIT | spacer kit | vahepukside komplekt
LINK KIT | link kit | varraste komplekt
PIPE KIT | pipe kit | torude komplekt
NEW | new | uus
RECON,RECOND,RECONDITIONED,REGROUND | reconditioned | taastatud
EXCH,EXC,EXCHANGE | exchange | vahetusosa
USED | used | kasutatud
ORIGINAL,OE,ORIG | original | originaal
REPRO,REPLICA | reproduction | koopia
UPRATED | uprated | tugevdatud
UNIVERSAL,UNIV | universal | universaalne
STD,STANDARD | standard | standard
SPECIAL,SPEC | special | eri-
COMPLETE,FULL | complete | täielik
PART,PARTS | parts | osad
PIECE,PCE,PC | piece | detail
UNIT | unit | seade
SYSTEM,SYS | system | süsteem
SPARE | spare | varu-
TYPE,TYP | type | tüüp
SERIES,SER | series | seeria
EACH,EA | each | tk
ONLY | only | ainult
NOT | not | mitte
NON | non | mitte-
FOR | for | -
TO | to | -
ON | on | -
OF | of | -
THE | the | -
INTO | into | -
BY | by | -
WITH,W/ | with | koos
W/O | without | ilma
INC,INCL | including | sh
AND,& | and | ja
OR | or | või
SEE | see | vt
NO LONGER AVAILABLE | no longer available | pole enam saadaval
AVAILABLE | available | saadaval
SUGGEST | suggested | soovituslik
# --- positions, sides, sizes
LH,L/H,LHS,LEFT | LH | vasak
RH,R/H,RHS,RIGHT | RH | parem
LHF,LHFR,FRLH,LH FR | LH front | vasak eesmine
RHF,RHFR,FRRH,RH FR | RH front | parem eesmine
LHR,LHRR,RRLH,LH RR | LH rear | vasak tagumine
RHR,RHRR,RRRH,RH RR | RH rear | parem tagumine
FR,FRT,FRNT,FRON,FNT,FRONT,FT | front | eesmine
RR,REAR | rear | tagumine
INNER,INN,INNR,INT,INTERNAL | inner | sisemine
OUTER,OUTR | outer | välimine
UPPER,UPP,UPPE | upper | ülemine
LOWER,LWR,LO | lower | alumine
TOP | top | ülemine
BOT,BOTT,BOTTOM | bottom | alumine
SIDE,-SIDE | side | külg
CENTRE,CEN,CTR,CNTR,CENT,CENTER | centre | keskmine
MID,MIDDLE | middle | keskmine
MAIN | main | pea-
LARGE,LGE,LRG,LRGE,BIG | large | suur
SMALL,SML | small | väike
MEDIUM,MED | medium | keskmine
LONG,LNG,LONGER | long | pikk
SHORT,SHT,SHRT | short | lühike
WIDE | wide | lai
THIN | thin | õhuke
THICK | thick | paks
EARLY,ERLY,EARL | early | varajane
LATE,LAT | late | hiline
HIGH,HI | high | kõrge
LOW | low | madal
HEAVY,HVY | heavy | raske
HD,H/D,H/DUTY,HEAVY DUTY | heavy duty | tugevdatud
SINGLE,SGL | single | üksik
DOUBLE,DUAL,TWIN | twin | kahekordne
LHD | LHD | vasakpoolse rooliga
RHD | RHD | parempoolse rooliga
1ST | 1st | 1.
2ND | 2nd | 2.
3RD | 3rd | 3.
4TH | 4th | 4.
1ST SPEED,1ST GEAR,1ST MO | 1st gear | 1. käigu hammasratas
2ND SPEED,2ND GEAR,2ND MO | 2nd gear | 2. käigu hammasratas
3RD SPEED,3RD GEAR,3RD MO | 3rd gear | 3. käigu hammasratas
4TH SPEED,4TH GEAR | 4th gear | 4. käigu hammasratas
MALE | male | välis-
FEMALE | female | sise-
FIXED | fixed | fikseeritud
ADJUSTABLE,ADJ,ADJUST,ADJUSTING | adjustable | reguleeritav
ROUND,RND | round | ümar
SQUARE,SQ | square | kandiline
OVAL | oval | ovaalne
FLAT | flat | lame
STRAIGHT | straight | sirge
ANGLE,ANGLED | angled | nurga-
PLAIN | plain | sile
SLOTTED,SLOT/D | slotted | piludega
VENTED | vented | ventileeritav
GROOVED | grooved | soontega
DRILLED | drilled | puuritud
THREADED,THREAD | threaded | keermestatud
TAPPED | tapped | keermestatud
SOLID | solid | täis-
SPLIT | split | poolitatud
WAY | way | -suunaline
# --- colours and finishes
BLACK,BLK,BK,BLA,BLAC,BLCK,BLAK | black | must
RED,RD | red | punane
BLUE,BLU | blue | sinine
DARK BLUE | dark blue | tumesinine
GREEN,GRN | green | roheline
TAN | tan | helepruun
BEIGE,BEIG | beige | beež
BISCUIT,BISCU | biscuit | helebeež
GREY,GRY,GY,GRAY | grey | hall
WHITE,WHT | white | valge
YELLOW | yellow | kollane
AMBER | amber | oranž
CLEAR | clear | läbipaistev
SILVER,SILV,SLVR,SILVR | silver | hõbedane
NAVY | navy | tumesinine
GOLD | gold | kuldne
BROWN,BRN | brown | pruun
CHROME,CHR,CHROMED,CHRM,CHROM | chrome | kroomitud
POLISHED,POL | polished | poleeritud
SATIN | satin | poolmatt
GLOSS | gloss | läikiv
MATT | matt | matt
# --- materials
STAINLESS,S/S,SS,S/STEEL,STAINLESS STEEL | stainless steel | roostevaba teras
STEEL | steel | teras
IRON | iron | raud
CAST IRON | cast iron | malm
ALI,ALUMINIUM,ALUMINUM,AL,ALUM | aluminium | alumiinium
ALLOY,ALLY | alloy | sulam
BRASS | brass | messing
BRONZE | bronze | pronks
COPPER | copper | vask
RUBBER,RUBB | rubber | kumm
PLASTIC,PLAS | plastic | plast
NYLON | nylon | nailon
POLY,POLYURETHANE | polyurethane | polüuretaan
WOOD,WOODEN,TIMBER | wood | puit
WALNUT | walnut | pähklipuu
FIBRE | fibre | fiiber
FG,F/G,FIBREGLASS,GRP | fibreglass | klaasplast
FELT | felt | vilt
CORK | cork | kork
PVC | PVC | PVC
BRAIDED | braided | punutud
SILICONE,SILICON | silicone | silikoon
LEATHER,LTHR,LTH,LEATHR,HIDE | leather | nahk
VINYL,VIN,VNL | vinyl | vinüül
MOHAIR | mohair | mohäär
CLOTH,CLTH | cloth | riie
FABRIC | fabric | kangas
CARPET | carpet | vaip
FOAM | foam | vahtpolster
KEVLAR | Kevlar | kevlar
CARBON | carbon | süsinik
METAL | metal | metall
ZINC | zinc | tsink
# --- engine
ENGINE,ENG | engine | mootor
ENG MNTG,ENG MOUNT,ENGINE MOUNTING,ENGINE MOUNT,ENG MTG | engine mounting | mootoripadi
BLOCK | block | plokk
CYLINDER BLOCK | cylinder block | silindriplokk
PISTON | piston | kolb
PISTONS | pistons | kolvid
PISTON SET | piston set | kolbide komplekt
CYL,CYLINDER | cylinder | silinder
CYL HEAD,CYLHEAD,C/HEAD,CYL/HD,CYLINDER HEAD | cylinder head | silindripea
HEAD | head | pea
GSKT HEAD,HEAD GASKET,GASKET HEAD,HEAD GSKT | head gasket | silindripea tihend
HEAD STUD | head stud | silindripea tikkpolt
CAM,CAMSHAFT | camshaft | nukkvõll
CAM GEAR | camshaft gear | nukkvõlli hammasratas
CAM BRG,CAM BEARING | camshaft bearing | nukkvõlli laager
CRANK,CRANKSHAFT,CRNK | crankshaft | väntvõll
CRANK PULLEY | crankshaft pulley | väntvõlli rihmaratas
CON ROD,CONROD,CONNECTING ROD,CON RODS | connecting rod | keps
VALVE | valve | klapp
VALVE INLET,INLET VALVE | inlet valve | sisselaskeklapp
VALVE EXHAUST,VALVE EX,EXHAUST VALVE,EX VALVE | exhaust valve | väljalaskeklapp
V/GUIDE,VALVE GUIDE | valve guide | klapijuhik
V/SPRING,VALVE SPRING | valve spring | klapivedru
VALVE COTTER,VALVE COTTERS | valve cotter | klapi kiil
V/COVER,ROCKER COVER,R/COVER,R/CVR,VALVE COVER | rocker cover | klapikaas
ROCKER | rocker | klapihoob
ROCKER SHAFT,R/SHAFT | rocker shaft | klapihoobade võll
TAPPET,TAPPETS,FOLLOWER,CAM FOLLOWER | tappet | tõukur
PUSH ROD,PUSHROD,PUSHRODS | pushrod | tõukurvarras
B/ENDS,BIG ENDS,BIG END,B/END,BIG END BEARINGS | big-end bearings | kepsulaagrid
MAINS,MAIN BEARINGS,MAIN BRGS,MAIN BEARING | main bearings | raamilaagrid
LINER,LINERS | liner | silindrihülss
RING SET,RINGS,PISTON RINGS,PISTON RING SET | piston ring set | kolvirõngaste komplekt
SUMP | sump | õlivann
OIL | oil | õli
OIL PUMP,OILPUMP | oil pump | õlipump
OIL SEAL | oil seal | õlitihend
OIL FILTER,FILTER OIL,O/FILTER | oil filter | õlifilter
OIL COOLER,O/COOLER,O/C | oil cooler | õliradiaator
OIL PIPE | oil pipe | õlitoru
OIL HOSE,O/HOSE | oil hose | õlivoolik
OIL GAUGE | oil pressure gauge | õlisurve näidik
OIL FILLER | oil filler | õli täiteava
OIL THROWER | oil thrower | õlideflektor
DIPSTICK,DIP STICK | dipstick | õlivarras
TIMING | timing | jaotus-
TIMING CHAIN,T/CHAIN | timing chain | jaotusmehhanismi kett
TIMING COVER,T/COVER | timing cover | jaotusmehhanismi kaas
TIMING GEAR | timing gear | jaotushammasratas
TENSIONER | tensioner | pingutaja
FLYWHEEL,F/WHEEL | flywheel | hooratas
RING GEAR | ring gear | hooratta hammasvöö
CORE PLUG,COREPLUG | core plug | ploki kork
THRUST | thrust | tugi-
THRUST WASHER,T/WASHER,THRUST WASHERS | thrust washer | tugiseib
BREATHER,BREATH | breather | tuulutus
BREATHER HOSE,HOSE BREATHER | breather hose | tuulutusvoolik
INSERT | insert | vahetükk
VALVE SEAT,INSERT SEAT,SEAT INSERT | valve seat insert | klapipesa rõngas
DUPLEX | duplex | kaherealine
OHC | OHC | OHC
TWIN CAM,TWINCAM,T/CAM | twin cam | Twin Cam
4CYL,4 CYL | 4-cylinder | 4-silindriline
6CYL,6 CYL | 6-cylinder | 6-silindriline
# --- ignition, electrics
STARTER,STARTER MOTOR | starter motor | starter
HI-TQ,HI-TORQUE | high-torque | suure pöördemomendiga
DYNAMO | dynamo | dünamo
ALTERNATOR,ALT | alternator | generaator
DIST,DISTRIBUTOR,DIST. | distributor | süütejagaja
DIST.CAP,D/CAP,DIST CAP,DISTRIBUTOR CAP | distributor cap | süütejagaja kaas
ROTOR,ROTOR ARM | rotor arm | jagaja liugur
POINTS,POINT,CONTACT SET,CONTACTS | contact points | katkestikontaktid
CONDENSER | condenser | kondensaator
COIL | coil | süütepool
HT | HT | kõrgepinge
HT LEAD,HT LEADS | HT lead | süütejuhe
HT LEAD SET,LEAD SET,HT LEADS SET | HT lead set | süütejuhtmete komplekt
LT LEAD | LT lead | madalpingejuhe
LEAD,LEADS | lead | juhe
SPARK PLUG,SPARK PLUGS,PLUGS SPARK | spark plug | süüteküünal
ELEC IGN,ELECTRONIC IGNITION,ELEC IGNITION | electronic ignition | elektronsüüde
IGN,IGNITION | ignition | süüde
ELEC,ELECT,ELECTRIC,ELECTRICAL | electric | elektri-
VACUUM UNIT,VAC UNIT | vacuum advance unit | vaakumregulaator
VACUUM,VAC | vacuum | vaakum
LOOM,M/LOOM,WIRING LOOM,HARNESS,WIRING HARNESS,H/NESS | wiring loom | juhtmestik
MAIN LOOM,LOOM MAIN | main wiring loom | põhijuhtmestik
R/LOOM,REAR LOOM | rear wiring loom | tagumine juhtmestik
F/LOOM,FRONT LOOM | front wiring loom | eesmine juhtmestik
WIRE,WIRING | wire | juhe
CABLE,CBL | cable | tross
BATTERY CABLE,CABLE BATTERY | battery cable | akukaabel
BATTERY,BATT | battery | aku
BATTERY BOX | battery box | akukast
RELAY | relay | relee
FUSE | fuse | kaitse
FUSE BOX,FUSEBOX | fuse box | kaitsmekarp
SWITCH,SW,SWITC | switch | lüliti
IGN SWITCH,IGNITION SWITCH | ignition switch | süütelukk
BULB | bulb | pirn
BULB HOLDER,B/HOLDER | bulb holder | pirnipesa
GAUGE,GUAGE | gauge | näidik
TEMP GAUGE,TEMPERATURE GAUGE | temperature gauge | temperatuurinäidik
FUEL GAUGE,F/GAUGE | fuel gauge | kütusenäidik
DUAL GAUGE | dual gauge | kombineeritud näidik
TEMP | temperature | temperatuur
AMMETER | ammeter | ampermeeter
SPEEDO,SPEEDOMETER,SPEEDI | speedometer | spidomeeter
TACHO,TACHOMETER,REV COUNTER | tachometer | tahhomeeter
SENDER,TRANSMITTER,SENDER UNIT | sender | andur
TANK SENDER,TANK UNIT | fuel tank sender | paagiandur
SENSOR | sensor | andur
FLASHER,FLASHER UNIT | flasher unit | suunatulede relee
SOLENOID,SOL | solenoid | solenoid
TERMINAL,TERM | terminal | klemm
BULLET | bullet connector | ümarkonnektor
CONNECTOR | connector | konnektor
SOCKET,SCKT | socket | pesa
EARTH | earth | maandus
REGULATOR,REG | regulator | regulaator
VOLTAGE | voltage | pinge
CONTROL BOX | control box | laadimisregulaator
CONTROL | control | juhtimis-
LED | LED | LED
MOTOR,MTR | motor | mootor
RESISTOR | resistor | takisti
ECU | ECU | juhtplokk
MODULE | module | moodul
12V | 12V | 12V
6V | 6V | 6V
NEG,-VE,NEGATIVE | negative earth | miinusmaandus
POS,+VE,POSITIVE | positive earth | plussmaandus
WARNING | warning | hoiatus-
HAZARD | hazard | ohutulede
# --- lights
LAMP,LAMPS | lamp | tuli
H/LAMP,HEADLAMP,HEAD LAMP,HLAMP,H/LIGHT,HEADLIGHT | headlamp | esituli
S/LAMP,SIDE LAMP,SIDELAMP | side lamp | gabariittuli
FOGLAMP,FOG LAMP,LAMP FOG | fog lamp | udutuli
FOG | fog | udu-
IND,INDICATOR | indicator | suunatuli
REPEATER,SIDE REPEATER | side repeater | külgsuunatuli
REFLECTOR | reflector | helkur
LENS | lens | tuleklaas
LIGHT,LGT | light | tuli
TAIL LAMP,TAIL LIGHT,REAR LAMP | tail lamp | tagatuli
STOP LAMP | stop lamp | stoptuli
PLATE LAMP,NO PLATE LAMP,NUMBER PLATE LAMP,LAMP NO PLATE | number plate lamp | numbrituli
BOOT LAMP | boot lamp | pagasiruumi tuli
INTERIOR LAMP,INT LAMP,COURTESY LAMP | interior lamp | salongituli
MARKER,MARKER LAMP | marker lamp | ääretuli
BEZEL,BEZELS | bezel | raam
HORN | horn | helisignaal
HORN PUSH | horn push | signaalinupp
# --- wipers, washers, windows, glass
WIPER,WIPERS | wiper | klaasipuhasti
WIPER ARM,W/ARM | wiper arm | klaasipuhasti hoob
W/BLADE,WIPER BLADE,BLADE WIPER | wiper blade | klaasipuhasti hari
W/BLADE REFILL | wiper blade refill | klaasipuhasti kumm
WHEELBOX,W/BOX | wiper wheelbox | klaasipuhasti ajam
WIPER MOTOR,W/MOTOR | wiper motor | klaasipuhasti mootor
W/WASHER,SCREENWASH,SCREEN WASHER,WASHER BOTTLE | windscreen washer | klaasipesur
W/SCREEN,WINDSCREEN,W/SCRN,SCREEN,SCRN | windscreen | tuuleklaas
GLASS,GLAS,GLS | glass | klaas
WINDOW,WIN,WINDOWS | window | aken
BACKLIGHT,REAR WINDOW | rear window | tagaklaas
1/4 LIGHT,1/4LIGHT,1/4 LT,1/4LIT,QUARTER LIGHT,QTR LIGHT | quarter light | kolmnurkaken
WINDOW LIFT,WINDER,WINDOW WINDER,WINDOW REGULATOR,W/REG | window regulator | aknatõstuk
PERSPEX | perspex | pleksiklaas
GLAZING | glazing | klaasi-
W/STRIP,WEATHERSTRIP,WEATHER STRIP | weatherstrip | tihendliist
SIDESCREEN,S/SCREEN,SIDESCREENS | sidescreen | külgaken
DEMIST,DEMISTER | demister | klaasipuhur
DEFLECTOR,W/DEFLECTOR,WIND DEFLECTOR | deflector | deflektor
WINDSTOP | wind stop | tuulekaitse
# --- fuel and intake
FUEL | fuel | kütus
FUEL PUMP,F/PUMP | fuel pump | kütusepump
FUEL PIPE,F/PIPE | fuel pipe | kütusetoru
FUEL TANK,PETROL TANK | fuel tank | kütusepaak
FUEL HOSE | fuel hose | kütusevoolik
FUEL FILTER | fuel filter | kütusefilter
TANK | tank | paak
PETROL | petrol | bensiin
PETROL CAP,FILLER CAP,FUEL CAP,TANK CAP | filler cap | paagikork
FILLER | filler | täiteava
CARB,CARBURETTOR,CARBURETOR | carburettor | karburaator
CARBS | carburettors | karburaatorid
JET | jet | düüs
MAIN JET | main jet | peadüüs
JET ASSY | jet assembly | düüsi koost
NEEDLE | needle | karburaatori nõel
FLOAT | float | ujuk
FLOAT CHAMBER | float chamber | ujukikamber
CHOKE | choke | õhuklapp
CABLE CHOKE,CHOKE CABLE | choke cable | õhuklapi tross
THROTTLE | throttle | drossel
THROTTLE CABLE,CABLE THROTTLE | throttle cable | gaasitross
ACCEL,ACCELERATOR | accelerator | gaasi-
CABLE ACCEL,ACCEL CABLE,ACCELERATOR CABLE | accelerator cable | gaasitross
INJECTOR,INJ | injector | pihusti
INJECTION | injection | sissepritse
PI | PI | PI
INLET,INL | inlet | sisselaske-
INTAKE,AIR INTAKE | air intake | õhu sisselase
MANIFOLD,MANIF,M/FOLD | manifold | kollektor
INLET MANIFOLD,MANIFOLD INLET | inlet manifold | sisselaskekollektor
EX MANIFOLD,EXH MANIFOLD,EXHAUST MANIFOLD,MANIFOLD EXHAUST,EX MANIF,EXH MANIF,EXH M/FOLD | exhaust manifold | väljalaskekollektor
S/CHARGER,SUPERCHARGER | supercharger | ülelaadur
AIR FILTER,FILTER AIR,A/FILTER | air filter | õhufilter
AIR | air | õhk
AIR BOX | air box | õhufiltri korpus
FILTER,FILT,FIL | filter | filter
ELEMENT | element | element
PUMP | pump | pump
SU | SU | SU
STROMBERG | Stromberg | Stromberg
WEBER | Weber | Weber
DCOE | DCOE | DCOE
# --- exhaust
EXH,EXHAUST,EX | exhaust | väljalaske-
EXH SYS,EX.SYS,EXHAUST SYSTEM,S/SYSTEM,EXH SYSTEM | exhaust system | väljalaskesüsteem
SILENCER,SILNCR,MUFFLER | silencer | summuti
REAR BOX,EX.BOX,REAR SILENCER | rear silencer | tagasummuti
BOX | box | karp
DOWNPIPE,D/PIPE,DOWN PIPE | downpipe | eesmine väljalasketoru
EX.PIPE,EXHAUST PIPE,EXH PIPE | exhaust pipe | väljalasketoru
TAILPIPE,TAIL PIPE | tailpipe | summuti otsatoru
CATALYST,CAT,CATALYTIC | catalytic converter | katalüsaator
HEAT SHIELD,H/SHIELD,HEATSHIELD | heat shield | kuumakilp
HEADER | header | väljalaskekollektor
HEADER RAIL | header rail | tuuleklaasi ülaraam
EX/WRAP,EXHAUST WRAP | exhaust wrap | väljalaske isolatsioonilint
# --- cooling and heating
FAN | fan | ventilaator
FAN BELT | fan belt | ventilaatori rihm
FAN BLADE | fan blade | ventilaatori tiivik
BELT | belt | rihm
PULLEY | pulley | rihmaratas
IDLER | idler | vaherull
W/PUMP,WATER PUMP,WATERPUMP | water pump | veepump
WATER | water | vee-
RAD,RADIATOR | radiator | radiaator
RAD HOSE,RADIATOR HOSE | radiator hose | radiaatori voolik
RAD CAP,RADIATOR CAP | radiator cap | radiaatori kork
THERMOSTAT,T/STAT,STAT,THERMO,THERM,WAXSTAT | thermostat | termostaat
HOUSING-STAT,THERMOSTAT HOUSING,STAT HOUSING | thermostat housing | termostaadi korpus
HOSE,HOSES | hose | voolik
HOSE TOP,TOP HOSE | top hose | ülemine voolik
HOSE BOT,BOTTOM HOSE,HOSE BOTTOM | bottom hose | alumine voolik
BYPASS,BYPASS HOSE | bypass hose | möödaviiguvoolik
HOSE CLIP,HOSE CLIPS | hose clip | voolikuklamber
HEATER,HTR | heater | soojendi
HEATER TAP,HEATER VALVE | heater valve | soojendi kraan
HEATER HOSE,HOSE HEATER,HOSE-HEATER | heater hose | soojendi voolik
MATRIX,HEATER MATRIX | heater matrix | soojendi radiaator
BLOWER | blower | puhur
EXPANSION TANK,EXPANSION | expansion tank | paisupaak
COOLANT | coolant | jahutusvedelik
COOLING,COOL | cooling | jahutus
COLD | cold | külm
HOT | hot | kuum
HEAT | heat | kuumus
COWL | cowl | kate
SHROUD | shroud | kate
KENLOWE | Kenlowe | Kenlowe
# --- clutch and transmission
CLUTCH,CLTCH | clutch | sidur
CLUTCH KIT | clutch kit | siduri komplekt
R/BRG,RELEASE BEARING,CLUTCH R/BRG,R/BEARING,CLUTCH RELEASE BEARING | clutch release bearing | siduri väljalülituslaager
RELEASE | release | vabasti
C/PLATE,CLUTCH PLATE,DRIVEN PLATE | clutch plate | siduriketas
CLUTCH COVER,C/COVER,PRESSURE PLATE | clutch cover | siduri korv
SLAVE CYLINDER,SLAVE CYL,S/CYL,CLUTCH SLAVE | slave cylinder | siduri töösilinder
SLAVE | slave | töö-
M/CYL CLUTCH,C/M/CYL,CLUTCH M/CYL,CLUTCH MASTER | clutch master cylinder | siduri peasilinder
M/CYL,MASTER CYLINDER,M/C | master cylinder | peasilinder
MASTER | master | pea-
CLUTCH PIPE | clutch pipe | siduritoru
CLUTCH HOSE,C/HOSE | clutch hose | siduri voolik
G/BOX,GBOX,GEARBOX,G/B,GEAR BOX,GL/BOX,G/BO | gearbox | käigukast
5SPD,5 SPD,5SP,5 SPEED,5SPEED | 5-speed | 5-käiguline
4SPD,4 SPEED | 4-speed | 4-käiguline
5SPD GBOX,5 SPD GBOX | 5-speed gearbox | 5-käiguline käigukast
GEAR | gear | hammasratas
GEAR LEVER,G/LEVER,GEARLEVER,G/LVR | gear lever | käigukang
G/KNOB,GEAR KNOB | gear knob | käigukanginupp
LAYSHAFT,LAYGEAR,L/SHAFT | layshaft | vahevõll
MAINSHAFT,M/SHAFT | mainshaft | peavõll
SYNCHRO,SYNC,SYNCHRO RING | synchro ring | sünkronisaatori rõngas
SELECTOR | selector | käiguvalits
REVERSE,REV | reverse | tagurpidikäik
O/D,OD,O/DRIVE,OVERDRIVE | overdrive | kiirenduskäik
DIFF,DIFFERENTIAL,DIF | differential | diferentsiaal
CW&P,CWP,CROWN WHEEL,CROWN WHEEL & PINION,CWP SET | crown wheel and pinion | peaülekanne
CROWN | crown | kroon-
PINION | pinion | veohammasratas
AXLE | axle | sild
B/AXLE,BACK AXLE,REAR AXLE,RR AXLE | rear axle | tagasild
HALFSHAFT,HALF SHAFT | half shaft | poolsild
HALF | half | pool-
PROP,PROPSHAFT,PROP SHAFT | propshaft | kardaanvõll
UJ,U/J,UNIVERSAL JOINT | universal joint | kardaanirist
DRIVESHAFT,DRIVE SHAFT | driveshaft | veovõll
CV,CV JOINT | CV joint | homokineetiline liigend
SHAFT,SHFT | shaft | võll
S/CABLE,CABLE SPEEDO,SPEEDO CABLE,SPEEDOMETER CABLE | speedometer cable | spidomeetri tross
CABLE TACHO,TACHO CABLE | tachometer cable | tahhomeetri tross
LSD | limited-slip differential | piiratud libisemisega diferentsiaal
DRIVE | drive | ajam
SPIGOT | spigot | juhtpuks
SPIGOT BEARING,SPIGOT BUSH | spigot bearing | juhtlaager
TRANS,TRANSMISSION | transmission | jõuülekanne
MOTION | motion | liikumis-
INERTIA | inertia | inerts-
TRANSFER | transfer | ülekande-
# --- brakes
BRAKE,BRAKES,BRK | brake | pidur
B/PADS,BRAKE PADS,B/PAD,BRAKE PAD,PADS,B/PAD SET,BRAKE PAD SET | brake pads | piduriklotsid
PAD SET | pad set | klotside komplekt
PAD | pad | padi
B/DISC,B/DISCS,BRAKE DISC,BRAKE DISCS,T/DISC | brake disc | piduriketas
DISC,DISCS | disc | ketas
B/DRUM,BRAKE DRUM | brake drum | piduritrummel
DRUM | drum | trummel
B/SHOE,B/SHOES,BRAKE SHOES,BRAKE SHOE | brake shoes | pidurikingad
SHOE,SHOES | shoe | king
CALIPER,CAL | caliper | pidurisadul
CALIPER PISTON | caliper piston | pidurisadula kolb
W/CYL,WHEEL CYLINDER,WHEEL CYL | wheel cylinder | rattapidurisilinder
B/M/CYL,BRAKE M/CYL,BRAKE MASTER CYLINDER | brake master cylinder | piduri peasilinder
SERVO | brake servo | pidurivõimendi
B/PIPE,BRAKE PIPE,BR/PIPE | brake pipe | piduritoru
B/PIPE SET,BRAKE PIPE SET | brake pipe set | piduritorude komplekt
B/HOSE,BRAKE HOSE,B/HOSES,BR/HOSES,BRAKE HOSES | brake hose | pidurivoolik
H/BRAKE,H/B,H/BRK,HANDBRAKE,HAND BRAKE | handbrake | käsipidur
CABLE H/B,H/B CABLE,HANDBRAKE CABLE,H/BRAKE CABLE | handbrake cable | käsipiduri tross
BACKPLATE,B/PLATE,BACK PLATE | backplate | pidurikilp
BLEED,BRAKEBLEED,BLEEDER | bleed | õhutus
BLEED SCREW,BLEEDSCREW | bleed screw | õhutuskruvi
# --- suspension, steering, wheels
S/ABS,SHOCK ABSORBER,S/ABSORBER,SHOCK,SHOCKS | shock absorber | amortisaator
DAMPER | damper | amortisaator
SPRING,SPRG,SPRINGS,SPR,SPRI | spring | vedru
ROAD SPRING,RD SPRING | road spring | vedrustuse vedru
COIL SPRING | coil spring | keerdvedru
LEAF,LEAF SPRING | leaf spring | lehtvedru
SPR PR | spring pair | vedrude paar
REBOUND | rebound | tagasilöögi-
WISHBONE,W/BONE | wishbone | õõtshoob
TRUNNION,TRUNN,TRUN | trunnion | pöördmuhv
K/PIN,KINGPIN,KING PIN | king pin | pöördtapp
ARB,ANTI ROLLBAR,ANTI ROLL BAR,A/ROLL,ANTI-ROLL BAR,STABILISER,STABILIZER | anti-roll bar | stabilisaator
LINK ARB,ARB LINK,ARB LINKS | anti-roll bar link | stabilisaatori varras
ANTI | anti | vastu-
T/ROD,TIE ROD | tie rod | roolivarras
T/ROD END,TIE ROD END,TRACK ROD END | tie rod end | rooliots
TRACK ROD | track rod | roolivarras
ROD END | rod end | varda ots
BALL JOINT,B/JOINT | ball joint | kuulliigend
STRG,STEERING,STG | steering | rool
STRG COL,S/COL,STEERING COLUMN,STRG COLUMN | steering column | roolisammas
S/RACK,STEERING RACK,STRG RACK,STG/RACK,RACK PAS | steering rack | roolilatt
RACK | rack | latt
RACKTUBE | rack tube | roolilati toru
S/WHEEL,STEERING WHEEL,STRG WHEEL | steering wheel | rool
STRG LOCK,STEERING LOCK | steering lock | roolilukk
STRG BOX,STEERING BOX | steering box | roolivõimendi
PAS,POWER STEERING | power steering | roolivõimendi
SHACKLE | shackle | vedrukõrv
SUBFRAME,S/FRAME,SUB FRAME | subframe | abiraam
SUSP,SUSPENSION | suspension | vedrustus
BUMPSTOP,BUMP STOP | bump stop | põrkepuhver
A/TRAMP,ANTI TRAMP | anti-tramp bar | tagasilla reaktsioonivarras
RADIUS ARM | radius arm | reaktsioonivarras
RADIUS | radius | raadius-
STRUT | strut | tugi
T/SPINDLE,STUB AXLE,STUB | stub axle | pöördtelg
SPINDLE | spindle | telg
SWIVEL | swivel | pöörd-
SWIVEL POST,SWIVEL PIN | swivel pin | pöördtapp
FULCRUM,FULCRUM PIN | fulcrum pin | pöördtihvt
LINK | link | varras
ARM | arm | hoob
T/ARM,TOP ARM,UPPER ARM | upper arm | ülemine hoob
C/ARM | control arm | õõtshoob
LEVER | lever | hoob
TELE,TELESCOPIC | telescopic | teleskoop-
SPAX | Spax | Spax
GAZZ,GAZ | GAZ | GAZ
KONI | Koni | Koni
HUB | hub | rumm
HUBSET | hub set | rummude komplekt
WHEEL,WHL,W/WHEEL | wheel | ratas
WW,W/W,WIRE WHEEL,WIRE WHEELS | wire wheel | kodarratas
K/ON,KNOCK-ON,KNOCK ON,SPINNER | knock-on spinner | kiirkinnitusmutter
SPOKE | spoke | kodar
RIM | rim | velg
TYRE | tyre | rehv
WHEEL NUT,WHEELNUT,W/NUT | wheel nut | rattamutter
WHEEL STUD | wheel stud | rattapolt
HUB CAP,HUBCAP | hub cap | rummukate
ROSTYLE | Rostyle wheel | Rostyle velg
SPARE WHEEL | spare wheel | varuratas
WHEEL BEARING,HUB BEARING | wheel bearing | rattalaager
OCTAG,OCTAGONAL | octagonal | kaheksanurkne
EAR,2EAR,3EAR | eared | kõrvadega
ADAPT,ADAPTOR,ADAPTER | adaptor | adapter
WW ADAPTOR,WW ADAPT | wire wheel adaptor | kodarratta adapter
# --- body
BODY | body | kere
BODYSHELL,BODY SHELL | bodyshell | kere
WING,WNG | wing | porilaud
FRONT WING,WING FR,FR WING,WING FRONT | front wing | esiporilaud
REAR WING,WING RR,RR WING,REARWING,R/WING,WING REAR | rear wing | tagaporilaud
INNER WING,WING INNER | inner wing | siseporilaud
WING BEAD,WING BEADING | wing beading | porilaua liist
DOOR,DR | door | uks
DOORSKIN,DOOR SKIN | door skin | ukse välisplekk
DOOR HANDLE,D/HANDLE | door handle | ukse käepide
DOOR LOCK,DOORLOCK | door lock | ukselukk
DOOR SEAL,DOORSEAL,D/SEAL | door seal | ukse tihend
DOOR PULL,D/PULL | door pull | ukse tõmbesang
D/PANELS,DOOR PANELS,D/PANEL,DOOR PANEL | door panels | ukse polstrid
DOOR ASSY | door assembly | uks, koost
CHECK STRAP,C/STRAP | door check strap | ukse piiraja
BONNET,BONN,BON | bonnet | kapott
BONNET ASSY | bonnet assembly | kapott, koost
BOOT | boot | pagasiruum
BOOT LID,BOOTLID,B/LID | boot lid | pagasiruumi kaas
BOOT FLOOR | boot floor | pagasiruumi põrand
BOOT MAT | boot mat | pagasiruumi matt
BOOT SEAL | boot seal | pagasiruumi tihend
TAILGATE,T/GATE | tailgate | tagaluuk
PANEL,PNL,PANL,PANELS | panel | paneel
SIDE PANEL,S/PANEL,S/PANELS | side panel | külgpaneel
SILL | sill | lävepakk
VALANCE,VAL | valance | põll
BUMPER | bumper | põrkeraud
BUMPER IRON | bumper iron | põrkeraua kinnitus
O/RIDER,OVERRIDER | overrider | põrkeraua kihv
GRILLE | grille | iluvõre
FLOOR,FLR | floor | põrand
FLOORPAN,FLOOR PAN,FLOOR PANEL | floor panel | põrandapaneel
FLOORBOARD | floorboard | põrandalaud
CHASSIS,CHASS | chassis | raam
CHASSIS LEG | chassis leg | raami pikitala
HINGE,HNG,HINGES,HING | hinge | hing
BADGE,BDGE,EMBLEM | badge | embleem
BADGE BAR | badge bar | embleemiraam
MOULDING,MLDG,MLD | moulding | liist
FINISHER,FIN | finisher | kaunistusliist
TRIM,TRIMS,S/TRIM | trim | polster
APRON | apron | põll
W/ARCH,WHEEL ARCH,WHL ARCH,IN/ARCH | wheel arch | rattakoobas
ARCH | arch | koobas
SCUTTLE | scuttle | torpeedo esipaneel
HEELBOARD | heelboard | istmealune vahesein
FOOTWELL,F/WELL | footwell | jalaruum
F/WELL MATS,FOOTWELL MATS,F/WELL MAT | footwell mats | jalaruumi matid
BULKHEAD | bulkhead | vahesein
POST,PILLAR | pillar | piller
A POST | A-pillar | A-piller
B POST,B-POST | B-pillar | B-piller
QTR,QUARTER,QUART | quarter | tagumine külg-
Q/PANELS,QUARTER PANELS | quarter panels | tagumised külgpolstrid
HOOD,S/TOP,SOFT TOP | soft top | pehme katus
HOOD FRAME,H/FRAME | soft top frame | pehme katuse raam
HOOD COVER,H/COVER | soft top cover | pehme katuse kate
HOOD STICK,STICK HOOD | soft top bow | pehme katuse kaar
TONN,TONNEAU | tonneau cover | salongikate
TONNEAU BAR | tonneau bar | salongikatte varras
HARDTOP,H/TOP,HARD TOP | hardtop | kõvakatus
ROOF | roof | katus
HANDLE,HNDL,HANDL | handle | käepide
HANDLES | handles | käepidemed
CATCH | catch | riiv
STRIKER | striker | lukuvastik
LATCH | latch | riiv
LOCK | lock | lukk
LOCKS | locks | lukud
LOCK SET,LOCKSET | lock set | lukkude komplekt
KEY | key | võti
KEYS | keys | võtmed
KEY BLANK | key blank | võtme toorik
BARREL | lock barrel | lukusüdamik
SPOILER | spoiler | spoiler
AIR DAM | air dam | esispoiler
MUDFLAPS,MUD FLAPS,MUDFLAP | mud flaps | poripõlled
SPLASH | splash | pritsme-
SPLASH PLATE,SPLASHPLATE | splash plate | porikaitse
SHIELD | shield | kilp
GUARD | guard | kaitse
STONEGUARD,STONE GUARD | stone guard | kivikaitse
NO PLATE,NUMBER PLATE | number plate | numbrimärk
DECK | deck | tagatekk
RAIL | rail | siin
CHANNEL | channel | juhtsiin
SKIN,SKN | skin | välisplekk
REINF,REINFORCEMENT,REINFORCMENT | reinforcement | tugevdus
GUSSET | gusset | tugevdusplaat
BRACE | brace | tugi
STIFFENER | stiffener | jäigasti
MEMBER | member | tala
CROSSMEMBER,CROSS MEMBER,XMEMBER,X MEMBER,CROSSPIECE | crossmember | risttala
SIDEMEMBER | side member | pikitala
OUTRIGGER | outrigger | raami külgtala
FLITCH | flitch panel | porilaua sisepaneel
TOEBOARD | toeboard | jalaplaat
TUNNEL | tunnel | tunnel
SEAM | seam | õmblus
EDGE | edge | serv
CLOSING,CLOSING PANEL,CLOSER,CLSG | closing panel | sulgurpaneel
CORNER | corner | nurk
NOSE | nose | ninaosa
LEG | leg | jalg
BEAD,BEADING | beading | liist
CAPPING,D/CAPPING | capping | kattelist
JACKING,JACKING POINT | jacking point | tungraua punkt
TONNEAU COVER | tonneau cover | salongikate
STOWAGE | stowage | hoiu-
PARCEL SHELF,P/SHELF | parcel shelf | pakiriiul
VENT | vent | õhuava
DUCT,DUC | duct | õhutoru
BAFFLE | baffle | vahesein
FLAP | flap | klapp
LID | lid | kaas
SCUTTLE VENT | scuttle vent | torpeedo õhuava
# --- interior
SEAT | seat | iste
SEATS | seats | istmed
S/CVRS,S/CVR,SEAT COVERS,SEAT COVER,S/COVERS | seat covers | istmekatted
S/KIT,SEATKIT,SEAT KIT | seat cover kit | istmekatete komplekt
S/ASSY,S/ASY,SEAT ASSY,SEAT ASSEMBLY | seat assembly | iste, koost
SEAT BASE,SEATBASE | seat base | istme alus
SEAT FOAM | seat foam | istme vahtpolster
SEAT FRAME | seat frame | istme raam
SEAT RAIL,SEAT RAILS | seat rail | istmesiin
C/SET,CARPET SET,CARSET,CARPETS | carpet set | vaipade komplekt
C/KIT,CARPET KIT | carpet kit | vaipade komplekt
T/KIT,TRIM KIT | trim kit | polstrikomplekt
MAT | mat | matt
MATS | mats | matid
DASH,DASHBOARD | dashboard | armatuurlaud
DASHTOP,DASH TOP | dash top | armatuurlaua kate
FASCIA | fascia | armatuurlaua paneel
CONSOLE,CONS,C/CONS | console | konsool
GLOVEBOX,GLOVE BOX | glovebox | kindalaegas
ARMREST,A/REST,ARM REST | armrest | käetugi
H/REST,HEADREST,HEAD REST | headrest | peatugi
H/LINING,HEADLINING | headlining | laepolster
S/VISOR,SUNVISOR,SUN VISOR | sun visor | päikesesirm
VISOR | visor | sirm
KNOB | knob | nupp
S/BELT,SEATBELT,SEAT BELT | seat belt | turvavöö
WEBBING | webbing | vöörihm
C/PIT,COCKPIT | cockpit | kokpit
KICKPLT,KICKSTRIP,KICK PLATE | kick plate | lävepaku kate
TREADPLATES,TREAD PLATES,TREADPLATE | tread plates | lävepakuliistud
POCKET | pocket | tasku
ASHTRAY | ashtray | tuhatoos
SQUAB | seat back | seljatugi
CUSHION | cushion | istmepadi
PIPING | piping | kant
INTERIOR | interior | salong
RADIO | radio | raadio
RETRO RADIO | retro radio | retroraadio
SPEAKER | speaker | kõlar
AERIAL | aerial | antenn
BOARD | board | plaat
PEDAL | pedal | pedaal
PEDAL BOX | pedal box | pedaalikoost
GRAB HANDLE | grab handle | käetoetus
# --- fasteners and small parts
SCREW,SCREWS | screw | kruvi
SET SCREW,SETSCREW | set screw | kinnituskruvi
SCREW C/SK,C/SK,CSK | countersunk | peitpea-
BOLT,BOLTS | bolt | polt
NUT,NUTS | nut | mutter
NYLOC | nyloc | nailonrõngaga
LOCKNUT,L/NUT,L/NUTS,LOCK NUT | lock nut | lukustusmutter
WASHER,WASHERS | washer | seib
LOCKWASHER,SPRING WASHER,L/W,LOCK WASHER | lock washer | vedruseib
COPPER WASHER | copper washer | vaskseib
FIBRE WASHER,WASHER FIBRE | fibre washer | fiiberseib
STAR WASHER,WASHER STAR | star washer | hammasseib
CUP WASHER | cup washer | tassseib
STUD | stud | tikkpolt
CLIP,CLIPS,PCLIP,WIRECLIP | clip | klamber
C/CLIP,CIRCLIP | circlip | lukustusrõngas
PIN,PINS | pin | tihvt
SPLITPIN,SPLIT PIN | split pin | splint
CLEVIS PIN,CLEVIS | clevis pin | kahvlitihvt
COTTER | cotter | kiil
RIVET | rivet | neet
DOWEL | dowel | tsentreertihvt
WOODRUFF,WOODRUFF KEY | woodruff key | segmentkiil
LOCKTAB,LOCK TAB,L/TAB | lock tab | lukustusplaat
SPIRE | spire clip | vedruklamber
FASTENER | fastener | kinniti
DZUS | Dzus fastener | Dzus-kinniti
U BOLT,U-BOLT | U-bolt | U-polt
BANJO,BANJ,BANJO BOLT | banjo bolt | banjopolt
UNION,UNIONS | union | liitmik
OLIVE | olive | surverõngas
FITTING,FITTINGS | fitting | liitmik
SPACER | spacer | vahepuks
DISTANCE | distance | vahe-
SHIM | shim | reguleerseib
BUSH,BUSHING | bush | puks
BRACKET,BRKT,BKT,BRCKT,BRACKETS,BRKTS | bracket | kronstein
MOUNT,MOUNTING,MNTG,MTG,MNT,MTNG | mounting | kinnitus
MOUNTING RUBBER | mounting rubber | kummipadi
CLAMP | clamp | klamber
U CLAMP | U-clamp | U-klamber
STRAP,STRAPS | strap | rihm
PLATE,PLT,PLATES | plate | plaat
BLANKING PLATE,BLANKING,BLANK | blanking plate | pimeplaat
COVER,CVR,COVERS,CVRS | cover | kate
CAP | cap | kork
PIPE | pipe | toru
TUBE | tube | toru
PLUG | plug | kork
DRAIN PLUG | drain plug | tühjenduskork
GROMMET | grommet | läbiviigukumm
RUBBER | rubber | kumm
BUFFER | buffer | puhver
SEAL,SEALS | seal | tihend
SEALING | sealing | tihendus-
SEALING RING,SEAL RING | sealing ring | tihendrõngas
GASKET,GSKT,GASKETS | gasket | tihend
O RING,O-RING | O-ring | O-rõngas
RING | ring | rõngas
GAITER | gaiter | tolmukaitse
DUST | dust | tolmu-
DUST COVER | dust cover | tolmukaitse
RETAINER,RETAINING,RETAIN | retainer | hoidik
HOLDER | holder | hoidik
SUPPORT,SUPP,SUP | support | tugi
STAY | stay | tugi
GUIDE | guide | juhik
ROLLER | roller | rull
ROLL | roll | rull
PLUNGER | plunger | plunžer
DIAPHRAGM | diaphragm | membraan
SLEEVE | sleeve | hülss
CUP | cup | kauss
CONE | cone | koonus
BALL | ball | kuul
RACE | race | laagrirõngas
BEARING,BRG,BRGS,BALLBEARING | bearing | laager
NEEDLE BEARING,NEEDLE ROLLER | needle bearing | nõellaager
COLLAR,COLL | collar | rõngas
FLANGE,FLANGED | flange | äärik
ELBOW | elbow | põlv
T PIECE,T-PIECE | T-piece | T-liitmik
Y PIECE,Y-PIECE | Y-piece | Y-liitmik
HOUSING,HSG | housing | korpus
CASING,CASE | casing | korpus
FRAME | frame | raam
BASE | base | alus
PLINTH | plinth | alus
PLATFORM | platform | platvorm
TRAY | tray | alus
PAN | pan | vann
BOWL | bowl | kauss
CHAMBER | chamber | kamber
SECTION | section | sektsioon
EXTENSION,EXTN,EXT | extension | pikendus
END | end | ots
TIE BAR | tie bar | tõmbevarras
TIE | tie | tõmbe-
ROD | rod | varras
BAR,BARS | bar | varras
YOKE | yoke | kahvel
FORK,C/FORK | fork | kahvel
SPROCKET | sprocket | ketiratas
CHAIN | chain | kett
BLADE | blade | laba
STRIP | strip | riba
TAPE | tape | teip
LABEL | label | silt
LETTER | letter | täht
MEDALLION | medallion | medaljon
STRIPE | stripe | triip
VALVE CAP | valve cap | ventiilikork
HOOK | hook | konks
EYE,EYELET | eyelet | aas
PEG | peg | tihvt
BUTTON | button | nupp
TAB | tab | keel
STOP | stop | piiraja
STEM | stem | vars
TIP,TIPPED | tipped | otsaga
PIVOT | pivot | pöördtelg
LINKAGE | linkage | hoovastik
CARRIER | carrier | kandur
HANGER,HNGR | hanger | riputi
BRIDGE | bridge | sild
LIP | lip | huul
NECK | neck | kael
WEDGE | wedge | kiil
COUPLING | coupling | sidur
JOINT | joint | liigend
RETURN | return | tagasitõmbe-
RETURN SPRING | return spring | tagasitõmbevedru
RELIEF | relief | kaitse-
PRESSURE | pressure | surve
PRESS | press | press
FEED | feed | toite-
FLOW | flow | voolu-
SNAP | snap | kiir-
QUICK | quick | kiir-
REMOTE | remote | kaug-
LOCKING | locking | lukustuv
SAFETY | safety | turva-
SECURITY | security | turva-
POWER | power | võimsus-
SPEED | speed | kiirus
STARTING | starting | käivitus-
IDLE | idle | tühikäigu-
MECH,MECHANICAL | mechanical | mehaaniline
MAGNETIC,MAG | magnetic | magnetiline
AUTO,AUTOMATIC | automatic | automaatne
MANUAL | manual | manuaal-
# --- tools and workshop
TOOL,TOOLS | tool | tööriist
TOOL ROLL | tool roll | tööriistakott
TOOL KIT | tool kit | tööriistakomplekt
SPANNER,SPAN | spanner | mutrivõti
SPANNER SET,SPAN SET | spanner set | mutrivõtmete komplekt
WRENCH | wrench | mutrivõti
TORQUE WRENCH | torque wrench | momendivõti
PULLER | puller | tõmmits
PLIERS | pliers | tangid
HAMMER | hammer | haamer
MALLET | mallet | puuhaamer
JACK,U/JACK | jack | tungraud
SOCKET SET | socket set | padrunite komplekt
DIE | die | keermelõikur
TAP | tap | kraan
GUN | gun | püstol
GREASE GUN | grease gun | määrdepüstol
BRUSH | brush | hari
CARBON BRUSH | carbon brush | süsihari
BRUSH SET | brush set | harjade komplekt
FLAP DISC | flap disc | lihvketas
SAND/DISCS,SANDING DISCS | sanding discs | lihvkettad
CRIMP,CRIMPING | crimping | pressimis-
DRILL | drill | puur
CUTTER | cutter | lõikur
TESTER,TEST | tester | tester
WORKSHOP,W/SHOP | workshop | töökoja-
WORKSHOP MANUAL,W/SHOP MANUAL,WSM | workshop manual | remondijuhend
RATCHET | ratchet | põrkmehhanism
STAND,STANDS | stand | alus
# --- chemicals, oils, care
GREASE | grease | määre
GREASE NIPPLE,NIPPLE | grease nipple | määrdenippel
SPRAY | spray | aerosool
AEROSOL | aerosol | aerosool
PAINT | paint | värv
PRIMER | primer | krunt
POLISH | polish | poleerimisvahend
SHAMPOO,SHAM,SHAMP | shampoo | šampoon
WAX | wax | vaha
RUST | rust | rooste
CLEANER,CLEAN | cleaner | puhastusvahend
FLUID | fluid | vedelik
SEALANT | sealant | hermeetik
ADHESIVE,GLUE | adhesive | liim
HAMMERITE | Hammerite paint | Hammerite värv
WAXOYL | Waxoyl rustproofing | Waxoyl roostetõrje
DYNAMAT | Dynamat sound deadening | Dynamat mürasummutus
SOLDER | solder | jootetina
HYLOMAR | Hylomar sealant | Hylomar hermeetik
A/GLYM,AUTOGLYM | Autoglym | Autoglym
LUBE,LUBRICANT | lubricant | määrdeaine
ANTIFREEZE | antifreeze | antifriis
ENCAPSULATOR | encapsulator | stabilisaator
PATCH | patch | plaaster
# --- accessories
BOOK,H/BOOK,HANDBOOK | handbook | käsiraamat
OWNERS | owner's | omaniku
T SHIRT,T-SHIRT | T-shirt | T-särk
SHIRT,R/SHIRT | shirt | särk
MUG | mug | kruus
KEYFOB,KEY FOB,K/FOB,FOB | key fob | võtmehoidja
CAR COVER,CARCOVER | car cover | autokate
GLOVES | gloves | kindad
HELMET | helmet | kiiver
DVD | DVD | DVD
DECAL | decal | kleebis
DECAL KIT | decal kit | kleebiste komplekt
STICKER | sticker | kleebis
LOGO | logo | logo
SIGN,P/SIGN | sign | silt
PLAQUE | plaque | plaat
WALLET | wallet | rahakott
BAG | bag | kott
CUP HOLDER | cup holder | topsihoidja
B/RACK,LUGGAGE RACK,BOOT RACK | luggage rack | pakiraam
ROLLBAR,ROLL BAR | roll bar | turvakaar
POWERCARD | PowerCard | PowerCard
PEN | pen | pliiats
MODEL | model | mudel
STYLE | style | stiil
CLASSIC,CLSC | classic | klassikaline
SPORTS,SPORT | sports | spordi-
RACING,RACE KIT | racing | võidusõidu-
RALLY | rally | ralli-
FAST ROAD,F/ROAD | fast road | kiire maantee
COMP,COMPETITION | competition | võistlus-
STG2,STAGE 2 | stage 2 | 2. aste
STG3,STAGE 3 | stage 3 | 3. aste
# --- marques and body styles (English and Estonian spelled the same)
JAG | Jaguar | Jaguar
AH,A/H,A/HEALEY | Austin-Healey | Austin-Healey
HEALEY | Healey | Healey
AUSTIN | Austin | Austin
MORRIS | Morris | Morris
TRIUMPH,TRI | Triumph | Triumph
S&M | Sprite & Midget | Sprite & Midget
SPIT,SPI | Spitfire | Spitfire
MINOR,MINO | Morris Minor | Morris Minor
MIDG,MIDGE | Midget | Midget
RDSR,RDST,RDSTR,ROADSTER,ROADSTR | roadster | roadster
CPE,COUPE | coupé | kupee
GT | GT | GT
TOURER | tourer | tourer
VAN | van | furgoon
VAN/P-UP | van/pick-up | furgoon/pikap
PICKUP | pick-up | pikap
SALOON,SAL | saloon | sedaan
USA,US | USA | USA
UK | UK | UK
MPH | mph | mph
KPH | km/h | km/h

# --- more frequent words of the stock list
MAP | map | kaardi-
MAP LIGHT,MAP LAMP | map light | kaardilugemislamp
B/M CYLINDER,B/M CYL,B/M/CYLINDER | brake master cylinder | piduri peasilinder
IN LINE,IN-LINE,INLINE | in-line | toru-
SLOT/DRIL,SLOTTED/DRILLED,SLOT/DRILL | slotted and drilled | soonte ja avadega
EXCHANG,EXCHANGE UNIT | exchange | vahetusosa
WINGED | winged | tiibadega
BRAKE FLUID | brake fluid | pidurivedelik
OILSEAL,OIL SEAL | oil seal | õlitihend
REAR MAIN SEAL,REAR MAIN OILSEAL,REAR MAIN OIL SEAL,SEAL REAR MAIN | rear main seal | väntvõlli tagumine tihend
AIR PUMP | air pump | õhupump
SPARE TYRE | spare tyre | varurehv
3RD MOTION SHAFT,SHAFT 3RD MOTION,3RD MOTION | third motion shaft | peavõll
1ST MOTION SHAFT,SHAFT 1ST MOTION,1ST MOTION | first motion shaft | sisendvõll
STG COLUMN,STEERING COL,STG COL | steering column | roolisammas
DUPLEX CHAIN | duplex chain | kaherealine kett
SUPT | support | tugi
5 SP | 5-speed | 5-käiguline
O/SIZE,OVERSIZE | oversize | ülemõõt
MIRROR,MIRRORS | mirror | peegel
MIRROR-WING,WING MIRROR | wing mirror | küljepeegel
RR VIEW,REAR VIEW | rear-view | tahavaate-
SPITFIRE | Spitfire | Spitfire
K&N | K&N | K&N
BOSS | boss | nabaosa
U/R | uprated | tugevdatud
DIA,DIAMETER | diameter | läbimõõt
ID | ID | siseläbimõõt
CL | clutch | sidur
HEX | hex | kuuskant
CAR | car | auto
PER CAR,PER | per car | auto kohta
PACK,PK | pack | pakk
PACKING,PACKING PIECE | packing piece | vahetükk
DRAIN | drain | tühjendus
BACK | back | tagumine
SURROUND | surround | raam
ADJUSTER | adjuster | regulaator
DRY | dry | kuiv
WET | wet | märg
ESCUTCHEON | escutcheon | ilurõngas
FACE | face | esipaneel
BUMP RUBBER,BUMP | bump rubber | põrkepuhver
ROAD | road | maantee
UNDER | under | alumine
DUCK,D/DUCK | duck cloth | purjeriie
STEADY | steady | tugi
LIFT | lift | tõste-
HOLE | hole | ava
ONE WAY,ONE-WAY | one-way | ühesuunaline
PEDESTAL | pedestal | alus
PULL | pull | tõmbe-
BOTTLE | bottle | pudel
OVERFLOW | overflow | ülevoolu-
OVERFLOW BOTTLE,BOTTLE OVERFLOW | overflow bottle | paisupaak
FIXING,FIX | fixing | kinnitus
LOCATING | locating | tsentreeriv
SLIDE | slide | liug-
CLOSE | close | sulgemis-
OFFSET | offset | nihutatud
CAN | can | purk
COLUMN,COL | column | sammas
PUSH | push | surunupp
METRE | metre | meeter
BORE | bore | ava
SPADE | spade terminal | lamekonnektor
DOME | dome | kuppel
DOME NUT | dome nut | kübarmutter
CHECK | check | kontroll-
CHECK LINK | check link | ukse piiraja
SHUT | shut | sulgemis-
MESH | mesh | võrk
WORK | work | töö-
STATIC | static | staatiline
CROSS | cross | rist-
VERTICAL,VERT | vertical | vertikaalne
SELF TAPPER,SELF TAP,S/T | self-tapping screw | isekeermestav kruvi
SELF | self | ise-
GENERAL | general | üld-
SLIM | slim | õhuke
ANCHOR | anchor | ankur-
BUCKET | bucket | tass
SEATING | seating | toe-
RUNNING BOARD | running board | astmelaud
CONT | control | juhtimis-
BALANCED | balanced | tasakaalustatud
HANDLING KIT | handling kit | juhitavuse komplekt
BARE | bare | katmata
BUFF | buff | poleer-
RAM PIPE | ram pipe | imitoru
CAB | cabin | kabiini-
STORM | storm | tormi-
OUTPUT | output | väljund-
TACH | tachometer | tahhomeeter
TURN SIGNAL | turn signal | suunatuli
TURN | turn | pöörde-
HEEL BOARD | heelboard | istmealune vahesein
LINING | lining | vooder
OUTLET | outlet | väljavool
BACKING | backing | alus
NOTE | note | toon
CRUSH WASHER | crush washer | tihendseib
FOOT | foot | jalg
SLAT | slat | liist
A/C | A/C | kliimaseade
POZI | Pozidriv | Pozidriv
RUNNER | runner | siin
SEAT RUNNER | seat runner | istmesiin
CUBBY,CUBBY BOX | cubby box | hoiulaegas
DRAUGHT EXCLUDER | draught excluder | tuuletõkketihend
SMOOTH | smooth | sile
RIBBED | ribbed | ribiline
FOIL | foil | foolium
BAULK RING | baulk ring | sünkronisaatori rõngas
HAND | hand | käsi-
FRESH AIR | fresh air | värske õhu
FENDER | fender | porilaud
LINE | line | toru
SHELL | shell | korpus
BAND | band | lint
BRAKEPAD,BRAKEPADS | brake pad | piduriklots
STR | steering | rool
MIN | Mini | Mini
MK | Mk | Mk
FIRST | first | esimene
STRENGTHENER | strengthener | tugevdus
EDGING,EDGING STRIP | edging strip | ääreliist
HANGER RUBBER | hanger rubber | summuti kummiriputi
PARTS CAT,PARTS CATALOGUE | parts catalogue | varuosade kataloog
1/2SHAFT,1/2 SHAFT | half shaft | poolsild
KNEE PAD | knee pad | põlvetugi
DE ICER,DE-ICER | de-icer | jääsulataja
BIT SET | bit set | otsikute komplekt
ROLL OVER BAR | roll-over bar | turvakaar
BASEPLATE | baseplate | alusplaat
SQUEEGEE | squeegee | kaabits
WIRE BRUSH | wire brush | traathari
INSULATOR | insulator | isolaator
REMOVER | remover | eemaldaja
CLEANING | cleaning | puhastus-
CLEANING KIT | cleaning kit | puhastuskomplekt
PROTECTOR | protector | kaitse
SPRAY GUN | spray gun | värvipüstol
RESTORER | restorer | taastaja
GAITER KIT | gaiter kit | tolmukaitsete komplekt
EXCLUDER | excluder | tõkis
`;

/** One parsed dictionary entry. */
interface DictEntry { en: string; et: string }

function parseDictionary(src: string): Map<string, DictEntry> {
  const dict = new Map<string, DictEntry>();
  for (const rawLine of src.split('\n')) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const parts = line.split('|').map((s) => s.trim());
    if (parts.length !== 3) throw new Error(`bad dictionary line: ${line}`);
    const [keys, en, et] = parts;
    for (const key of keys.split(',')) {
      const k = key.trim().toUpperCase();
      if (k && !dict.has(k)) dict.set(k, { en, et });
    }
  }
  return dict;
}

const DICT = parseDictionary(DICTIONARY_SOURCE);
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

/** The cleaned uppercase tokens of a label (commas are separators; trailing '.' removed; 'DIST.40698' split). */
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
    out.push(t);
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
    if (leftKnown && (DICT.has(right) || /[&\-/]/.test(right))) {
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
]);

/** What a compound prefix ('remondi-') reads as when no noun follows it. */
const ET_PREFIX_ALONE: Record<string, string> = {
  'remondi-': 'remont', 'väljalaske-': 'väljalase', 'sisselaske-': 'sisselase', 'vee-': 'vesi', 'pea-': 'pea',
  'elektri-': 'elektriline', 'tolmu-': 'tolm', 'spordi-': 'sport', 'jaotus-': 'jaotus', 'tugi-': 'tugi', 'varu-': 'varu',
  'gaasi-': 'gaas', 'töö-': 'töö', 'eri-': 'eriversioon', 'võidusõidu-': 'võidusõit', 'ralli-': 'ralli',
  'võistlus-': 'võistlus', 'mitte-': 'mitte', 'pool-': 'pool', 'ülevoolu-': 'ülevool', 'tõste-': 'tõste', 'hoiu-': 'hoiuruum', 'udu-': 'udutuli', 'kabiini-': 'kabiin', 'kaardi-': 'kaart', 'toru-': 'toru',
};

/**
 * The Estonian name: translated chunks joined as a catalogue noun phrase, `Head, modifier, modifier`.
 * - Adjectives written before a noun stay before it without a comma ('FR LOWER VALANCE' -> 'Eesmine alumine põll');
 * - a compound prefix glues to the noun after it ('EXH OLIVE' -> 'väljalaske' + 'surverõngas');
 * - consecutive codes/models/unknown words form one segment; `ja` / `koos` join their neighbours.
 */
function estonianName(chunks: Chunk[]): string {
  const items = chunks.filter((c) => !(c.kind === 'dict' && c.et === '-'));
  const segments: string[] = [];
  let joinNext = false;
  let pending = ''; // adjectives and prefixes waiting for their noun
  let lastKind: Chunk['kind'] | null = null;
  const isNoun = (c: Chunk | undefined) => !!c && c.kind === 'dict' && !ET_ADJECTIVES.has(c.et) && !c.et.endsWith('-');
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
      description_et: `Klassikalise Briti auto varuosa. Algne laonimetus: ${l.label}`,
      description_en: `Classic British car part. Original stock-list label: ${l.label}`,
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
      description_et: `Vahetusosa pant: lisandub osale ${baseRef} ja tagastatakse, kui vana osa tuuakse tagasi. Algne laonimetus: ${l.label}`,
      description_en: `Exchange surcharge: charged with part ${baseRef}, refunded when the old unit is returned. Original stock-list label: ${l.label}`,
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
