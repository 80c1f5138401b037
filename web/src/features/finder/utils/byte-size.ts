/**
 * Byte sizes as the finder shows them (spec 9 "Byte sizes use 1024 or 1000 with one decimal"): `formatByteSize(1536,
 * 'en')` -> '1.5 KB', `formatByteSize(1536, 'et')` -> '1,5 KB', `formatByteSize(1500, 'en', 1000)` -> '1.5 kB'. Bytes
 * below one unit are whole ('512 B'); above, one decimal in the language's decimal mark. A value that rounds up to
 * the next unit is written in it ('1.0 MB', never '1024.0 KB'). The 1024 base matches the api's upload limit text
 * (api/routes/files/index.ts formatBytes).
 */
export type ByteBase = 1024 | 1000;

const UNITS: Record<ByteBase, readonly string[]> = { 1024: ['B', 'KB', 'MB', 'GB', 'TB'], 1000: ['B', 'kB', 'MB', 'GB', 'TB'] };

/**
 * `bytes` (a whole number of bytes, >= 0; anything else is written as '0 B') in `lang` ('et' uses a decimal comma)
 * with `base` 1024 (default) or 1000.
 */
export function formatByteSize(bytes: number, lang: 'et' | 'en', base: ByteBase = 1024): string {
  const units = UNITS[base];
  const whole = Number.isFinite(bytes) && bytes > 0 ? Math.floor(bytes) : 0;
  if (whole < base) return `${whole} B`;
  let value = whole;
  let unit = 0;
  while (value >= base && unit < units.length - 1) {
    value /= base;
    unit++;
  }
  // 1023.96 KB shows as 1024.0: carry it into the next unit.
  if (Math.round(value * 10) / 10 >= base && unit < units.length - 1) {
    value /= base;
    unit++;
  }
  const text = value.toFixed(1);
  return `${lang === 'et' ? text.replace('.', ',') : text} ${units[unit]}`;
}
