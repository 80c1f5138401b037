/**
 * The catalog's collators, one per language and kind, made on first use: `localeCompare(x, lang)` builds a new one on
 * every comparison, and a page's first collator loads ICU's collation data (10-20 ms in a browser; docs/architecture.md
 * "Server rendering: what a phone waits for"). `names`: category names; `options`: facet option labels, numbers
 * compared as numbers ("9 mm" before "10 mm"), case and accents ignored.
 */
import type { Language } from '../../../../../api/contracts/catalog';

const made = new Map<string, Intl.Collator>();

export function collatorFor(lang: Language, kind: 'names' | 'options'): Intl.Collator {
  const key = `${lang} ${kind}`;
  let c = made.get(key);
  if (!c) made.set(key, (c = new Intl.Collator(lang, kind === 'options' ? { numeric: true, sensitivity: 'base' } : undefined)));
  return c;
}
