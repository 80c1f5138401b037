/**
 * Drops from the browser's vendor chunk the parts of react-router a declarative-mode app (`BrowserRouter`, `Routes`,
 * `Link`, hooks: docs/architecture.md section 6, "Stack and bundles") can never run (docs/architecture.md section 6,
 * "First load and crash safety"). react-router 7 ships every mode in one module, and the bundler keeps what it cannot
 * prove unused:
 *
 * 1. Top-level definitions: `var Form = React10.forwardRef(...)` followed by `Form.displayName = "Form";`, without a
 *    `/* @__PURE__ *\/` annotation. A top-level call and a property write both count as side effects, so every such
 *    definition (Form with its submission helpers, the framework-mode contexts) stayed although the app imports none.
 *    React's `forwardRef`, `memo` and `createContext` only build an object from their arguments, so they are marked
 *    pure; `displayName` only names a component in React's developer tools and development warnings (the build is
 *    production), so those statements go.
 * 2. Framework-mode branches, reachable in the code but never taken without a framework or RSC router above them
 *    (`DECLARATIVE_ONLY`): `Link`'s page prefetch (`usePrefetchBehavior` answers "no prefetch" without the framework
 *    context: `prefetch` is a framework-mode option), and a data router's route error boundaries and default error element
 *    (with their RSC redirect and error-digest handling: `_renderMatches` renders them only under a data router's
 *    state, which `BrowserRouter` and `StaticRouter` never have); `_renderMatches`' data router options themselves (its
 *    state becomes a constant `undefined`, and options given throw), and `useNavigate`'s data-router hook. Each
 *    replacement must match exactly once, else the build fails: a react-router upgrade that changes that code is
 *    noticed, not silently kept or broken.
 *
 * 3. Its console warnings (`warning(cond, message)` and `warningOnce(key, cond, message)`: `console.warn` of a
 *    developer's mistake, such as a route path with a bare `*` or a `navigate()` during render), which the production
 *    build keeps: every call is dropped with its message (build/drop-calls.ts; ~0.7 KB gzip). The conditions only read
 *    values. The dev server (`npm run dev:web`) runs react-router's development build, untouched, with every warning.
 *
 * Only the files `include` matches are rewritten (the browser build: the server bundle keeps node_modules external),
 * and every line stays where it was (a removed statement leaves its line empty).
 */
import type { Plugin } from 'vite';
import { dropCalls } from './drop-calls';

const DEFINITION = /(=\s*)(React\d*\.(?:forwardRef|memo|createContext)\()/g;
/** `Form.displayName = "Form";` at the top level: a property write, which also keeps an unused definition. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** The module of react-router's dist that defines `Link` and `_renderMatches`: it must hold every `DECLARATIVE_ONLY`. */
const ROUTER_MODULE = 'function _renderMatches(';
/** The branches to cut from it: each `find` exactly once, replaced by `replace`. */
const DECLARATIVE_ONLY: { find: string; replace: string }[] = [
  {
    // Link: `shouldPrefetch && !isAbsolute ? <>{link}<PrefetchPageLinks page={href} /></> : link`.
    find: '/* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })',
    replace: 'null',
  },
  {
    // Link: usePrefetchBehavior() answers `[false, ref, {}]` without the framework context (its 6 hooks per link run
    // for nothing); the ref it gives only serves the prefetch.
    find: 'let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(\n      prefetch,\n      rest\n    );',
    replace: 'let [shouldPrefetch, prefetchRef, prefetchHandlers] = [false, null, {}];',
  },
  {
    // _renderMatches(): inside `if (dataRouterState)`, a data router's state (declarative mode has none).
    find: 'errorElement = match.route.errorElement || defaultErrorElement;',
    replace: 'errorElement = match.route.errorElement;',
  },
  {
    // _renderMatches(): a route's error boundary (with its RSC redirect and error-digest handling) wraps a match only
    // under a data router's state.
    find: `      return dataRouterState && (match.route.ErrorBoundary || match.route.errorElement || index === 0) ? /* @__PURE__ */ React2.createElement(
        RenderErrorBoundary,
        {
          location: dataRouterState.location,
          revalidation: dataRouterState.revalidation,
          component: errorElement,
          error,
          children: getChildren(),
          routeContext: { outlet: null, matches: matches2, isDataRoute: true },
          onError
        }
      ) : getChildren();`,
    replace: '      return getChildren();',
  },
  {
    // _renderMatches(): its data router options (state, errors, hydrate fallbacks, loaders, onError) come only from a
    // data router's <DataRoutes>; `<Routes>` passes none. Without them every `dataRouterState` branch is dead, and
    // the minifier drops it once the state is a constant.
    find: 'function _renderMatches(matches, parentMatches = [], dataRouterOpts) {\n  let dataRouterState = dataRouterOpts?.state;',
    replace: "function _renderMatches(matches, parentMatches = [], dataRouterOpts) {\n  if (dataRouterOpts) throw new Error('react-router data routers are not built in: see web/build/react-router-declarative.ts'); const dataRouterState = void 0;",
  },
  {
    // useNavigate(): a route's context says `isDataRoute` only under a data router's state (_renderMatches, above),
    // so a declarative router always takes the other hook; the data router's stable navigate goes.
    find: '  return isDataRoute ? useNavigateStable() : useNavigateUnstable();',
    replace: '  return useNavigateUnstable();',
  },
  {
    // The boundary's `static contextType`, written after the class: a property write keeping the now unused class.
    find: 'RenderErrorBoundary.contextType = RSCRouterContext;',
    replace: '',
  },
];

function cutFrameworkBranches(code: string, id: string): string {
  if (!code.includes(ROUTER_MODULE)) return code;
  let out = code;
  for (const { find, replace } of DECLARATIVE_ONLY) {
    const at = out.indexOf(find);
    if (at < 0 || out.indexOf(find, at + 1) >= 0) {
      throw new Error(`react-router-declarative: expected exactly one ${JSON.stringify(find.slice(0, 60))}... in ${id} (react-router changed: update web/build/react-router-declarative.ts)`);
    }
    // Lines kept: the replacement is padded with the line breaks it lacks.
    const lines = (text: string) => text.split('\n').length;
    out = out.slice(0, at) + replace + '\n'.repeat(lines(find) - lines(replace)) + out.slice(at + find.length);
  }
  return out;
}

/** react-router's warning helpers' definitions: the module defining them must drop at least one call of each. */
const WARNING_DEFINITIONS = ['function warning(cond, message) {', 'function warningOnce(key, cond, message) {'];
/** A call of either (not the definitions themselves, nor a member named so). */
const WARNING_CALL = /(?<![\w$.])(?<!function )(?:warning|warningOnce)\(/g;

function dropWarnings(code: string, id: string): string {
  if (!WARNING_DEFINITIONS.some((d) => code.includes(d))) return code;
  const { code: out, dropped } = dropCalls(code, WARNING_CALL);
  for (const name of ['warning', 'warningOnce']) {
    if (new RegExp(`(?<![\\w$.])(?<!function )${name}\\(`).test(out)) throw new Error(`react-router-declarative: a ${name} call was left in ${id}`);
  }
  if (dropped === 0) throw new Error(`react-router-declarative: no warning call found in ${id} (react-router changed: update web/build/react-router-declarative.ts)`);
  return out;
}

/** @param include which module ids (absolute paths) to rewrite: react-router's dist files. */
export function reactRouterDeclarativePlugin(include: RegExp): Plugin {
  return {
    name: 'react-router-declarative',
    transform(code, id) {
      if (!include.test(id) || !DEFINITION.test(code)) return null;
      DEFINITION.lastIndex = 0;
      const annotated = code.replace(DEFINITION, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
      return { code: dropWarnings(cutFrameworkBranches(annotated, id), id), map: null };
    },
  };
}
