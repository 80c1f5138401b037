/**
 * The browser build's trimmed i18next (build/i18next-browser-trim.ts; docs/architecture.md section 6, "First load and
 * crash safety"): applied to the installed i18next, the pieces are replaced line for line, an i18next built from the
 * result answers as before (init, texts, plurals, number formats, adding bundles, changing language, loading
 * namespaces), a backend module or a clone fails loudly, and a changed i18next fails the build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { i18nextBrowserTrimPlugin, trimI18next } from './i18next-browser-trim';

const file = path.resolve(import.meta.dirname, '../../node_modules/i18next/dist/esm/i18next.js');

/** i18next's module built from the rewritten text (a copy in a temporary directory). */
async function patchedI18next() {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18next-browser-trim-'));
  const out = path.join(dir, 'i18next.mjs');
  writeFileSync(out, trimI18next(readFileSync(file, 'utf8'), file));
  try {
    return (await import(pathToFileURL(out).href)) as typeof import('i18next');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('i18next-browser-trim', () => {
  it('replaces the connector class, dir() and cloneInstance() of the installed i18next, line for line', () => {
    const code = readFileSync(file, 'utf8');
    const out = trimI18next(code, file);
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out).not.toContain('queueLoad(');
    expect(out).not.toContain('maxParallelReads');
    expect(out).toContain('class Connector extends EventEmitter {');
    expect(out).toContain('class I18n extends EventEmitter {');
    expect(out).not.toContain("const rtlLngs = ['ar'");
    expect(out).not.toContain('clone.translator');
    expect(out).not.toContain('Seems the loaded translations were in flat JSON format');
    expect(out).toContain('  static createInstance(options = {}, callback) {');
  });

  it('answers as i18next did: texts, plurals, number formats, added bundles, language change, namespaces', async () => {
    const { createInstance } = await patchedI18next();
    const i18n = createInstance();
    await i18n.init({
      resources: { et: { shop: { count_one: '{{count, number}} toode', count_other: '{{count, number}} toodet', hi: 'Tere' } } },
      lng: 'et',
      fallbackLng: 'et',
      supportedLngs: ['et', 'en-US'],
      load: 'currentOnly',
      ns: ['shop'],
      defaultNS: 'shop',
      partialBundledLanguages: true,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('count', { count: 1 })).toBe('1 toode');
    expect(i18n.t('count', { count: 12345 })).toBe(`${new Intl.NumberFormat('et').format(12345)} toodet`);
    expect(i18n.hasLoadedNamespace('shop')).toBe(true);
    i18n.addResourceBundle('en-US', 'shop', { hi: 'Hello' }, true, true);
    await i18n.changeLanguage('en-US');
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('hi')).toBe('Hello');
    expect(i18n.t('count', { count: 2 })).toBe('2 toodet'); // missing in English: the Estonian fallback
    await i18n.loadNamespaces('other');
    await i18n.reloadResources();
    expect(i18n.t('nowhere')).toBe('nowhere'); // a missing key shows as the key, as before
    expect(i18n.dir()).toBe('ltr');
    expect(() => i18n.cloneInstance()).toThrow(/not built in/);
  });

  it('throws when a backend module is given (the connector cannot load)', async () => {
    const { createInstance } = await patchedI18next();
    const i18n = createInstance().use({ type: 'backend', init() {}, read() {} } as never);
    expect(() => i18n.init({ lng: 'et', initAsync: false })).toThrow(/backends are not built in/);
  });

  it('fails the build when the class is not found exactly once (i18next changed)', () => {
    expect(() => trimI18next('class Other {}\nconst get = () => ({\n', '/x/i18next.js')).toThrow(/expected exactly one/);
  });

  it('leaves other modules alone', () => {
    const hook = i18nextBrowserTrimPlugin(/i18next\.js$/).transform as (code: string, id: string) => unknown;
    expect(hook('const a = 1;', '/x/web/src/a.ts')).toBeNull();
  });
});
