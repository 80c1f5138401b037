/**
 * The URL slug rule (spec 5, "Other rules"): lowercase, spaces to hyphens, non-word characters stripped, hyphens
 * collapsed and trimmed. One function for the server (the Page decider normalises every slug it records) and the
 * staff editor (web/ may import domain's pure rules, .dependency-cruiser.cjs), so the slug a form shows is the one
 * saved.
 *
 * One addition to the spec's wording: letters with diacritics are first decomposed (Unicode NFD) and their marks
 * dropped, so Estonian 'Müügitingimused' becomes 'muugitingimused' rather than 'mgitingimused' (a stripped 'ü'
 * would make the shop's own terms page unreachable by its title). "Word characters" are those of `\w`:
 * a-z, 0-9 and '_'.
 */

/**
 * `text` as a URL slug, e.g. ' Müügi  tingimused!! 2026 ' -> 'muugi-tingimused-2026'; '' when nothing is left.
 * Pure; never throws.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
