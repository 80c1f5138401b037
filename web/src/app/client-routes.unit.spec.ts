/**
 * The client routes the api knows (api/contracts/client-routes.ts, used to answer unknown paths with 404 so search
 * engines do not index them) are exactly the routes web/src/app/router.tsx declares, and the matcher reads paths as react-router does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchClientPath, STAFF_ROUTE_PATTERNS, STOREFRONT_ROUTE_PATTERNS } from '../../../api/contracts/client-routes';

const router = readFileSync(path.join(__dirname, 'router.tsx'), 'utf8');
/** The body of a function of router.tsx, from its declaration to the next top-level declaration. */
const bodyOf = (name: string) => {
  const start = router.indexOf(`function ${name}(`);
  expect(start, name).toBeGreaterThan(-1);
  const end = router.slice(start).search(/\n(?:export )?function |\n\/\*\*/);
  return router.slice(start, end === -1 ? undefined : start + end);
};

describe('client routes shared with the api', () => {
  it('lists exactly the pages router.tsx declares under each language prefix (fallbacks aside)', () => {
    const pages = bodyOf('pages');
    const declared = [...pages.matchAll(/\bpath="([^"]*)"/g)].map((m) => m[1]!).filter((p) => p !== '*' && p !== ':pageName');
    if (/\bindex element=/.test(pages)) declared.push('');
    expect(declared.sort()).toEqual([...STOREFRONT_ROUTE_PATTERNS].sort());
    // The fallbacks the api resolves itself: content page names and (prefixed) category URLs.
    expect(pages).toContain('path=":pageName"');
    expect(pages).toContain('path="*"');
  });

  it('lists exactly the staff routes router.tsx declares', () => {
    const staff = [...bodyOf('staffRoutes').matchAll(/\bpath=\{`\$\{p\}([^`]*)`\}/g)].map((m) => m[1]!);
    expect(staff.sort()).toEqual([...STAFF_ROUTE_PATTERNS].sort());
  });

  it('declares the language prefixes the api strips', () => {
    expect(bodyOf('AppRoutes')).toMatch(/path="et"[\s\S]*path="en"/);
  });

  it('matches paths as react-router does: case-insensitive, a trailing slash ignored, optional and rest segments', () => {
    expect(matchClientPath('/')).toEqual({ kind: 'route' });
    expect(matchClientPath('/en')).toEqual({ kind: 'route' });
    expect(matchClientPath('/Products/')).toEqual({ kind: 'route' });
    expect(matchClientPath('/et/products/view/abc')).toEqual({ kind: 'route' });
    expect(matchClientPath('/page/1')).toEqual({ kind: 'route' });
    expect(matchClientPath('/page/1/slug')).toEqual({ kind: 'route' });
    expect(matchClientPath('/admin/users/edit/1')).toEqual({ kind: 'route' });
    expect(matchClientPath('/products/view')).toEqual({ kind: 'none' });
    expect(matchClientPath('/a/b')).toEqual({ kind: 'none' });
    expect(matchClientPath('/m%C3%BC%C3%BCk')).toEqual({ kind: 'dynamic', pageName: 'müük', categoryUrl: null });
    expect(matchClientPath('/en/muugitingimused')).toEqual({ kind: 'dynamic', pageName: 'muugitingimused', categoryUrl: '/en/muugitingimused' });
    expect(matchClientPath('/et/filtrid/olifiltrid')).toEqual({ kind: 'dynamic', pageName: null, categoryUrl: '/et/filtrid/olifiltrid' });
  });
});
