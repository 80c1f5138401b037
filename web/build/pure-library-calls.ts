/**
 * Marks a library's top-level component and context definitions as pure, so the bundler drops those the app never
 * uses (docs/architecture.md section 6, "First load and crash safety"). react-router ships its components as
 * `var Form = React10.forwardRef(...)` followed by `Form.displayName = "Form";`, in one module and without
 * `/* @__PURE__ *\/` annotations: a top-level call and a property write both count as side effects, so every such
 * definition (Form with its submission helpers, the framework-mode contexts) stayed in the first-load vendor chunk
 * although only declarative-mode pieces are imported (-1.4 KB gzip).
 *
 * React's `forwardRef`, `memo` and `createContext` only build an object from their arguments, so marking them pure is
 * safe; `displayName` only names a component in React's developer tools and development warnings, and the build is
 * production. Only the files `include` matches are rewritten (the browser build: the server bundle keeps node_modules
 * external), and every line stays where it was (a removed statement leaves its line empty).
 */
import type { Plugin } from 'vite';

const DEFINITION = /(=\s*)(React\d*\.(?:forwardRef|memo|createContext)\()/g;
/** `Form.displayName = "Form";` at the top level: a property write, which also keeps an unused definition. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** @param include which module ids (absolute paths) to annotate, e.g. react-router's dist files. */
export function pureLibraryCallsPlugin(include: RegExp): Plugin {
  return {
    name: 'pure-library-calls',
    transform(code, id) {
      if (!include.test(id) || !DEFINITION.test(code)) return null;
      DEFINITION.lastIndex = 0;
      const annotated = code.replace(DEFINITION, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
      return { code: annotated, map: null };
    },
  };
}
