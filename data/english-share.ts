/**
 * Measures how much English is left in the Estonian product names of a catalog CSV (the rule: a name is wholly Estonian, or keeps the English term the trade uses).
 *
 * Run: `npx tsx data/english-share.ts [catalog.csv]` (default `data/demo-catalog.csv`); prints the share of
 * products whose `name_et` holds an English word, and the most frequent English words.
 *
 * What counts as an English word in `name_et` (`englishWordsInEt`): a token (split at spaces, commas, `/`, `&`,
 * brackets, quotes, `:`) that
 * - is made of letters only (no digits: `TR4A-6`, `M6`, `25D4` are codes),
 * - holds a lowercase letter, or is all capitals and at least 4 letters long (`REPAIR`, `THROTTLE`; shorter capitals
 *   such as `BL`, `HIF`, `SP` are stock-list codes and stay as printed),
 * - occurs as a word of the same row's `name_en` (it was carried over untranslated), and
 * - is not a proper name a parts shopper reads in any language (`PROPER_NAMES`: marques, models, makers and brands,
 *   `Mk`), nor a unit (`mm`, `in`, `x`), nor an Estonian word spelled the same (`ESTONIAN_AS_WRITTEN`: filter,
 *   starter, pump, spoiler, roadster, standard …).
 * Services (exchange surcharges) are counted as the products they name; only `class=product` rows are measured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

/** Marques, models, makers and brands: the same in Estonian and English (lowercase). */
export const PROPER_NAMES: ReadonlySet<string> = new Set([
  'mg', 'mga', 'mgb', 'mgc', 'mgf', 'triumph', 'jaguar', 'austin', 'healey', 'austin-healey', 'mini', 'morris', 'minor',
  'mazda', 'miata', 'sprite', 'midget', 'spitfire', 'herald', 'vitesse', 'stag', 'dolomite', 'toledo', 'magnette',
  'cooper', 'clubman', 'rover', 'land', 'range', 'leyland', 'british', 'lucas', 'girling', 'lockheed', 'smiths', 'su',
  'weber', 'laycock', 'moss', 'spax', 'koni', 'armstrong', 'bosch', 'dunlop', 'michelin', 'pirelli', 'avon', 'vredestein',
  'ngk', 'champion', 'castrol', 'millers', 'penrite', 'waxoyl', 'dinitrol', 'hammerite', 'holts', 'redex', 'stromberg',
  'zenith', 'solex', 'mintex', 'ferodo', 'borg', 'beck', 'payen', 'kenlowe', 'revotec', 'pacet', 'bilstein', 'gaz',
  'minilite', 'wolfrace', 'ronal', 'mota-lita', 'motalita', 'moto', 'lita', 'sprite', 'frogeye', 'bugeye', 'mk', 'tr',
  'gt', 'gtv', 'v8', 'e-type', 'k&n', 'kn', 'jaeger', 'kelsey', 'hayes', 'quaife', 'mallory', 'pertronix', 'aldon',
  'luminition', 'lumenition', 'crane', 'kent', 'piper', 'newman', 'raceline', 'cosworth', 'hella', 'cibie', 'wipac',
  'britax', 'restall', 'securon', 'kangol', 'autoglym', 'mothers', 'meguiars', 'turtle', 'wd', 'wd40', 'loctite',
  'hylomar', 'wetter', 'redline', 'silkolene', 'comma', 'duckhams', 'valvoline', 'mobil', 'shell', 'esso', 'gunk',
  'vw', 'ford', 'vauxhall', 'bmc', 'nuffield', 'wolseley', 'riley', 'vanden', 'plas', 'daimler', 'lotus', 'caterham',
  'sunbeam', 'hillman', 'tvr', 'marina', 'ital', 'maestro', 'montego', 'metro', 'allegro', 'princess', 'sd1', 'mx-5',
  // model codes and model names of the classic British cars (MG TA-TF, MGB GT, Mk II, the XPAG engine, Dolomite
  // Sprint, TR Surrey top, Sprite Sebring, Mini Van and Classic Mini, Rostyle wheels, Weber DCOE carburettors)
  'mgta', 'mgtb', 'mgtc', 'mgtd', 'mgtf', 'mgtd-tf', 'mgbgt', 'mkii', 'mki', 'xpag', 'xpeg', 'sprint', 'surrey',
  'sebring', 'minivan', 'cmini', 'rostyle', 'dcoe', 'dcoe45', 'idf', 'tourer', 'beetle', 'volvo', 'aston', 'martin',
  // makers and brands of parts, tools and care products
  'cobra', 'momo', 'dynamat', 'aeroquip', 'evans', 'lumenition', 'nylatron', 'tenax', 'transoil', 'alfin',
  'brooklands', 'delco', 'dynalite', 'furflex', 'peco', 'smartscreen', 'pozidriv', 'revo', 'tokico', 'webcon', 'scat',
  'dowty', 'ctek', 'samco', 'leatherman', 'kunifer', 'lucar', 'motometer', 'sportspac', 'eastwood', 'ew', 'koni',
  'whitworth', 'powercard', 'thackery', 'vernier', 'minator', 'surviskit', 'tompkins', 'aquaplane', 'kenlowe',
])

/** Proper names of two words, taken out before the words are counted ('Twin Cam', the MGA Twin Cam model). */
const PROPER_PHRASES = [/\btwin cam\b/gi, /\bt-series\b/gi];

/**
 * Words that are Estonian as written, with the same meaning (ÕS / EKI dictionary entries): a parts shopper reads them
 * as Estonian ('Eesmine spoiler', 'Õhufilter, Filter', 'Starter', 'Solenoid').
 */
export const ESTONIAN_AS_WRITTEN: ReadonlySet<string> = new Set([
  'roadster', 'standard', 'filter', 'starter', 'pump', 'logo', 'spoiler', 'solenoid', 'tunnel', 'element', 'lamp',
  'press', 'tester', 'mask', 'grill', 'kevlar', 'turbo', 'adapter', 'sport', 'test', 'aerosool', 'element',
  'kardaan', 'termostaat', 'generaator', 'stabilisaator', 'silinder', 'detail', 'deflektor', 'roll', 'kabriolett',
]);

/** Units and symbols that read the same in both languages. */
const UNITS = new Set(['mm', 'in', 'x', 'cm', 'ml', 'l', 'm', 'cc', 'kg', 'mph', 'km/h', 'g']);

/** The tokens of a name as this measure splits them. */
function tokens(name: string): string[] {
  return name.split(/[\s,/&()[\]"“”„:;+]+/).map((t) => t.replace(/^[-.']+|[-.']+$/g, '')).filter(Boolean);
}

/**
 * The English words carried into one Estonian name (see the module docstring for the rule).
 * @param nameEt the row's `name_et`; @param nameEn the row's `name_en`.
 */
export function englishWordsInEt(nameEt: string, nameEn: string): string[] {
  const enWords = new Set(tokens(nameEn).map((t) => t.toLowerCase()));
  const out: string[] = [];
  let et = nameEt;
  for (const re of PROPER_PHRASES) et = et.replace(re, ' ');
  for (const t of tokens(et)) {
    if (!/^[A-Za-z][A-Za-z'-]*$/.test(t)) continue;
    const lower = t.toLowerCase();
    if (!/[a-z]/.test(t) && t.replace(/[^A-Z]/g, '').length < 4) continue;
    if (!enWords.has(lower)) continue;
    if (PROPER_NAMES.has(lower) || UNITS.has(lower) || ESTONIAN_AS_WRITTEN.has(lower)) continue;
    // a hyphenated proper name/code part ('Austin-Healey') counts by its parts
    if (lower.includes('-') && lower.split('-').every((p) => PROPER_NAMES.has(p) || p.length <= 2)) continue;
    out.push(t);
  }
  return out;
}

/** The result of `englishShare`. */
export interface EnglishShare {
  /** Rows measured (`class=product`). */
  products: number;
  /** Of those, rows whose `name_et` holds at least one English word. */
  withEnglish: number;
  /** withEnglish / products, a fraction in [0, 1]. */
  share: number;
  /** English words by how many names hold them, most frequent first. */
  topWords: Array<[string, number]>;
  /** A few example rows: [name_et, name_en]. */
  examples: Array<[string, string]>;
}

/** Measures the English left in the `name_et` column of the catalog CSV at `csvPath`. */
export function englishShare(csvPath: string): EnglishShare {
  const rows = parse(fs.readFileSync(csvPath, 'utf8'), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  let products = 0;
  let withEnglish = 0;
  const counts = new Map<string, number>();
  const examples: Array<[string, string]> = [];
  for (const r of rows) {
    if ((r.class || 'product') !== 'product') continue;
    products += 1;
    const words = englishWordsInEt(r.name_et ?? '', r.name_en ?? '');
    if (words.length === 0) continue;
    withEnglish += 1;
    if (examples.length < 40 && withEnglish % 37 === 1) examples.push([r.name_et, r.name_en]);
    for (const w of new Set(words.map((x) => x.toLowerCase()))) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const topWords = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { products, withEnglish, share: products ? withEnglish / products : 0, topWords, examples };
}

const THIS_FILE = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  const file = path.resolve(process.argv[2] ?? path.join(path.dirname(THIS_FILE), 'demo-catalog.csv'));
  const r = englishShare(file);
  console.log(`${r.withEnglish} of ${r.products} Estonian names hold an English word: ${(r.share * 100).toFixed(2)} %`);
  const top = Number(process.env.TOP ?? 40);
  console.log('most frequent:', r.topWords.slice(0, top).map(([w, n]) => `${w} ${n}`).join(', '));
  if (process.env.EXAMPLES) for (const [et, en] of r.examples) console.log(`  ${et}  <=  ${en}`);
}
