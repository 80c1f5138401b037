/**
 * A part number's normal form, shared by the catalog projection (what is stored and searched) and the commands that
 * match part numbers (the fitment file, docs/catalog-format.md): "BF1018/1", "bf 1018 1" and "BF10181" all
 * normalise to "BF10181" (spec 9, search by part number).
 */

/** Upper-case letters and digits only (Unicode letters kept). */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
}
