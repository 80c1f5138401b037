/**
 * The browser build's trimmed i18next (build/i18next-browser-trim.ts; docs/architecture.md section 6, "First load and
 * crash safety"): applied to the installed i18next, the pieces are replaced line for line, an i18next built from the
 * result answers as before (init, texts, plurals, number formats with lib/format.ts's `number`, adding bundles,
 * changing language, reloading), what is not built in (a backend module, a clone, nesting, built-in formats, selector
 * keys, object keys, cimode, contexts, a language detector or i18nFormat module, debug, loading namespaces or
 * languages) fails loudly, no texts file under web/src uses what is not built in, and a changed i18next fails the
 * build.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shareTextNumberFormat } from '../src/lib/format';
import { dropDebugLogging, i18nextBrowserTrimPlugin, trimI18next } from './i18next-browser-trim';

const file = path.resolve(import.meta.dirname, '../../node_modules/i18next/dist/esm/i18next.js');
const webSrc = path.resolve(import.meta.dirname, '../src');

/** Every file under web/src that can hold texts (the locales' JSON, the features' texts modules, components). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(json|ts|tsx)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

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
    expect(out).not.toContain('Intl.RelativeTimeFormat');
    expect(out).not.toContain('Intl.ListFormat');
    expect(out).not.toContain('Proxy.revocable');
    expect(out).not.toContain('failed parsing options string in nesting');
    expect(out).not.toContain('resTypeIsArray');
    // The debug-only logging is gone, with its messages; `error` stays.
    expect(out).not.toMatch(/\b(?:this\.logger|baseLogger)\.(?:log|warn|deprecate|once)\(/);
    expect(out).not.toContain('You should call init just once');
    expect(out).toContain("this.logger.error('No Intl support, please use an Intl polyfill!')");
  });

  it('drops a logging call whole, strings with parentheses and template literals included, keeping lines', () => {
    const code = "a();\nthis.logger.warn(`x (${f(')')}`, ')', \"(\",\n  b);\nif (c) baseLogger.deprecate('d');else e();\nthis.logger.error('kept');\n";
    const out = dropDebugLogging(code, '/x/i18next.js');
    expect(out).toBe("a();\nvoid 0\n;\nif (c) void 0;else e();\nthis.logger.error('kept');\n");
    expect(() => dropDebugLogging('this.logger.error(1);', '/x/i18next.js')).toThrow(/no debug logging call/);
  });

  it('no texts file under web/src nests a text or uses a format other than number (neither is built in)', () => {
    const files = sourceFiles(webSrc);
    expect(files.some((f) => f.endsWith(path.join('locales', 'et', 'shop.json')))).toBe(true);
    const formats = new Set<string>();
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text.includes('$t('), f).toBe(false);
      // In JSON any `{{x, fmt}}`; in code, `{{x, fmt}}` written without a space after the braces (a text in a string),
      // not a JSX object literal such as `{{ a, b }}`.
      const interpolation = f.endsWith('.json') ? /\{\{\s*-?[\w.]+\s*,\s*([A-Za-z]+)/g : /\{\{-?[\w.]+\s*,\s*([A-Za-z]+)\s*(?:\(|\}\})/g;
      for (const m of text.matchAll(interpolation)) formats.add(m[1]!);
    }
    expect([...formats]).toEqual(['number']);
  });

  it('answers as i18next did: texts, plurals, number formats, added bundles, language change', async () => {
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
    shareTextNumberFormat(i18n); // as web/src/lib/i18n.ts does right after init: the only `number` format
    expect(i18n.t('count', { count: 1 })).toBe('1 toode');
    expect(i18n.t('count', { count: 12345 })).toBe(`${new Intl.NumberFormat('et').format(12345)} toodet`);
    expect(i18n.hasLoadedNamespace('shop')).toBe(true);
    i18n.addResourceBundle('en-US', 'shop', { hi: 'Hello' }, true, true);
    await i18n.changeLanguage('en-US');
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('hi')).toBe('Hello');
    expect(i18n.t('count', { count: 2 })).toBe('2 toodet'); // missing in English: the Estonian fallback
    expect(() => i18n.loadNamespaces('other')).toThrow(/loadNamespaces is not built in/);
    expect(() => i18n.loadLanguages('en-US')).toThrow(/loadLanguages is not built in/);
    await i18n.reloadResources();
    expect(i18n.t('nowhere')).toBe('nowhere'); // a missing key shows as the key, as before
    expect(i18n.dir()).toBe('ltr');
    expect(() => i18n.cloneInstance()).toThrow(/not built in/);
  });

  it('formats numbers with options, and throws for what is not built in', async () => {
    const { createInstance } = await patchedI18next();
    const i18n = createInstance();
    await i18n.init({
      resources: { et: { shop: { price: '{{n, number(minimumFractionDigits: 2)}} €', when: '{{d, datetime}}', nested: 'a $t(price)', obj: { a: 'A' } } } },
      lng: 'et',
      fallbackLng: 'et',
      ns: ['shop'],
      defaultNS: 'shop',
      interpolation: { escapeValue: false },
    });
    shareTextNumberFormat(i18n); // as web/src/lib/i18n.ts does right after init: the only `number` format
    expect(i18n.t('price', { n: 3 })).toBe(`${new Intl.NumberFormat('et', { minimumFractionDigits: 2 }).format(3)} €`);
    expect(i18n.t('obj.a')).toBe('A');
    expect(() => i18n.t('when', { d: new Date(0) })).toThrow(/no format datetime/);
    expect(() => i18n.t('nested', { n: 1 })).toThrow(/nesting/);
    expect(() => i18n.t('obj')).toThrow(/not a text/);
    expect(() => i18n.t((($: { price: string }) => $.price) as never)).toThrow(/selector keys/);
    expect(() => i18n.addResource('et', 'shop', 'x', 'X')).toThrow(/addResource is not built in/);
    expect(() => i18n.addResources('et', 'shop', { x: 'X' })).toThrow(/addResources is not built in/);
    expect(() => i18n.hydrate({})).toThrow(/hydrate is not built in/);
    expect(() => i18n.t('price', { n: 1, returnDetails: true })).toThrow(/returnDetails is not built in/);
    expect(() => createInstance().init({ debug: true, initAsync: false })).toThrow(/debug is not built in/);
    expect(() => i18n.t('price', { n: 1, context: 'male' })).toThrow(/context is not built in/);
    await expect(i18n.changeLanguage('cimode').then(() => i18n.t('price', { n: 1 }))).rejects.toThrow(/cimode/);
    const bare = createInstance();
    await bare.init({ resources: { et: { t: { n: '{{n, number}}' } } }, lng: 'et', ns: ['t'], defaultNS: 't' });
    expect(() => bare.t('n', { n: 1 })).toThrow(/no format number/); // lib/format.ts adds it
    expect(() => bare.services.formatter!.addCached('x', () => () => '')).toThrow(/addCached is not built in/);
    expect(() => createInstance().use({ type: 'i18nFormat', parse: () => '' } as never).init({ initAsync: false })).toThrow(/i18nFormat modules/);
    const withDetector = createInstance().use({ type: 'languageDetector', init() {}, detect: () => 'et', cacheUserLanguage() {} } as never);
    expect(() => withDetector.init({ initAsync: false })).toThrow(/language detectors/);
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
