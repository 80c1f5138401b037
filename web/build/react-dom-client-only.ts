/**
 * Drops React 18's legacy root API and the DevTools registration from the browser's react-dom (docs/architecture.md
 * section 6, "First load and crash safety"). react-dom's production build is one CommonJS module whose exports are all kept by the bundler, so the
 * legacy root (`ReactDOM.render`, `hydrate`, `unmountComponentAtNode`, `unstable_renderSubtreeIntoContainer`, with the
 * container set-up they share) and `findDOMNode` shipped in every shopper's first load (~0.6 KB gzip) although the app
 * only uses `createRoot` and `hydrateRoot` (web/src/main.tsx), and none of the libraries the staff chunks load calls
 * them (tiptap, dnd-kit, react-day-picker, the lightbox use `createPortal`, `flushSync` or `unstable_batchedUpdates`,
 * which stay).
 *
 * Each of those exports is replaced by a function that throws (a library that calls one fails loudly instead of
 * rendering nothing), and the minifier then drops the legacy root's code, which nothing else reaches.
 *
 * It also drops react-dom's registration with the React DevTools browser extension (`__REACT_DEVTOOLS_GLOBAL_HOOK__`:
 * the renderer object it hands over and the `inject` call, ~0.7 KB gzip with the commit and profiling hooks the
 * minifier can then remove, as they are never set). The cost: the React DevTools extension does not see the
 * production storefront (its components and profiler); the dev server (`npm run dev:web`, React's development build)
 * and the server render are untouched. Nothing else reads the hook. Each cut must
 * match react-dom's text exactly once, else the build fails: a react-dom upgrade that changes them is noticed, not
 * silently kept or broken. Only the files `include` matches are rewritten (the browser build: the server bundle keeps
 * node_modules external).
 */
import type { Plugin } from 'vite';

/** The legacy exports, as react-dom 18.3's production build spells them (each ends with `};`). */
const LEGACY_EXPORTS: { name: string; text: string }[] = [
  {
    name: 'findDOMNode',
    text: 'exports.findDOMNode=function(a){if(null==a)return null;if(1===a.nodeType)return a;var b=a._reactInternals;if(void 0===b){if("function"===typeof a.render)throw Error(p(188));a=Object.keys(a).join(",");throw Error(p(268,a));}a=Zb(b);a=null===a?null:a.stateNode;return a};',
  },
  { name: 'hydrate', text: 'exports.hydrate=function(a,b,c){if(!ol(b))throw Error(p(200));return rl(null,a,b,!0,c)};' },
  { name: 'render', text: 'exports.render=function(a,b,c){if(!ol(b))throw Error(p(200));return rl(null,a,b,!1,c)};' },
  {
    name: 'unmountComponentAtNode',
    text: 'exports.unmountComponentAtNode=function(a){if(!ol(a))throw Error(p(40));return a._reactRootContainer?(Rk(function(){rl(null,null,a,!1,function(){a._reactRootContainer=null;a[uf]=null})}),!0):!1};',
  },
  {
    name: 'unstable_renderSubtreeIntoContainer',
    text: 'exports.unstable_renderSubtreeIntoContainer=function(a,b,c,d){if(!ol(c))throw Error(p(200));if(null==a||void 0===a._reactInternals)throw Error(p(38));return rl(a,b,c,!1,d)};',
  },
];

/** The name of the function that replaces each legacy export (hoisted: declared at the end of the module). */
const NOT_BUILT_IN = '__reactDomLegacyRootNotBuiltIn';

/** react-dom 18.3's production build registering with the React DevTools extension: removed (found exactly once). */
const DEVTOOLS_HOOK =
  'var ul={bundleType:tl.bundleType,version:tl.version,rendererPackageName:tl.rendererPackageName,rendererConfig:tl.rendererConfig,overrideHookState:null,overrideHookStateDeletePath:null,overrideHookStateRenamePath:null,overrideProps:null,overridePropsDeletePath:null,overridePropsRenamePath:null,setErrorHandler:null,setSuspenseHandler:null,scheduleUpdate:null,currentDispatcherRef:ua.ReactCurrentDispatcher,findHostInstanceByFiber:function(a){a=Zb(a);return null===a?null:a.stateNode},findFiberByHostInstance:tl.findFiberByHostInstance||\njl,findHostInstancesForRefresh:null,scheduleRefresh:null,scheduleRoot:null,setRefreshHandler:null,getCurrentFiber:null,reconcilerVersion:"18.3.1-next-f1338f8080-20240426"};if("undefined"!==typeof __REACT_DEVTOOLS_GLOBAL_HOOK__){var vl=__REACT_DEVTOOLS_GLOBAL_HOOK__;if(!vl.isDisabled&&vl.supportsFiber)try{kc=vl.inject(ul),lc=vl}catch(a){}}';

/**
 * Replaces the legacy exports in `code` (the text of react-dom/cjs/react-dom.production.min.js) and removes its DevTools
 * registration.
 * @throws Error when an export's or the registration's text is not found exactly once (react-dom changed: update
 *   this file)
 */
export function dropLegacyRoot(code: string, id: string): string {
  let out = code;
  for (const { name, text } of LEGACY_EXPORTS) {
    const at = out.indexOf(text);
    if (at < 0 || out.indexOf(text, at + 1) >= 0) {
      throw new Error(`react-dom-client-only: expected exactly one ${name} export in ${id} (react-dom changed: update web/build/react-dom-client-only.ts)`);
    }
    out = out.slice(0, at) + `exports.${name}=${NOT_BUILT_IN};` + out.slice(at + text.length);
  }
  const hook = out.indexOf(DEVTOOLS_HOOK);
  if (hook < 0 || out.indexOf(DEVTOOLS_HOOK, hook + 1) >= 0) {
    throw new Error(`react-dom-client-only: expected exactly one DevTools registration in ${id} (react-dom changed: update web/build/react-dom-client-only.ts)`);
  }
  out = out.slice(0, hook) + '\n' + out.slice(hook + DEVTOOLS_HOOK.length);
  // One function throws for them all (its message names what was called), declared after the module's code.
  return `${out}\nfunction ${NOT_BUILT_IN}(){throw Error("ReactDOM's legacy root API (render, hydrate, unmountComponentAtNode, findDOMNode) is not built in: see web/build/react-dom-client-only.ts")}\n`;
}

/** @param include which module ids (absolute paths) to rewrite: react-dom's production CommonJS build. */
export function reactDomClientOnlyPlugin(include: RegExp): Plugin {
  return {
    name: 'react-dom-client-only',
    transform(code, id) {
      if (!include.test(id)) return null;
      return { code: dropLegacyRoot(code, id), map: null };
    },
  };
}
