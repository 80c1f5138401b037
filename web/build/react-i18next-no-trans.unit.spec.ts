/**
 * The browser build's react-i18next without its HTML-entity table (build/react-i18next-no-trans.ts; docs/architecture.md
 * section 6, "First load and crash safety"): applied to the installed react-i18next, the defaults module keeps its
 * defaults and their setter, its `unescape` throws, and a changed react-i18next fails the build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dropUnescape, reactI18nextNoTransPlugin } from './react-i18next-no-trans';

const file = path.resolve(import.meta.dirname, '../../node_modules/react-i18next/dist/es/defaults.js');

describe('react-i18next-no-trans', () => {
  it('keeps the defaults and their setter; unescape throws', async () => {
    const out = dropUnescape(readFileSync(file, 'utf8'), file);
    expect(out).not.toContain('./unescape.js');
    const dir = mkdtempSync(path.join(tmpdir(), 'react-i18next-no-trans-'));
    try {
      writeFileSync(path.join(dir, 'defaults.mjs'), out);
      const { getDefaults, setDefaults } = await import(pathToFileURL(path.join(dir, 'defaults.mjs')).href);
      expect(getDefaults().bindI18n).toBe('languageChanged');
      setDefaults({ useSuspense: false });
      expect(getDefaults().useSuspense).toBe(false);
      expect(() => getDefaults().unescape('&amp;')).toThrow(/not built in/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the build when the import is not found (react-i18next changed)', () => {
    expect(() => dropUnescape('export const a = 1;', '/x/defaults.js')).toThrow(/expected exactly one/);
  });

  it('leaves other modules alone', () => {
    const hook = reactI18nextNoTransPlugin(/defaults\.js$/).transform as (code: string, id: string) => unknown;
    expect(hook('const a = 1;', '/x/web/src/a.ts')).toBeNull();
  });
});
