/**
 * Maps the MANN-FILTER article export (`../shared/data/catalog/mann-filter-articles-5460.csv`) to rows of the
 * catalog import format (docs/catalog-format.md).
 *
 * LICENCE: the TD_* columns of that file are TecDoc data (proprietary, no licence stated). The file and
 * anything derived from it must NEVER be copied into this repository or shipped: it is read from
 * `../shared` at run time, for tests and benchmarks only. Write the output outside the repo (or to a
 * git-ignored path such as `.tmp/`).
 *
 * CLI: `npx tsx data/mann-filter-mapping.ts OUT.csv [IN.csv]` (IN defaults to the shared file).
 *
 * Real: article number, EAN, German names (translated by the small dictionaries below), the 2-level
 * category tree, technical criteria, OE numbers, image URL, manufacturer status.
 * GENERATED (same deterministic rule as the demo catalog): price, stock, availability, delivery days.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { SHARED_DATA_DIR, generatedCommerce, toCsv, type CatalogRow } from './build-demo-catalog.js';

/** Default location of the MANN-FILTER export (outside the repository). */
export const MANN_FILTER_CSV = path.join(SHARED_DATA_DIR, 'catalog', 'mann-filter-articles-5460.csv');

/** German -> [English, Estonian] for TecDoc assembly groups (category level 1). */
export const ASSEMBLY_GROUPS: Record<string, [string, string]> = {
  Luftversorgung: ['Air supply', 'Õhuvarustus'],
  'Heizung/Lüftung': ['Heating and ventilation', 'Küte ja ventilatsioon'],
  Kraftstoffförderanlage: ['Fuel supply system', 'Kütusesüsteem'],
  Schmierung: ['Lubrication', 'Määrimissüsteem'],
  'Hydraulische Anlage': ['Hydraulic system', 'Hüdrosüsteem'],
  Werkstattausrüstung: ['Workshop equipment', 'Töökojavarustus'],
  Automatikgetriebe: ['Automatic transmission', 'Automaatkäigukast'],
  Kurbeltrieb: ['Crank drive', 'Vändmehhanism'],
  Druckluftanlage: ['Compressed-air system', 'Suruõhusüsteem'],
  Lenkung: ['Steering', 'Roolisüsteem'],
  Abgasanlage: ['Exhaust system', 'Väljalaskesüsteem'],
  'Werkzeug, Universal': ['Tools, universal', 'Tööriistad, universaalsed'],
  Kühlung: ['Cooling', 'Jahutus'],
  'Service/Wartung': ['Service and maintenance', 'Hooldus'],
  Elektroantrieb: ['Electric drive', 'Elektriajam'],
};

/**
 * German -> [English, Estonian] for generic article names (TD_GenericArticleDescription) and the shop's
 * own German article names (`name` column). Keys are compared case-insensitively after normalising
 * spelling variants (Oel -> Öl, ae -> ä ...).
 */
export const ARTICLE_NAMES: Record<string, [string, string]> = {
  luftfilter: ['Air filter', 'Õhufilter'],
  luftfilterelement: ['Air filter element', 'Õhufiltri element'],
  'filter, innenraumluft': ['Cabin air filter', 'Salongifilter'],
  innenraumfilter: ['Cabin filter', 'Salongifilter'],
  innenraumluftfilter: ['Cabin air filter', 'Salongifilter'],
  'innenraumfilter (ak)': ['Cabin filter, activated carbon', 'Salongifilter, aktiivsöega'],
  'innenraumfilter(ak)': ['Cabin filter, activated carbon', 'Salongifilter, aktiivsöega'],
  'innenraumfilter (ak+)': ['Cabin filter, activated carbon plus', 'Salongifilter, aktiivsöega (pluss)'],
  'innenraumfilter (fp)': ['Cabin filter FreciousPlus', 'Salongifilter FreciousPlus'],
  kraftstofffilter: ['Fuel filter', 'Kütusefilter'],
  kraftstoffwechselfilter: ['Fuel filter, spin-on', 'Kütusefilter, keeratav'],
  ölfilter: ['Oil filter', 'Õlifilter'],
  ölfilterelement: ['Oil filter element', 'Õlifiltri element'],
  'ölfilterelement metallfrei': ['Oil filter element, metal-free', 'Õlifiltri element, metallivaba'],
  'hochdruck ölfilterelement': ['High-pressure oil filter element', 'Kõrgsurve õlifiltri element'],
  'ölfilter industrie': ['Oil filter, industrial', 'Õlifilter, tööstuslik'],
  schmierölwechselfilter: ['Lubricating oil filter, spin-on', 'Määrdeõlifilter, keeratav'],
  getriebeölfilter: ['Transmission oil filter', 'Käigukasti õlifilter'],
  'getriebeölfilter e-achse': ['Transmission oil filter (e-axle)', 'Käigukasti õlifilter (e-sild)'],
  'ölfilter, getriebe (e-achse)': ['Transmission oil filter (e-axle)', 'Käigukasti õlifilter (e-sild)'],
  'ölfilter, turbolader': ['Turbocharger oil filter', 'Turbo õlifilter'],
  'filter, arbeitshydraulik': ['Working hydraulics filter', 'Tööhüdraulika filter'],
  hydraulikfilter: ['Hydraulic filter', 'Hüdrofilter'],
  hydrofilter: ['Hydraulic filter', 'Hüdrofilter'],
  'hydraulik getriebefilter': ['Transmission hydraulic filter', 'Käigukasti hüdrofilter'],
  'hydraulikfilter, automatikgetriebe': ['Hydraulic filter, automatic transmission', 'Automaatkäigukasti hüdrofilter'],
  'hydraulikfilter, lenkung': ['Hydraulic filter, steering', 'Roolivõimendi hüdrofilter'],
  'filter, drucklufttechnik': ['Compressed-air filter', 'Suruõhufilter'],
  sekundärluftfilter: ['Secondary air filter', 'Sekundaarne õhufilter'],
  'filter, kurbelgehäuseentlüftung': ['Crankcase ventilation filter', 'Karteri tuulutuse filter'],
  'filter kurbelgeh.-entl.': ['Crankcase ventilation filter', 'Karteri tuulutuse filter'],
  'dichtung, ölfilter': ['Oil filter gasket', 'Õlifiltri tihend'],
  dichtung: ['Gasket', 'Tihend'],
  'lufttrocknerpatrone, druckluftanlage': ['Air dryer cartridge, compressed-air system', 'Õhukuivati padrun, suruõhusüsteem'],
  lufttrockner: ['Air dryer', 'Õhukuivati'],
  trockenmittelbox: ['Desiccant box', 'Kuivatusaine kassett'],
  harnstofffilter: ['Urea filter (AdBlue)', 'Karbamiidifilter (AdBlue)'],
  'urea filter': ['Urea filter (AdBlue)', 'Karbamiidifilter (AdBlue)'],
  'ad-blue-element': ['AdBlue filter element', 'AdBlue filtri element'],
  ölfilterschlüssel: ['Oil filter wrench', 'Õlifiltri võti'],
  löseschlüssel: ['Filter release wrench', 'Filtri eemaldusvõti'],
  'löseschlüsselset im koffer': ['Filter wrench set in case', 'Filtrivõtmete komplekt kohvris'],
  kühlmittelfilter: ['Coolant filter', 'Jahutusvedeliku filter'],
  kühlflüssigkeitsfilter: ['Coolant filter', 'Jahutusvedeliku filter'],
  'filter f. kühlflüssigkeit': ['Coolant filter', 'Jahutusvedeliku filter'],
  'filter, entlüftung (kraftstofftank)': ['Fuel tank breather filter', 'Kütusepaagi tuulutusfilter'],
  'filter, entlüftung (hydrauliktank)': ['Hydraulic tank breather filter', 'Hüdropaagi tuulutusfilter'],
  'luftfilter, kompressor-ansaugluft': ['Compressor intake air filter', 'Kompressori sisseimuõhu filter'],
  kraftstoffvorwärmer: ['Fuel preheater', 'Kütuse eelsoojendi'],
  'filter-satz': ['Filter set', 'Filtrikomplekt'],
  luftentölelement: ['Air/oil separator element', 'Õhu-õli eraldi element'],
  luftentölbox: ['Air/oil separator box', 'Õhu-õli eraldi kassett'],
  'luftentölbox industrie': ['Air/oil separator box, industrial', 'Õhu-õli eraldi kassett, tööstuslik'],
  'luftentölbox kompressoren': ['Air/oil separator box for compressors', 'Kompressori õhu-õli eraldi kassett'],
  luftentölfilter: ['Air/oil separator filter', 'Õhu-õli eraldi filter'],
  luftentöler: ['Air/oil separator', 'Õhu-õli eraldi'],
  'druckluft-entölfilter': ['Compressed-air oil separator filter', 'Suruõhu õlieraldusfilter'],
  druckluftentölfilter: ['Compressed-air oil separator filter', 'Suruõhu õlieraldusfilter'],
  druckluftentölung: ['Compressed-air oil separator', 'Suruõhu õlieraldi'],
  'druckluftentölung div.': ['Compressed-air oil separator', 'Suruõhu õlieraldi'],
  druckluftentöler: ['Compressed-air oil separator', 'Suruõhu õlieraldi'],
  'entölfilter kompressor': ['Compressor oil separator filter', 'Kompressori õlieraldusfilter'],
  entlüftungselement: ['Breather element', 'Tuulutuselement'],
  entlüftungsfilter: ['Breather filter', 'Tuulutusfilter'],
  entlüfter: ['Breather', 'Tuulutus'],
  entlüftung: ['Breather', 'Tuulutus'],
  'micro-top-patrone (edm)': ['Micro-top cartridge (EDM)', 'Micro-top padrun (EDM)'],
  'microtop filter': ['Micro-top filter', 'Micro-top filter'],
  'edm-filter': ['EDM filter', 'EDM filter'],
  'edm filter': ['EDM filter', 'EDM filter'],
  'einsatz f. zentrifuge': ['Centrifuge insert', 'Tsentrifuugi element'],
  'einsatz zentrifuge': ['Centrifuge insert', 'Tsentrifuugi element'],
  'service-pack': ['Service pack', 'Hoolduskomplekt'],
  'service pack': ['Service pack', 'Hoolduskomplekt'],
  dieselheizer: ['Diesel heater', 'Diisli eelsoojendi'],
  'diesel heizung': ['Diesel heater', 'Diisli eelsoojendi'],
  'sf-filterelement': ['SF filter element', 'SF filtri element'],
  filterelement: ['Filter element', 'Filtri element'],
  filter: ['Filter', 'Filter'],
  'topf vollständig': ['Filter housing, complete', 'Filtri korpus, komplektne'],
  'topf vst': ['Filter housing, complete', 'Filtri korpus, komplektne'],
  'm+h ventil': ['Valve', 'Klapp'],
  ventil: ['Valve', 'Klapp'],
};

/** German criterion names -> English (the part before an optional number and `[unit]`). */
export const CRITERIA_NAMES: Record<string, string> = {
  Filterausführung: 'Filter design',
  Höhe: 'Height',
  Außendurchmesser: 'Outer diameter',
  Innendurchmesser: 'Inner diameter',
  Länge: 'Length',
  Breite: 'Width',
  Durchmesser: 'Diameter',
  'Ergänzungsartikel/Ergänzende Info': 'Supplementary info',
  Gewindemaß: 'Thread size',
  'Gewindemaß Ausgang': 'Thread size, outlet',
  'Gewindemaß Eingang': 'Thread size, inlet',
  Dichtringaußendurchmesser: 'Seal ring outer diameter',
  Dichtringinnendurchmesser: 'Seal ring inner diameter',
  Einbauzeit: 'Fitting time',
  Einbauposition: 'Fitting position',
  'Öffnungsdruck Umgehungsventil': 'Bypass valve opening pressure',
  'Artikelnummer des empfohlenen Spezialwerkzeuges': 'Recommended special tool',
  'Basisversion (Art.-Nr.)': 'Base version (article no.)',
  'Artikelnummer des empfohlenen Zubehörs': 'Recommended accessory',
  Einlassdurchmesser: 'Inlet diameter',
  Auslassdurchmesser: 'Outlet diameter',
  'Hocheffizienz Version mit Aktivkohle (Art.-Nr.)': 'High-efficiency activated carbon version (article no.)',
  'für Artikelnummer': 'For article no.',
  'Version mit Aktivkohle (Art.-Nr.)': 'Activated carbon version (article no.)',
  'Basisversion mit Aktivkohle (Art.-Nr.)': 'Base version with activated carbon (article no.)',
  Mengeneinheit: 'Quantity unit',
  'Links-/Rechtslenker': 'Steering side',
  'benötigte Stückzahl': 'Quantity required',
  'Durchmesser Rücklaufleitungsanschluss': 'Return line connection diameter',
  'nicht geeignet für Kraftstoffart': 'Not suitable for fuel',
  'Anzahl der Kanten': 'Number of edges',
  Druck: 'Pressure',
  'Anzahl der Rillen': 'Number of grooves',
  Partikelgröße: 'Particle size',
  Wartungsintervall: 'Service interval',
  Version: 'Version',
  'Anzahl der Dichtungen': 'Number of seals',
};

/** German criterion values -> English (values not listed are kept as printed, units included). */
export const CRITERIA_VALUES: Record<string, string> = {
  Filtereinsatz: 'Filter insert',
  Anschraubfilter: 'Spin-on filter',
  Partikelfilter: 'Particle filter',
  Aktivkohlefilter: 'Activated carbon filter',
  'für hohe Drücke': 'For high pressures',
  Leitungsfilter: 'In-line filter',
  'Aktivkohlefilter mit Polyphenol': 'Activated carbon filter with polyphenol',
  'mit antibakterieller Wirkung': 'Antibacterial',
  'Feinstaubfilter (PM 2.5)': 'Fine dust filter (PM 2.5)',
  'mit fungizider Wirkung': 'Fungicidal',
  'flammhemmendes Filtermedium': 'Flame-retardant filter medium',
  Zentrifuge: 'Centrifuge',
  'mit Koaleszenzfilter': 'With coalescence filter',
  'mit Wasserablassschraube': 'With water drain screw',
  'mit Anschluss für Wassersensor': 'With water sensor port',
  Vorfilter: 'Pre-filter',
  'mit Dichtung': 'With gasket',
  'ohne Dichtungen': 'Without gaskets',
  'mit einem Rücklaufsperrventil': 'With one anti-drain valve',
  'mit zwei Rücklaufsperrventilen': 'With two anti-drain valves',
  'für staubreiche Einsatzbedingungen': 'For dusty conditions',
  'mit Ölwannendichtung': 'With oil sump gasket',
  'mit Schrauben': 'With screws',
  Satz: 'Set',
  'für Rechtslenker': 'Right-hand drive',
  'hinter dem Handschuhfach': 'Behind the glovebox',
  'unterhalb des Handschuhfaches': 'Below the glovebox',
  'Motorraum Beifahrerseite, unter der Wasserkastenabdeckung': 'Engine bay, passenger side, under the scuttle cover',
  'unter der Mittelkonsole': 'Under the centre console',
  'Motorraum Mitte, unter der Wasserkastenabdeckung': 'Engine bay, centre, under the scuttle cover',
  'Innenraum Fahrerseite': 'Interior, driver side',
  'Motorraum Fahrerseite, unter der Wasserkastenabdeckung': 'Engine bay, driver side, under the scuttle cover',
  Kofferraum: 'Boot',
  Motorhaube: 'Bonnet',
  Motorraum: 'Engine bay',
};

/** Criteria that are compliance statements, not product facets. */
const SKIPPED_CRITERIA = new Set(['SVHC', 'EU-Produktsicherheitsverordnung (GPSR)']);

/** Gross euro price bands [min, max] by TecDoc assembly group (generated prices). */
const PRICE_BANDS: Record<string, [number, number]> = {
  Luftversorgung: [9, 140],
  'Heizung/Lüftung': [9, 60],
  Kraftstoffförderanlage: [8, 110],
  Schmierung: [5, 80],
  'Hydraulische Anlage': [14, 260],
  Werkstattausrüstung: [20, 320],
  Automatikgetriebe: [12, 90],
  'Werkzeug, Universal': [8, 60],
};
const DEFAULT_BAND: [number, number] = [6, 120];

function normaliseGerman(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/oel/g, 'öl')
    .replace(/ae(?=[a-z])/g, 'ä')
    .replace(/entlüfungs/g, 'entlüftungs')
    .replace(/kraftstfff/g, 'kraftstoff')
    .replace(/kraftstoffil/g, 'kraftstofffil');
}

/** Translates a German article name: exact dictionary hit, else the name without a trailing maker/qualifier word. */
function translateArticle(german: string): [string, string] | null {
  const n = normaliseGerman(german);
  if (ARTICLE_NAMES[n]) return ARTICLE_NAMES[n];
  // 'Kraftstofffilter Mercedes', 'Einsatz Zentrifuge Scania', 'Luftfilter Ford Ranger': translate the head
  const words = n.split(' ');
  for (let k = words.length - 1; k >= 1; k--) {
    const head = words.slice(0, k).join(' ');
    const hit = ARTICLE_NAMES[head];
    if (hit) {
      const rest = german.trim().split(/\s+/).slice(k).join(' ');
      return [`${hit[0]} (${rest})`, `${hit[1]} (${rest})`];
    }
  }
  return null;
}

/** `Höhe [mm]: 177 mm | ...` -> `Height [mm]=177 mm | ...` (German names kept when not in the dictionary). */
export function criteriaToAttributes(criteria: string): string {
  const out: string[] = [];
  for (const part of criteria.split(' | ')) {
    const at = part.indexOf(': ');
    if (at < 0) continue;
    const nameDe = part.slice(0, at).trim();
    const value = part.slice(at + 2).trim();
    if (!nameDe || !value || SKIPPED_CRITERIA.has(nameDe)) continue;
    const m = /^(.*?)(?:\s+(\d+))?(?:\s+(\[[^\]]+\]))?$/.exec(nameDe)!;
    const base = CRITERIA_NAMES[m[1]] ?? CRITERIA_NAMES[nameDe] ?? m[1];
    const name = [base, m[2], m[3]].filter(Boolean).join(' ').replace(/=/g, ':').replace(/\|/g, '/');
    const v = (CRITERIA_VALUES[value] ?? value).replace(/\|/g, '/');
    out.push(`${name}=${v}`);
  }
  return [...new Set(out)].join(' | ');
}

/**
 * Reads the MANN-FILTER export at `csvPath` and converts every article to an import row.
 * - code1: `TD_ArticleNumber` as printed (e.g. `BF 1018/1`), else `manu_nr`, else `article_number`;
 *   a later row with a code already used (case-insensitive) is dropped;
 * - code2: EAN (`TD_EAN`, else `ean`);
 * - names: `<English article name> MANN-FILTER <code1>` / `<Estonian name> MANN-FILTER <code1>`, from the
 *   shop's German `name` (or the TecDoc generic article) through {@link ARTICLE_NAMES}; untranslated names stay German;
 * - category: `<assembly group> > <generic article>` translated (fallback: the German text;
 *   rows without TecDoc data: `Other > <article name>` / `Muu > <article name>`);
 * - attributes: `TD_ArticleCriteria` as `Name=value` pairs (units kept, compliance statements left out);
 * - oe_numbers: `TD_OEMNumbers`; image_url: `TD_Bild_1_URL`;
 * - price (gross euros, 2 decimals), stock, availability, delivery_days: GENERATED from the hash of code1 like the
 *   demo catalog; articles the manufacturer no longer delivers are `not_available` with no stock.
 * @returns rows keyed by the import-format column names, in file order.
 */
export async function mannFilterRows(csvPath: string = MANN_FILTER_CSV): Promise<Record<string, string>[]> {
  const text = await fs.promises.readFile(csvPath);
  const records: Record<string, string>[] = parse(text, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true });
  const seen = new Set<string>();
  const rows: CatalogRow[] = [];
  for (const r of records) {
    const code1 = (r.TD_ArticleNumber || r.manu_nr || r.article_number || '').trim();
    if (!code1) continue;
    const key = code1.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const germanName = (r.name || r.TD_GenericArticleDescription || r.description || '').trim();
    const generic = (r.TD_GenericArticleDescription || '').trim();
    const group = (r.TD_AssemblyGroupName || '').trim();
    const article = translateArticle(germanName) ?? (generic ? translateArticle(generic) : null) ?? [germanName, germanName];
    const genericT = generic ? translateArticle(generic) ?? [generic, generic] : article;
    const groupT: [string, string] = group ? ASSEMBLY_GROUPS[group] ?? [group, group] : ['Other', 'Muu'];
    const status = (r.TD_ArticleStatus || '').trim();
    const discontinued = /nicht mehr lieferbar|nicht lieferbar|auslauf/i.test(status);
    const commerce = generatedCommerce(code1, PRICE_BANDS[group] ?? DEFAULT_BAND);
    if (discontinued) {
      commerce.availability = 'not_available';
      commerce.stock = 'tallinn=0 | tartu=0';
      commerce.delivery_days = '';
    }
    const criteria = r.TD_ArticleCriteria ? criteriaToAttributes(r.TD_ArticleCriteria) : '';
    const isSet = /\b(set|satz|pack)\b/i.test(germanName) || /Mengeneinheit: Satz/.test(r.TD_ArticleCriteria || '');
    const statusEn = discontinued ? ' The manufacturer no longer delivers this article.' : '';
    const statusEt = discontinued ? ' Tootja seda artiklit enam ei tarni.' : '';
    rows.push({
      code1,
      code2: (r.TD_EAN || r.ean || '').trim(),
      name_et: `${article[1]} MANN-FILTER ${code1}`,
      name_en: `${article[0]} MANN-FILTER ${code1}`,
      description_et: `MANN-FILTER ${article[1].toLowerCase()}, artikkel ${code1}. Tootja nimetus: ${germanName}.${statusEt}`,
      description_en: `MANN-FILTER ${article[0].toLowerCase()}, article ${code1}. Manufacturer's name: ${germanName}.${statusEn}`,
      category_et: `${groupT[1]} > ${group ? genericT[1] : article[1]}`,
      category_en: `${groupT[0]} > ${group ? genericT[0] : article[0]}`,
      price: commerce.price,
      stock: commerce.stock,
      unit: isSet ? 'set' : 'pcs',
      availability: commerce.availability,
      delivery_days: commerce.delivery_days,
      big_product: '0',
      class: 'product',
      attributes: ['Brand=MANN-FILTER', criteria].filter(Boolean).join(' | '),
      oe_numbers: (r.TD_OEMNumbers || '').trim(),
      vehicles: '',
      image_url: /^https?:\/\//.test(r.TD_Bild_1_URL || '') ? r.TD_Bild_1_URL.trim() : '',
    });
  }
  return rows;
}

// CLI: npx tsx data/mann-filter-mapping.ts OUT.csv [IN.csv]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out, input] = process.argv.slice(2);
  if (!out) {
    console.error('usage: npx tsx data/mann-filter-mapping.ts OUT.csv [IN.csv]   (write OUT outside the repo or under .tmp/: TecDoc data must not be committed)');
    process.exit(2);
  }
  const rows = await mannFilterRows(input ? path.resolve(input) : MANN_FILTER_CSV);
  fs.writeFileSync(path.resolve(out), toCsv(rows), 'utf8');
  console.log(`wrote ${rows.length} rows to ${out}`);
}
