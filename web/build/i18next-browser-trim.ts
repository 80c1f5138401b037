/**
 * Trims i18next in the browser's vendor chunk (docs/architecture.md section 6, "First load and crash safety"): pieces
 * of its one module that the storefront's browser code never runs, yet shipped in every shopper's first load
 * (~5.2 KB gzip together), because they are members of classes the module builds at load time:
 *
 * 1. The backend connector (`class Connector`: load queue, retries, parallel reads, missing-key saving). The storefront
 *    gives i18next no backend (`i18n.use` only takes react-i18next's module): the Estonian texts ship in the entry and
 *    every other bundle is added with `addResourceBundle` (web/src/lib/i18n.ts). Without a backend the connector only
 *    ever answers "nothing to load" at once (`prepareLoading`: `if (!this.backend) return callback()`), so it is
 *    replaced by a class with those answers: `load` and `reload` call back at once with no error, `state` stays empty,
 *    `backend` undefined (`hasLoadedNamespace` answers from the bundles, as before), `noticeDevFallback` and
 *    `saveMissing` do nothing (no dev fallback language, no `saveMissing` configured). Given a backend module, its
 *    constructor throws, so such a change cannot go unnoticed.
 * 2. A missing key's reporting in `Translator.translate` (the debug log, the flat-JSON warning, `saveMissing` with its
 *    languages and plural suffixes): the storefront sets neither `debug` nor `saveMissing`, so it only ever looked the
 *    key up once more for a warning nobody logs; a missing key still shows the Estonian fallback or the key. With
 *    either option set, a missing key throws.
 * 3. `i18n.dir()` (text direction, with its list of 60 right-to-left language codes): the shop's languages are et and
 *    en, both left to right, and nothing calls it (react-i18next does not); it answers 'ltr'.
 * 4. `i18n.cloneInstance()`: nothing in the browser clones the instance (the server render makes its own with
 *    `createInstance`, entry-server.tsx; the server bundle keeps node_modules external, so it is untouched); it throws.
 *
 * 5. What the storefront's texts and calls never use (each throws when used, rather than answer differently from the
 *    server render, whose i18next is whole): the selector API (`t($ => $.a.b)`), the 'cimode' language, keys naming an
 *    object or array (`returnObjects`, `joinArrays`), nesting (`$t(other.key)` in a text), the built-in formats
 *    (currency, datetime, relativetime, list were never used; the texts use `{{x, number}}` only, and lib/format.ts
 *    adds its own `number`, which replaced i18next's) and `addCached`, a text's context (`t(key, { context })`), a
 *    language detector or i18nFormat module,
 *    `addResource`/`addResources` (bundles are added whole), `loadNamespaces`/`loadLanguages` (nothing is loaded by
 *    namespace or language), `hydrate`, `returnDetails`, the plural helpers only missing-key saving used; and
 *    debug-only checks (bare language codes, post-processors of another instance,
 *    regex-escaped delimiters, a language code's shape). The unit spec checks every texts file under web/src for
 *    nesting and formats.
 * 6. Every debug-only logging call (`log`, `warn`, `deprecate`, `once`: `dropDebugLogging`) with its English message,
 *    and those methods of its logger (they answer null): i18next's logger answers them with null unless `debug` is set,
 *    which throws here.
 *
 * Each piece's text must be found exactly once, else the build fails: an i18next upgrade that changes it is noticed,
 * not silently kept or broken. Every line stays where it was (a replacement is padded with the line breaks it lacks).
 */
import type { Plugin } from 'vite';
import { dropCalls } from './drop-calls';

interface Cut {
  /** What the piece starts with (found exactly once). */
  start: string;
  /** What follows the piece (the first one after `start`; `unique`: also found exactly once in the module). */
  end: string;
  unique?: boolean;
  replace: string;
}

const CUTS: Cut[] = [
  {
    start: 'class Connector extends EventEmitter {\n',
    end: '\nconst get = () => ({\n',
    unique: true,
    replace: `class Connector extends EventEmitter {
  constructor(backend, store, services, options = {}) {
    super();
    if (backend) throw new Error('i18next backends are not built in: see web/build/i18next-browser-trim.ts');
    this.backend = backend;
    this.store = store;
    this.services = services;
    this.options = options;
    this.state = {};
  }
  load(languages, namespaces, callback) {
    callback && callback();
  }
  reload(languages, namespaces, callback) {
    callback && callback();
  }
  noticeDevFallback() {}
  saveMissing() {}
}
`,
  },
  {
    // Translator.translate(): a missing key's logging, flat-JSON warning and saving (`saveMissing`, unset: only the
    // debug logger, which is off, would say anything).
    start: '      if (usedKey || usedDefault || updateMissing) {\n',
    end: '\n      }\n      res = this.extendTranslation(res, keys, opt, resolved, lastKey);\n',
    replace: `      if ((usedKey || usedDefault || updateMissing) && (this.options.saveMissing || this.options.debug)) {
        throw new Error('i18next saveMissing and debug are not built in: see web/build/i18next-browser-trim.ts');
      }
      res = this.extendTranslation(res, keys, opt, resolved, lastKey);
`,
  },
  {
    // The selector API (`t($ => $.a.b)`, a function as key or keyPrefix): every key of the storefront is a string.
    start: 'function createProxy() {\n',
    end: '\n  return path.join(keySeparator);\n}\n',
    replace: `function keysFromSelector() {
  throw new Error('i18next selector keys are not built in: see web/build/i18next-browser-trim.ts');
}
`,
  },
  {
    // Translator.translate(): the 'cimode' language (keys shown instead of texts, for tests): never set.
    start: "    if (lng?.toLowerCase() === 'cimode') {\n",
    end: '\n      return key;\n    }\n',
    replace: `    if (lng?.toLowerCase() === 'cimode') {
      throw new Error('i18next cimode is not built in: see web/build/i18next-browser-trim.ts');
    }
`,
  },
  {
    // Translator.translate(): a key naming an object or array (`returnObjects`, `joinArrays`): every text the
    // storefront asks for is a string; i18next itself answered such a key with a sentence about the mistake.
    start: '    if (handleAsObjectInI18nFormat && resForObjHndl && handleAsObject && !noObject.includes(resType) && !(isString(joinArrays) && Array.isArray(resForObjHndl))) {\n',
    end: '\n    } else {\n      let usedDefault = false;\n',
    replace: `    if (handleAsObjectInI18nFormat && resForObjHndl && handleAsObject && !noObject.includes(resType) && !(isString(joinArrays) && Array.isArray(resForObjHndl))) {
      throw new Error(\`i18next: \${key} is not a text (returnObjects and joinArrays are not built in: see web/build/i18next-browser-trim.ts)\`);
    } else if (handleAsObjectInI18nFormat && isString(joinArrays) && Array.isArray(res)) {
      throw new Error('i18next joinArrays is not built in: see web/build/i18next-browser-trim.ts');
    } else {
      let usedDefault = false;
`,
  },
  {
    // extendTranslation(): a debug-only warning about post-processors registered on another instance (none is).
    start: '      postProcessorNames.forEach(name => {\n',
    end: '\n      });\n',
    replace: '',
  },
  {
    // LanguageUtil: a debug-only warning about a language code's casing (debug is off: the first cut's rule).
    start: '  deprecateBareCode(code, formatted) {\n',
    end: '\n  }\n',
    replace: `  deprecateBareCode(code, formatted) {}
`,
  },
  {
    // Interpolator.init(): a warning about the regex-escaped delimiter options, which the storefront never sets.
    start: '    if (prefixEscaped || suffixEscaped || nestingPrefixEscaped || nestingSuffixEscaped) {\n',
    end: "\n    }\n    this.escape = escape$1 !== undefined ? escape$1 : escape;\n",
    replace: `    this.escape = escape$1 !== undefined ? escape$1 : escape;
`,
  },
  {
    // Interpolator.nest(): nesting (`$t(other.key)` inside a text): no text of the storefront nests another (the unit
    // spec checks every texts file under web/src); a text that does throws rather than show `$t(...)`.
    start: '  nest(str, fc, options = {}) {\n',
    end: '\n    return lastEnd ? out + str.slice(lastEnd) : str;\n  }\n',
    replace: `  nest(str, fc, options = {}) {
    if (new RegExp(this.nestingRegexp).test(str)) throw new Error('i18next nesting ($t(...)) is not built in: see web/build/i18next-browser-trim.ts');
    return str;
  }
`,
  },
  {
    // parseFormatStr(): the currency and relativetime formats' short option forms (`currency(EUR)`).
    start: "    if (formatName === 'currency' && !optStr.includes(':')) {\n",
    end: '\n    } else {\n',
    replace: `    {
`,
  },
  {
    // Formatter: no built-in format. The texts use `number` only (`{{x, number}}`, `{{x, number(options)}}`: the unit
    // spec checks every texts file under web/src), and lib/format.ts `shareTextNumberFormat` adds its own `number`
    // right after init (web/src/lib/i18n.ts) and in the server render (entry-server.tsx); currency, datetime,
    // relativetime and list were never used, i18next's own `number` was always replaced.
    start: '    const cf = options.cacheInBuiltFormats ? createCachedFormatter : createNonCachedFormatter;\n',
    end: '\n    };\n',
    replace: `    this.formats = {};
`,
  },
  {
    // Formatter.addCached(): a cached custom format (lib/format.ts adds its `number` with `add`).
    start: '  addCached(name, fc) {\n',
    end: '\n  }\n',
    replace: `  addCached(name, fc) {
    throw new Error('i18next addCached is not built in: see web/build/i18next-browser-trim.ts');
  }
`,
  },
  {
    // PluralResolver: needsPlural, getPluralFormsOfKey and getSuffixes serve only missing-key saving (the first cut's).
    start: '  needsPlural(code, options = {}) {\n',
    end: '\n  getSuffix(code, count, options = {}) {\n',
    replace: `  getSuffix(code, count, options = {}) {
`,
  },
  {
    // Formatter.format(): a format with no function (only a warning from i18next) throws.
    start: '        this.logger.warn(`there was no format function for ${formatName}`);\n',
    end: '\n',
    replace: "        throw new Error(`i18next: no format ${formatName} (none is built in, lib/format.ts adds number: see web/build/i18next-browser-trim.ts)`);\n",
  },
  {
    // I18n.init(): a language detector module (the storefront takes the language from the URL: lib/language.ts).
    start: '      if (this.modules.languageDetector) {\n',
    end: '\n        }\n      }\n',
    replace: `      if (this.modules.languageDetector) {
        throw new Error('i18next language detectors are not built in: see web/build/i18next-browser-trim.ts');
      }
`,
  },
  {
    // Logger.init(): `debug` (every instance's and module's logger is made here) throws, as the debug-only logging
    // calls are dropped (`dropDebugLogging`).
    start: '    this.debug = options.debug;\n',
    end: '\n',
    replace: `    if (options.debug) throw new Error('i18next debug is not built in: see web/build/i18next-browser-trim.ts'); this.debug = options.debug;
`,
  },
  {
    // ResourceStore.addResource() and addResources() (one key at a time): every bundle is added whole, with
    // addResourceBundle (lib/i18n.ts); the missing-key saving that called addResource is gone (the first cut).
    start: '  addResource(lng, ns, key, value, options = {\n',
    end: "\n    if (!options.silent) this.emit('added', lng, ns, resources);\n  }\n",
    replace: `  addResource() {
    throw new Error('i18next addResource is not built in: see web/build/i18next-browser-trim.ts');
  }
  addResources() {
    throw new Error('i18next addResources is not built in: see web/build/i18next-browser-trim.ts');
  }
`,
  },
  {
    // Translator.getUsedParamsDetails(): only for `returnDetails` and `postProcessPassResolved`, neither used.
    start: '  getUsedParamsDetails(options = {}) {\n',
    end: '\n    return data;\n  }\n',
    replace: `  getUsedParamsDetails(options = {}) {
    throw new Error('i18next returnDetails is not built in: see web/build/i18next-browser-trim.ts');
  }
`,
  },
  {
    // I18n.hydrate(): resources and language from a server's instance, unused (the texts ship with the bundles).
    start: '  hydrate(resources, lng) {\n',
    end: '\n    return this;\n  }\n',
    replace: `  hydrate(resources, lng) {
    throw new Error('i18next hydrate is not built in: see web/build/i18next-browser-trim.ts');
  }
`,
  },
  {
    // I18n.changeLanguage(): a debug-only check of the language code against the configured ones.
    start: '      if (l && this.logger.debug && !isSafeLanguageCode(l)) {\n',
    end: '\n        }\n      }\n',
    replace: '',
  },
  {
    // Logger: log, warn (debug only, their calls dropped: dropDebugLogging); error stays.
    start: '  log(...args) {\n',
    end: "\n    return this.forward(args, 'warn', '', true);\n  }\n",
    replace: `  log() {
    return null;
  }
  warn() {
    return null;
  }
`,
  },
  {
    // Logger: deprecate, once (debug only, their calls dropped: dropDebugLogging).
    start: '  deprecate(...args) {\n',
    end: '\n    return this[lvl](...args);\n  }\n',
    replace: `  deprecate() {
    return null;
  }
  once() {
    return null;
  }
`,
  },
  {
    // I18n.loadNamespaces() and loadLanguages(): every bundle is added with addResourceBundle (lib/i18n.ts), none
    // loaded by namespace or language (no backend).
    start: '  loadNamespaces(ns, callback) {\n',
    end: '\n  dir(lng) {\n',
    unique: true,
    replace: `  loadNamespaces() {
    throw new Error('i18next loadNamespaces is not built in: see web/build/i18next-browser-trim.ts');
  }
  loadLanguages() {
    throw new Error('i18next loadLanguages is not built in: see web/build/i18next-browser-trim.ts');
  }
`,
  },
  {
    // I18n.init(): an i18nFormat module (ICU and the like; the texts are i18next's own format). Given one, it throws,
    // so every `this.i18nFormat` below is undefined and its branches go.
    start: '      if (this.modules.i18nFormat) {\n',
    end: '\n      }\n',
    replace: `      if (this.modules.i18nFormat) throw new Error('i18next i18nFormat modules are not built in: see web/build/i18next-browser-trim.ts');
`,
  },
  {
    start: '    const handleAsObjectInI18nFormat = !this.i18nFormat || this.i18nFormat.handleAsObject;\n',
    end: '\n',
    replace: '    const handleAsObjectInI18nFormat = true;\n',
  },
  {
    // Translator.extendTranslation(): the i18nFormat's parse.
    start: '    if (this.i18nFormat?.parse) {\n',
    end: '\n    } else if (!opt.skipInterpolation) {\n',
    replace: `    if (!opt.skipInterpolation) {
`,
  },
  {
    // Translator.resolve(): the i18nFormat's lookup keys.
    start: '          if (this.i18nFormat?.addLookupKeys) {\n',
    end: '\n          } else {\n',
    replace: `          {
`,
  },
  {
    start: '    if (this.i18nFormat?.getResource) return this.i18nFormat.getResource(code, ns, key, options);\n',
    end: '\n',
    replace: '\n',
  },
  {
    // Translator.resolve(): a text's context (`t(key, { context })` looking up `key_context`): no text has one.
    start: "      const needsContextHandling = opt.context !== undefined && (isString(opt.context) || typeof opt.context === 'number') && opt.context !== '';\n",
    end: '\n',
    replace: "      if (opt.context !== undefined && opt.context !== '') throw new Error('i18next context is not built in: see web/build/i18next-browser-trim.ts'); const needsContextHandling = false;\n",
  },
  {
    // I18n.use(): a warning (debug only) when a module replaces one given before.
    start: '    const setModule = type => {\n',
    end: '\n      this.modules[type] = module;\n    };\n',
    replace: `    const setModule = type => {
      this.modules[type] = module;
    };
`,
  },
  {
    // Interpolator.interpolate(): a debug-only warning about nesting options in an unescaped text (no nesting here).
    start: "    if (!this.escapeValue && typeof str === 'string' && /\\$t\\([^)]*\\{[^}]*\\{\\{/.test(str)) {\n",
    end: '\n    }\n',
    replace: '',
  },
  {
    // Interpolator.interpolate(): a debug-only deprecation note on escaping '/' (the storefront sets escapeValue false).
    start: "        if (this.escape === escape && this.options?.interpolation?.escapeValue !== false && isString(val) && val.includes('/')) {\n",
    end: '\n        }\n',
    replace: '',
  },
  {
    // I18n.init(): the debug-only note on a logger shared between instances, and the warnings use() kept for init.
    start: '      if (loggerOwner && loggerOwner !== this && loggerOwner.modules.logger !== this.modules.logger) {\n',
    end: '\n      loggerOwner = this.modules.logger ? this : undefined;\n',
    replace: '',
  },
  {
    start: '      this.pendingWarnings?.forEach(msg => this.logger.warn(msg));\n',
    end: '\n      this.pendingWarnings = undefined;\n',
    replace: '',
  },
  {
    start: '  dir(lng) {\n',
    end: '\n  }\n',
    replace: `  dir(lng) {
    return 'ltr';
  }
`,
  },
  {
    start: '  cloneInstance(options = {}, callback = noop) {\n',
    end: '\n  }\n',
    replace: `  cloneInstance(options = {}, callback = noop) {
    throw new Error('i18next cloneInstance is not built in: see web/build/i18next-browser-trim.ts');
  }
`,
  },
];

/**
 * Applies the cuts to `code` (the text of i18next's dist/esm/i18next.js), keeping the line count.
 * @throws Error when a piece's start (or a unique end) is not found exactly once (i18next changed: update this file)
 */
export function trimI18next(code: string, id: string): string {
  let out = code;
  const once = (text: string) => {
    const at = out.indexOf(text);
    if (at < 0 || out.indexOf(text, at + 1) >= 0) {
      throw new Error(`i18next-browser-trim: expected exactly one ${JSON.stringify(text.trim())} in ${id} (i18next changed: update web/build/i18next-browser-trim.ts)`);
    }
    return at;
  };
  const lines = (text: string) => text.split('\n').length;
  for (const cut of CUTS) {
    const start = once(cut.start);
    const end = cut.unique ? once(cut.end) : out.indexOf(cut.end, start);
    if (end < start) throw new Error(`i18next-browser-trim: the end of ${JSON.stringify(cut.start.trim())} was not found after it in ${id}`);
    const removed = out.slice(start, end + cut.end.length);
    const kept = cut.unique ? removed.slice(0, -cut.end.length + 1) : removed;
    // The class cut keeps its `end` (the next statement) but the newline before it; a method cut replaces its closing
    // brace too.
    const tail = cut.unique ? out.slice(end + 1) : out.slice(end + cut.end.length);
    out = out.slice(0, start) + cut.replace + '\n'.repeat(Math.max(0, lines(kept) - lines(cut.replace))) + tail;
  }
  return dropDebugLogging(out, id);
}

/** A call of the debug-only logging: `this.logger` or `baseLogger` with `log`, `warn`, `deprecate` or `once`. */
const DEBUG_LOG_CALL = /\b(?:this\.logger|baseLogger)\.(?:log|warn|deprecate|once)\(/g;

/**
 * Replaces each debug-only logging call (`DEBUG_LOG_CALL`, with its arguments) by `void 0`, keeping the line count.
 * i18next's `Logger` answers `log`, `warn`, `deprecate` and `once` with null unless `debug` is set (its `forward`:
 * `if (debugOnly && !this.debug) return null`), and `Logger.init` throws here when it is (CUTS), so the calls only
 * carried their messages (~1 KB gzip of English text). Their arguments are strings, template literals and values
 * read without effects. `error` calls stay (they log without `debug`).
 * @throws Error when there is no such call at all (i18next changed), or a call does not end (build/drop-calls.ts)
 */
export function dropDebugLogging(code: string, id: string): string {
  const { code: out, dropped } = dropCalls(code, DEBUG_LOG_CALL);
  if (dropped === 0) throw new Error(`i18next-browser-trim: no debug logging call found in ${id} (i18next changed: update web/build/i18next-browser-trim.ts)`);
  return out;
}

/** @param include which module ids (absolute paths) to rewrite: i18next's ESM build. */
export function i18nextBrowserTrimPlugin(include: RegExp): Plugin {
  return {
    name: 'i18next-browser-trim',
    transform(code, id) {
      if (!include.test(id)) return null;
      return { code: trimI18next(code, id), map: null };
    },
  };
}
