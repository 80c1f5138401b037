/**
 * Drops i18next's backend connector from the browser's vendor chunk (docs/architecture.md section 6, "First load and
 * crash safety"). The storefront never gives i18next a backend (`i18n.use` only takes react-i18next's module): the
 * Estonian texts ship in the entry and every other bundle is added with `addResourceBundle` (web/src/lib/i18n.ts).
 * Without a backend, i18next's `Connector` only ever answers "nothing to load" at once (`prepareLoading`: `if
 * (!this.backend) return callback()`), yet its queue, retries, parallel reads and missing-key saving (~1.3 KB gzip)
 * came along in every shopper's first load, because `init` constructs it.
 *
 * The plugin replaces that class with one that keeps the same answers: `load` and `reload` call back at once with no
 * error, `state` stays empty, `backend` undefined (so `hasLoadedNamespace` answers from the bundles, as before), and
 * `noticeDevFallback`/`saveMissing` do nothing (a dev fallback language and `saveMissing` are not configured). Should
 * a backend module ever be given to `i18n.use`, the constructor throws, so the change cannot go unnoticed. The class's
 * text must be found exactly once, else the build fails: an i18next upgrade that changes it is noticed, not silently
 * kept or broken. Only the browser build runs it (the server bundle keeps node_modules external).
 */
import type { Plugin } from 'vite';

/** Where the class starts and what follows it in i18next's ESM build. */
const CLASS_START = 'class Connector extends EventEmitter {\n';
const AFTER_CLASS = '\nconst get = () => ({\n';

/** The backend-less connector (each method as i18next's own answers it without a backend). */
const NO_BACKEND_CONNECTOR = `class Connector extends EventEmitter {
  constructor(backend, store, services, options = {}) {
    super();
    if (backend) throw new Error('i18next backends are not built in: see web/build/i18next-no-backend.ts');
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
`;

/**
 * Replaces i18next's `Connector` class in `code` (the text of i18next's dist/esm/i18next.js) by the backend-less one,
 * keeping the line count (the rest of the module keeps its line numbers).
 * @throws Error when the class's start or end is not found exactly once (i18next changed: update this file)
 */
export function withoutBackendConnector(code: string, id: string): string {
  const once = (text: string, from = 0) => {
    const at = code.indexOf(text, from);
    if (at < 0 || code.indexOf(text, at + 1) >= 0) {
      throw new Error(`i18next-no-backend: expected exactly one ${JSON.stringify(text.trim())} in ${id} (i18next changed: update web/build/i18next-no-backend.ts)`);
    }
    return at;
  };
  const start = once(CLASS_START);
  const end = once(AFTER_CLASS);
  if (end < start) throw new Error(`i18next-no-backend: the connector class's end comes before its start in ${id}`);
  const removed = code.slice(start, end + 1);
  const lines = (text: string) => text.split('\n').length;
  return code.slice(0, start) + NO_BACKEND_CONNECTOR + '\n'.repeat(Math.max(0, lines(removed) - lines(NO_BACKEND_CONNECTOR))) + code.slice(end + 1);
}

/** @param include which module ids (absolute paths) to rewrite: i18next's ESM build. */
export function i18nextNoBackendPlugin(include: RegExp): Plugin {
  return {
    name: 'i18next-no-backend',
    transform(code, id) {
      if (!include.test(id)) return null;
      return { code: withoutBackendConnector(code, id), map: null };
    },
  };
}
