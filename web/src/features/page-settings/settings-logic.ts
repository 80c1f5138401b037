/**
 * The page settings' pure rules (spec 5 "URL slug" and "meta guidance", spec 3/4 "Visibility rule"), unit-tested
 * beside: the slug that follows the title until staff edit it, the live slug check, the meta guidance counters, the
 * visibility rule's type switch and its table of what it means now, before, in range and after, local date and time
 * to an instant and back, and the text of a page version for the word diff.
 */
import { META_DESCRIPTION_WORDS, META_KEYWORDS, metaDescriptionWords, metaKeywordCount, RESERVED_PAGE_NAMES, MAX_SLUG } from '../../../../domain/page/page-doc';
import { slugify } from '../../../../domain/page/slug';
import { visibilityAt, type VisibilityRule, type VisibilityState } from '../../../../domain/page/visibility';

/* ---------- Slug (spec 5 "URL slug: lowercase, spaces to hyphens, non-word characters stripped, ...") ---------- */

/**
 * Does the slug still follow its title? True when it is empty or equals the title's slug: staff have not given
 * the page a name of its own, so a new title renames it. Once staff type a slug that differs, it stays theirs.
 */
export function slugFollowsTitle(title: string, slug: string): boolean {
  return slug === '' || slug === slugify(title);
}

/**
 * The slug after the title changed from `before` to `after`: the new title's slug while the slug followed the old
 * title, else `slug` unchanged.
 */
export function slugAfterTitleChange(before: string, after: string, slug: string): string {
  return slugFollowsTitle(before, slug) ? slugify(after) : slug;
}

export type SlugProblem = 'empty' | 'invalid' | 'reserved' | 'tooLong';

/**
 * What is wrong with a slug as typed, or null: empty (the server takes the title's: only a problem without a
 * title), not in the slug rule's form (`suggestion` shows the form), a storefront route or language code, too long.
 */
export function slugProblem(slug: string, title: string): { problem: SlugProblem; suggestion: string } | null {
  const suggestion = slugify(slug);
  if (slug === '') return slugify(title) ? null : { problem: 'empty', suggestion: '' };
  if (suggestion !== slug) return { problem: 'invalid', suggestion };
  if (RESERVED_PAGE_NAMES.includes(slug)) return { problem: 'reserved', suggestion };
  if (slug.length > MAX_SLUG) return { problem: 'tooLong', suggestion: slug.slice(0, MAX_SLUG) };
  return null;
}

/* ---------- Meta guidance (spec 9 "Meta description guidance about 50-160 words; meta keywords about 5-10") ---------- */

export interface Guidance {
  /** Words of the description (runs between white space) or keywords (comma-separated, non-empty). */
  count: number;
  min: number;
  max: number;
  state: 'empty' | 'short' | 'ok' | 'long';
}

/** Meta description: 50-160 words (spec 9; the rule and its count are domain/page/page-doc.ts metaGuidance's). */
export const DESCRIPTION_RANGE = META_DESCRIPTION_WORDS;
/** Meta keywords: 5-10 comma-separated keywords (spec 9). */
export const KEYWORDS_RANGE = META_KEYWORDS;

const guidance = (count: number, [min, max]: readonly [number, number]): Guidance => ({
  count,
  min,
  max,
  state: count === 0 ? 'empty' : count < min ? 'short' : count > max ? 'long' : 'ok',
});

/** The meta description's words against 50-160 (the count of domain/page/page-doc.ts metaGuidance). */
export function descriptionGuidance(text: string): Guidance {
  return guidance(metaDescriptionWords(text), DESCRIPTION_RANGE);
}

/** The meta keywords (comma-separated; empty ones not counted) against 5-10. */
export function keywordsGuidance(text: string): Guidance {
  return guidance(metaKeywordCount(text), KEYWORDS_RANGE);
}

/* ---------- Visibility rule (spec 3/4) ---------- */

/** The panel's rule types: none (no rule: always visible) and the spec's three. */
export type RuleType = 'none' | VisibilityRule['type'];

/** The rule after choosing `type`, keeping the states and moments that carry over; `now` starts a new range. */
export function switchRuleType(rule: VisibilityRule | null, type: RuleType, now: string): VisibilityRule | null {
  if (type === 'none') return null;
  const base: VisibilityRule = rule ?? { type, rangeFrom: null, rangeTo: null, stateInRange: 'visible', stateOutRange: 'hidden' };
  if (type === 'static') return { ...base, type, rangeFrom: null, rangeTo: null };
  const from = base.rangeFrom ?? startOfNextHour(now);
  if (type === 'timed') return { ...base, type, rangeFrom: from, rangeTo: null };
  return { ...base, type, rangeFrom: from, rangeTo: base.rangeTo ?? new Date(Date.parse(from) + 7 * 86_400_000).toISOString() };
}

function startOfNextHour(now: string): string {
  const t = Date.parse(now);
  return new Date(Math.floor(t / 3_600_000) * 3_600_000 + 3_600_000).toISOString();
}

export type MomentKey = 'now' | 'before' | 'inRange' | 'after';

/** One row of the rule's table: a moment, the instant it stands for (null: any time) and the page's state then. */
export interface MomentRow {
  key: MomentKey;
  at: string | null;
  state: VisibilityState;
}

/**
 * What the rule means (spec 4: no rule is visible; in range stateInRange, else stateOutRange; from equal to to is in
 * range from then on): now, and for a dated rule just before its start, at its start (in range) and just after its
 * end (timeRange with an end that differs from its start). Each row's state comes from `visibilityAt`, the
 * function the storefront's read model uses, so the table cannot disagree with what guests get.
 */
export function visibilityTable(rule: VisibilityRule | null, now: string): MomentRow[] {
  const rows: MomentRow[] = [{ key: 'now', at: now, state: visibilityAt(rule, now) }];
  if (rule === null || rule.type === 'static') return rows;
  const from = rule.rangeFrom === null ? null : Date.parse(rule.rangeFrom);
  const to = rule.type === 'timeRange' && rule.rangeTo !== null ? Date.parse(rule.rangeTo) : null;
  const iso = (t: number) => new Date(t).toISOString();
  if (from !== null && !Number.isNaN(from)) {
    rows.push({ key: 'before', at: iso(from - 1000), state: visibilityAt(rule, iso(from - 1000)) });
    rows.push({ key: 'inRange', at: iso(from), state: visibilityAt(rule, iso(from)) });
  } else if (to !== null && !Number.isNaN(to)) {
    rows.push({ key: 'inRange', at: iso(to), state: visibilityAt(rule, iso(to)) });
  }
  if (to !== null && !Number.isNaN(to) && to !== from) rows.push({ key: 'after', at: iso(to + 1000), state: visibilityAt(rule, iso(to + 1000)) });
  return rows;
}

/* ---------- Local date and time <-> instant ---------- */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant's local calendar day (a Date at local midnight) and time 'HH:MM'; null for null or garbage. */
export function splitLocal(iso: string | null): { day: Date; time: string } | null {
  if (iso === null) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return { day: new Date(d.getFullYear(), d.getMonth(), d.getDate()), time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

/** A local day and 'HH:MM' (or 'HH:MM:SS'; a bad time counts as 00:00) as an ISO-8601 UTC instant. */
export function joinLocal(day: Date, time: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  const [h, min] = m ? [Math.min(23, Number(m[1])), Math.min(59, Number(m[2]))] : [0, 0];
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, min).toISOString();
}

/* ---------- Version text for the word diff ---------- */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * Rich text as plain words for the diff: block ends and <br> become line breaks, tags go, the common entities are
 * decoded, runs of spaces shrink. Not a sanitiser (the result is shown as text, never as HTML).
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/tr|\/blockquote|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** What the diff compares of a version in one language: its title, then its text. */
export function versionText(doc: { title: Record<'et' | 'en', string>; content: Record<'et' | 'en', string> }, lang: 'et' | 'en'): string {
  return `${doc.title[lang]}\n${htmlToText(doc.content[lang])}`.trim();
}
