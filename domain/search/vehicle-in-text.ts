/**
 * Which vehicle a search text names (spec 2 Admin area "Search keywords": the keyword statistics show searches that
 * named a vehicle; docs/architecture.md "Vehicle fitment: the back office"). Pure: the lookup structure is built once
 * from the vehicle reference's make and model names (`buildVehicleTextIndex`), then each search costs a few dozen
 * map lookups (`vehicleNamedInText`).
 *
 * The rule, on word tokens:
 * - The text (its first KEYWORD_MAX_LENGTH characters) is folded: Unicode NFKD, combining marks dropped, lower case
 *   ('Citroën' -> 'citroen'), split into tokens of letters and digits (anything else separates); at most
 *   MAX_TOKENS tokens are read.
 * - A name matches 1 to MAX_NAME_TOKENS consecutive tokens written together: 'mgb', 'tr6', 'tr 6', 'mx-5',
 *   'range rover', 'mini mk i' ('Mini Mk I' as 'minimki'). Names are folded the same way.
 * - A model name also answers to its family, the name without a trailing Roman numeral (and a 'Mk' / 'Mark' /
 *   'Series' before it): 'Golf II' to 'golf', 'Mini Mk I' to 'mini'. The family groups as `{make}.{family slug}`.
 * - Decision, in this order:
 *   1. a model named together with its make, in other tokens ('triumph spitfire', 'mazda 3', 'rover 75', 'mini
 *      cooper'; the make 'MINI' with its model 'MINI' is not both from one 'mini'): that make's model, the longest
 *      name first;
 *   2. a model named alone ('mgb pidurikettad', 'TR6 filter'), when its name has a letter, at least 3 characters,
 *      is no make name, is not one of MODEL_WORDS_NOT_ALONE (words of parts texts such as 'master', 'cargo',
 *      'sport') and belongs to one make only ('integra' is Honda's and Acura's: no model, see 3);
 *   3. a make alone ('triumph', 'mini', 'vw'), when its name is not one of MAKE_WORDS_NOT_ALONE ('seat', 'smart',
 *      'ram', ...): the make;
 *   4. otherwise none.
 * A found vehicle is `{ key, label }`: key `{makeSlug}.{modelSlug}` ('mg.mgb') or `{makeSlug}` ('mg'), label as the
 * reference spells it ('MG MGB', 'MG').
 */
import { slugify } from '../vehicle/vehicle.js';
import { KEYWORD_MAX_LENGTH } from './keyword.js';

/** One model of the vehicle reference, as the vehicles read model names it (projections/vehicles/queries.ts). */
export interface VehicleModelName {
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
}

/** A vehicle a search named: a model ('mg.mgb', 'MG MGB') or a make alone ('mg', 'MG'). */
export interface NamedVehicle {
  key: string;
  label: string;
}

/** Tokens of a text read at most (a longer text's tail is not looked at). */
export const MAX_TOKENS = 24;
/** Tokens one make or model name may span ('mini mk i', 'grand cherokee l'). */
export const MAX_NAME_TOKENS = 4;

/** Model names that are also words of parts texts: they count only with their make ('renault master'). */
export const MODEL_WORDS_NOT_ALONE: ReadonlySet<string> = new Set([
  'air', 'beat', 'boxer', 'cabrio', 'cabriolet', 'cargo', 'city', 'classic', 'click', 'combo', 'convertible', 'coupe',
  'crew', 'cross', 'cube', 'daily', 'dart', 'delta', 'echo', 'edge', 'element', 'express', 'fit', 'flair', 'focus',
  'fox', 'fusion', 'gamma', 'ghost', 'grace', 'hardtop', 'hunter', 'ideal', 'idea', 'life', 'logo', 'master', 'max',
  'maxi', 'midi', 'mini', 'model', 'models', 'move', 'none', 'note', 'omega', 'origin', 'partner', 'pickup', 'pilot',
  'premium', 'prince', 'racer', 'rapid', 'ray', 'regularcab', 'relay', 'roadster', 'royal', 'shadow', 'shuttle',
  'sigma', 'sport', 'spring', 'sprint', 'storm', 'stream', 'swift', 'tempo', 'today', 'trade', 'twin', 'van', 'vision',
  'vista', 'wind', 'worker',
]);
/** Make names that are also common words: they count only with a model of theirs ('seat ibiza'). */
export const MAKE_WORDS_NOT_ALONE: ReadonlySet<string> = new Set(['eagle', 'genesis', 'geo', 'lucid', 'mercury', 'ram', 'saturn', 'seat', 'smart']);
/** Other names of makes shoppers type, to the make's slug (used when the reference holds that make). */
export const MAKE_ALIASES: Readonly<Record<string, string>> = {
  vw: 'volkswagen',
  mercedes: 'mercedes-benz',
  benz: 'mercedes-benz',
  chevy: 'chevrolet',
  alfa: 'alfa-romeo',
};

interface ModelEntry {
  makeSlug: string;
  key: string;
  label: string;
}

/** The lookup structure of `vehicleNamedInText`, built once per vehicle reference. */
export interface VehicleTextIndex {
  /** Folded make name -> make slug and label. */
  readonly makes: ReadonlyMap<string, { makeSlug: string; label: string }>;
  /** Folded model name -> its models (one per make; a family only where the make has no model of that name). */
  readonly models: ReadonlyMap<string, readonly ModelEntry[]>;
  /** Makes by slug, for 'a model named together with its make'. */
  readonly makeLabels: ReadonlyMap<string, string>;
}

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** The folded tokens of a text: NFKD, marks dropped, lower case, split on anything but letters and digits. */
export function vehicleTextTokens(text: string, maxTokens = MAX_TOKENS): string[] {
  const folded = text.slice(0, KEYWORD_MAX_LENGTH).normalize('NFKD').replace(MARKS, '').toLowerCase();
  const tokens: string[] = [];
  for (const token of folded.split(NOT_WORD)) {
    if (!token) continue;
    tokens.push(token);
    if (tokens.length >= maxTokens) break;
  }
  return tokens;
}

const ROMAN = /^(i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)$/;
const SERIES_WORDS = new Set(['mk', 'mark', 'series']);

/**
 * The family of a model name: the name without its last word when that is a Roman numeral, and without a 'Mk' /
 * 'Mark' / 'Series' before it ('Golf II' -> 'Golf', 'Mini Mk I' -> 'Mini'); null for a name without one, and for
 * one that is nothing else ('Series II', 'Series Mk II', 'Mk I').
 */
export function modelFamily(model: string): string | null {
  const words = model.trim().split(/\s+/);
  if (words.length < 2 || !ROMAN.test(words[words.length - 1]!.toLowerCase())) return null;
  words.pop();
  while (words.length && SERIES_WORDS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  return words.length ? words.join(' ') : null;
}

/**
 * The lookup structure for `vehicleNamedInText` from the reference's models (one row per generation is fine: a
 * model is kept once per make and name). Build it once per change of the reference, not per search.
 */
export function buildVehicleTextIndex(models: Iterable<VehicleModelName>): VehicleTextIndex {
  const makes = new Map<string, { makeSlug: string; label: string }>();
  const makeLabels = new Map<string, string>();
  const exact = new Map<string, Map<string, ModelEntry>>();
  const families = new Map<string, Map<string, ModelEntry>>();
  const add = (into: Map<string, Map<string, ModelEntry>>, name: string, entry: ModelEntry) => {
    let byMake = into.get(name);
    if (!byMake) into.set(name, (byMake = new Map()));
    if (!byMake.has(entry.makeSlug)) byMake.set(entry.makeSlug, entry);
  };
  for (const m of models) {
    if (!makeLabels.has(m.makeSlug)) {
      makeLabels.set(m.makeSlug, m.make);
      const makeName = vehicleTextTokens(m.make, MAX_NAME_TOKENS).join('');
      if (makeName) makes.set(makeName, { makeSlug: m.makeSlug, label: m.make });
    }
    const tokens = vehicleTextTokens(m.model, MAX_NAME_TOKENS + 2);
    if (!tokens.length || tokens.length > MAX_NAME_TOKENS) continue;
    add(exact, tokens.join(''), { makeSlug: m.makeSlug, key: `${m.makeSlug}.${m.modelSlug}`, label: `${m.make} ${m.model}` });
    const family = modelFamily(m.model);
    const familyName = family ? vehicleTextTokens(family, MAX_NAME_TOKENS) : [];
    if (family && familyName.length) {
      add(families, familyName.join(''), { makeSlug: m.makeSlug, key: `${m.makeSlug}.${slugify(family)}`, label: `${m.make} ${family}` });
    }
  }
  for (const [alias, makeSlug] of Object.entries(MAKE_ALIASES)) {
    const label = makeLabels.get(makeSlug);
    if (label && !makes.has(alias)) makes.set(alias, { makeSlug, label });
  }
  const merged = new Map<string, ModelEntry[]>();
  for (const [name, byMake] of exact) merged.set(name, [...byMake.values()]);
  for (const [name, byMake] of families) {
    const list = merged.get(name) ?? [];
    const held = new Set(list.map((e) => e.makeSlug));
    for (const entry of byMake.values()) if (!held.has(entry.makeSlug)) list.push(entry);
    merged.set(name, list);
  }
  return { makes, models: merged, makeLabels };
}

const HAS_LETTER = /\p{L}/u;

/**
 * The vehicle `text` names by the rule above, or null. Cost: at most MAX_TOKENS x MAX_NAME_TOKENS map lookups.
 * Never throws: any string is read (an empty or odd one names nothing).
 */
export function vehicleNamedInText(index: VehicleTextIndex, text: string): NamedVehicle | null {
  if (typeof text !== 'string' || !text) return null;
  const tokens = vehicleTextTokens(text);
  if (!tokens.length) return null;
  /** Where each make is named: [first token, token after]. */
  const makesNamed = new Map<string, [number, number][]>();
  let makeAlone: NamedVehicle | null = null;
  let withMake: { entry: ModelEntry; span: number } | null = null;
  let alone: { entry: ModelEntry; span: number } | null = null;
  const modelHits: { name: string; entries: readonly ModelEntry[]; at: number; span: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let name = '';
    for (let k = 1; k <= MAX_NAME_TOKENS && i + k <= tokens.length; k++) {
      name += tokens[i + k - 1]!;
      const make = index.makes.get(name);
      if (make) {
        const spans = makesNamed.get(make.makeSlug);
        if (spans) spans.push([i, i + k]);
        else makesNamed.set(make.makeSlug, [[i, i + k]]);
        if (!makeAlone && !MAKE_WORDS_NOT_ALONE.has(name)) makeAlone = { key: make.makeSlug, label: make.label };
      }
      const entries = index.models.get(name);
      if (entries) modelHits.push({ name, entries, at: i, span: k });
    }
  }
  for (const hit of modelHits) {
    for (const entry of hit.entries) {
      // Its make named in other tokens than the model's ('mini cooper', not 'mini' as make and model at once).
      const apart = makesNamed.get(entry.makeSlug)?.some(([from, to]) => to <= hit.at || from >= hit.at + hit.span);
      if (apart && (!withMake || hit.span > withMake.span)) withMake = { entry, span: hit.span };
    }
    const makesOfName = new Set(hit.entries.map((e) => e.makeSlug));
    if (
      makesOfName.size === 1 &&
      hit.name.length >= 3 &&
      HAS_LETTER.test(hit.name) &&
      !index.makes.has(hit.name) &&
      !MODEL_WORDS_NOT_ALONE.has(hit.name) &&
      (!alone || hit.span > alone.span)
    ) {
      alone = { entry: hit.entries[0]!, span: hit.span };
    }
  }
  const model = withMake ?? alone;
  if (model) return { key: model.entry.key, label: model.entry.label };
  return makeAlone;
}
