/**
 * The browser build's react-dom without the legacy root (build/react-dom-client-only.ts; docs/architecture.md section
 * 6, "First load and crash safety"): applied to the installed react-dom, every cut matches, the module still renders
 * with createRoot, the legacy exports throw, it does not register with the DevTools extension, and a react-dom that
 * lacks a cut fails the build.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { dropLegacyRoot, reactDomClientOnlyPlugin } from './react-dom-client-only';

const file = path.resolve(import.meta.dirname, '../../node_modules/react-dom/cjs/react-dom.production.min.js');

/** react-dom's module evaluated from the rewritten text, its `require` resolving from react-dom's own folder. */
function patchedReactDom(): Record<string, (...args: unknown[]) => unknown> {
  const module = { exports: {} as Record<string, (...args: unknown[]) => unknown> };
  const evaluate = new Function('exports', 'require', 'module', dropLegacyRoot(readFileSync(file, 'utf8'), file));
  evaluate(module.exports, createRequire(file), module);
  return module.exports;
}

describe('react-dom-client-only', () => {
  it('replaces the legacy exports of the installed react-dom and keeps the rest', () => {
    const code = readFileSync(file, 'utf8');
    const out = dropLegacyRoot(code, file);
    expect(out).not.toContain('return rl(null,a,b,!1,c)');
    expect(out).not.toContain('a._reactRootContainer=null');
    for (const name of ['createPortal', 'createRoot', 'flushSync', 'hydrateRoot', 'unstable_batchedUpdates', 'version']) {
      expect(out).toContain(`exports.${name}=`);
    }
  });

  it('throws for the legacy root and keeps createRoot, hydrateRoot, createPortal and flushSync', () => {
    const dom = patchedReactDom();
    for (const name of ['render', 'hydrate', 'unmountComponentAtNode', 'findDOMNode', 'unstable_renderSubtreeIntoContainer']) {
      expect(() => dom[name]!(null, null), name).toThrow(/legacy root API .* is not built in/);
    }
    for (const name of ['createRoot', 'hydrateRoot', 'createPortal', 'flushSync', 'unstable_batchedUpdates']) {
      expect(typeof dom[name], name).toBe('function');
    }
    // Without a DOM, createRoot still validates its container as before (React's error 299).
    expect(() => dom.createRoot!({})).toThrow(/299/);
  });

  it('does not register with the React DevTools extension', () => {
    expect(dropLegacyRoot(readFileSync(file, 'utf8'), file)).not.toContain('__REACT_DEVTOOLS_GLOBAL_HOOK__');
    const inject = vi.fn(() => 1);
    const global = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
    global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: false, supportsFiber: true, inject };
    try {
      const dom = patchedReactDom();
      expect(typeof dom.createRoot).toBe('function');
      expect(inject).not.toHaveBeenCalled();
    } finally {
      delete global.__REACT_DEVTOOLS_GLOBAL_HOOK__;
    }
  });

  it('fails the build when a cut no longer matches (react-dom changed)', () => {
    expect(() => dropLegacyRoot('exports.render=function(){};', '/x/react-dom.production.min.js')).toThrow(/expected exactly one findDOMNode/);
  });

  it('leaves other modules alone', () => {
    const hook = reactDomClientOnlyPlugin(/react-dom\.production\.min\.js$/).transform as (code: string, id: string) => unknown;
    expect(hook('const a = 1;', '/x/web/src/a.ts')).toBeNull();
  });
});
