/**
 * Drops react-i18next's HTML-entity table from the browser's vendor chunk (docs/architecture.md section 6, "First load
 * and crash safety"). The storefront takes only `initReactI18next`, `getI18n` and `I18nContext` from react-i18next
 * (web/src/lib/i18n.ts, lib/translation.tsx; the import rule keeps react-i18next out of components), yet its defaults
 * module imports `unescape` (a table of HTML entities, ~0.3 KB gzip), which only its `<Trans>` component reads. The
 * browser build puts a function that throws in its place, so a `<Trans>` that ever comes in fails loudly instead of
 * showing entities. The import must be found exactly once, else the build fails (react-i18next changed). Only the
 * files `include` matches are rewritten (the browser build: the server bundle keeps node_modules external).
 */
import type { Plugin } from 'vite';

const UNESCAPE_IMPORT = "import { unescape } from './unescape.js';";
const NOT_BUILT_IN =
  "const unescape = () => {\n  throw new Error('react-i18next Trans (unescape) is not built in: see web/build/react-i18next-no-trans.ts');\n};";

/**
 * @param code react-i18next's dist/es/defaults.js
 * @throws Error when the `unescape` import is not found exactly once (react-i18next changed: update this file)
 */
export function dropUnescape(code: string, id: string): string {
  const at = code.indexOf(UNESCAPE_IMPORT);
  if (at < 0 || code.indexOf(UNESCAPE_IMPORT, at + 1) >= 0) {
    throw new Error(`react-i18next-no-trans: expected exactly one ${UNESCAPE_IMPORT} in ${id} (react-i18next changed: update web/build/react-i18next-no-trans.ts)`);
  }
  return code.slice(0, at) + NOT_BUILT_IN + code.slice(at + UNESCAPE_IMPORT.length);
}

/** @param include which module ids (absolute paths) to rewrite: react-i18next's dist/es/defaults.js. */
export function reactI18nextNoTransPlugin(include: RegExp): Plugin {
  return {
    name: 'react-i18next-no-trans',
    transform(code, id) {
      if (!include.test(id)) return null;
      return { code: dropUnescape(code, id), map: null };
    },
  };
}
