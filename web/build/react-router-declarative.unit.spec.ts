/**
 * The browser build's react-router trimming (build/react-router-declarative.ts; docs/architecture.md section 6, "First
 * load and crash safety"): applied to the installed react-router, every cut matches, lines stay where they were, and a
 * module that lacks a cut fails loudly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactRouterDeclarativePlugin } from './react-router-declarative';

const dist = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production');
const include = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/;

function transform(code: string, id: string): string | null {
  const hook = reactRouterDeclarativePlugin(include).transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
}

describe('react-router-declarative', () => {
  const file = readdirSync(dist)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => path.join(dist, name))
    .find((name) => readFileSync(name, 'utf8').includes('function _renderMatches('))!;

  it('cuts the framework-mode branches from the installed react-router, line for line', () => {
    const code = readFileSync(file, 'utf8');
    const out = transform(code, file)!;
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out).not.toContain('React10.createElement(PrefetchPageLinks');
    expect(out).not.toContain('usePrefetchBehavior(\n');
    expect(out).not.toContain('|| defaultErrorElement');
    expect(out).not.toMatch(/createElement\(\s*RenderErrorBoundary/);
    expect(out).not.toMatch(/^Form\.displayName = /m);
    expect(out).toContain('var Form = /* @__PURE__ */ React10.forwardRef(');
    // What a declarative router runs is untouched.
    expect(out).toContain('function useRoutesImpl(');
    expect(out).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    // Its console warnings are dropped with their messages; the helpers' definitions stay (unused).
    expect(code).toMatch(/[^\w$.]warning\(\s*false,/);
    expect(out).not.toMatch(/(?<![\w$.])(?<!function )(?:warning|warningOnce)\(/);
    expect(out).not.toContain('No routes matched location');
    expect(out).toContain('function warning(cond, message) {');
    // No data router: _renderMatches' state is a constant, useNavigate takes the declarative hook.
    expect(out).toContain('const dataRouterState = void 0;');
    expect(out).toContain('  return useNavigateUnstable();');
    expect(out).not.toContain('useNavigateStable() :');
    // invariant() still throws its message.
    expect(out).toMatch(/invariant\(/);
  });

  it('fails the build when a cut no longer matches (react-router changed)', () => {
    const changed = 'var C = React.createContext(null);\nfunction _renderMatches() {}\n';
    expect(() => transform(changed, '/x/node_modules/react-router/dist/development/chunk.mjs')).toThrow(/expected exactly one/);
  });

  it('leaves other modules alone', () => {
    expect(transform('var C = React.createContext(null);', '/x/web/src/a.ts')).toBeNull();
  });
});
