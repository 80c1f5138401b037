/**
 * Text normalisation shared by the catalog projection (what is stored) and its queries (what is searched), so a
 * part number matches however it is typed: "BF1018/1", "bf 1018 1" and "BF10181" all normalise to "BF10181".
 */

/** Upper-case letters and digits only (the domain's part-number form). */
export { normalizeCode } from '../../domain/product/part-number.js';

/** Lower-case words of letters and digits (Unicode), in order, without duplicates. */
export function words(text: string): string[] {
  const found = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(found)];
}

/** Words of a product's names for the one-typo dictionary: 3+ letters, not only digits. */
export function dictionaryWords(names: string): string[] {
  return words(names).filter((w) => w.length >= 3 && !/^\d+$/.test(w));
}

/** The part before a bracket of an OE reference "5830674 (DEMAG)": the number itself. */
export function oeNumberOnly(reference: string): string {
  return reference.replace(/\(.*$/, '').trim();
}
