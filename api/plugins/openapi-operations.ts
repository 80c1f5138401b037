/**
 * Each operation of the OpenAPI document (GET /v1/openapi.json) gets an `operationId` and a `security` requirement,
 * set by onRoute hooks from what the route really runs, so a generated client has a name per call and an integrator
 * sees which calls need the staff session and the CSRF token.
 *
 * - **operationId**: the method and the path without `/v1`, in camel case, a parameter as `By` + its name:
 *   GET /v1/admin/pages/:id is `getAdminPagesById`, POST /category/update/:id `postCategoryUpdateById`. Two routes
 *   with one id (e.g. /v1/x and /x) fail the app's start (`registerOperationIds`), not the generated client.
 * - **security**: the schemes of the guards the route runs. A hook function is declared once where it is made
 *   (`declareGuard`): the CSRF check of api/plugins/csrf.ts and `staffCsrf` as `csrfToken`; the staff scope
 *   (api/plugins/staff-scope.ts) adds `staffSession` to every route its guard covers (`declareStaffSession`). A
 *   route without a guard declares `security: []` (no credentials), which is a statement too.
 *
 * The schemes (`SECURITY_SCHEMES`): `staffSession`, the cookie `shop_sid` of a staff sign-in (spec 7 POST
 * /v1/login-session); `csrfToken`, the header `x-csrf-token` holding the token of GET /v1/csrf-token (whose
 * secret travels in the `_csrf` cookie).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from './sessions.js';

export type SecuritySchemeName = 'staffSession' | 'csrfToken';

/** The document's `components.securitySchemes`. */
export const SECURITY_SCHEMES = {
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The staff session, set by a successful POST /v1/login-session (HttpOnly, SameSite=Lax). Staff calls without it answer 401.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-csrf-token',
    description: 'The token of GET /v1/csrf-token (which sets its secret in the `_csrf` cookie; send both). A missing or wrong token answers 403 `request.csrf_invalid`.',
  },
} as const;

type Hook = (...args: never[]) => unknown;
const declared = new WeakMap<Hook, SecuritySchemeName>();

/** Declares that a route hook checks the credential `scheme`; returns the hook. */
export function declareGuard<H extends Hook>(hook: H, scheme: SecuritySchemeName): H {
  declared.set(hook, scheme);
  return hook;
}

const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/** The schemes declared by the route's own hooks, in the order of SECURITY_SCHEMES. */
function routeGuards(route: RouteOptions): Set<SecuritySchemeName> {
  const schemes = new Set<SecuritySchemeName>();
  for (const name of GUARD_HOOKS) {
    const hooks = route[name] as Hook | Hook[] | undefined;
    for (const hook of Array.isArray(hooks) ? hooks : hooks ? [hooks] : []) {
      const scheme = declared.get(hook);
      if (scheme) schemes.add(scheme);
    }
  }
  return schemes;
}

/** `security` of an operation that needs every one of `schemes` (one requirement object: all of them); [] for none. */
export function securityRequirement(schemes: Iterable<SecuritySchemeName>): Record<string, string[]>[] {
  const names = (Object.keys(SECURITY_SCHEMES) as SecuritySchemeName[]).filter((name) => [...schemes].includes(name));
  return names.length === 0 ? [] : [Object.fromEntries(names.map((name) => [name, []]))];
}

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of `method` on a Fastify `url` (see the module comment): `/v1` dropped, each segment's words in
 * Pascal case, `:name` (or `{name}`) as `ByName`, `*` as `Any`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'v1') segments.shift();
  const words = segments.map((segment) => {
    const param = /^[:{]([A-Za-z0-9_]+)/.exec(segment);
    if (param) return `By${pascal(param[1])}`;
    if (segment === '*') return 'Any';
    return segment.split(/[^A-Za-z0-9]+/).filter(Boolean).map(pascal).join('');
  });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** The route is in the document: it has a schema that is not hidden, and is not Fastify's automatic HEAD. */
const documented = (route: RouteOptions) => route.schema !== undefined && !(route.schema as { hide?: boolean }).hide && route.method !== 'HEAD';

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * The app-wide onRoute hook (register before any documented route): every documented route's schema gets its
 * operationId and the security of its own declared hooks. @throws Error at registration when two routes resolve to
 * one operationId, or one route serves several methods (one schema cannot carry two ids).
 */
export function registerOperationIds(app: FastifyInstance): void {
  const seen = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (!documented(route)) return;
    const methods = methodsOf(route);
    if (methods.length !== 1) throw new Error(`${methods.join(',')} ${route.url}: one method per documented route (an operationId each)`);
    const operationId = operationIdOf(methods[0], route.url);
    const where = `${methods[0]} ${route.url}`;
    const other = seen.get(operationId);
    if (other !== undefined) throw new Error(`operationId ${operationId} of ${where} is already ${other}'s: rename one of the paths`);
    seen.set(operationId, where);
    // A new schema object per route: the zod schemas are shared, the document's fields are this route's.
    route.schema = { ...route.schema, operationId, security: securityRequirement(routeGuards(route)) };
  });
}

/**
 * The staff scope's onRoute hook: the routes its guard covers (all but `config.public` ones) need the staff session
 * too. Register inside the scope, beside the guard it describes.
 */
export function declareStaffSession(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!documented(route) || route.config?.public) return;
    const current = (route.schema as { security?: Record<string, string[]>[] }).security ?? [];
    const schemes = new Set<SecuritySchemeName>(['staffSession', ...(Object.keys(current[0] ?? {}) as SecuritySchemeName[])]);
    route.schema = { ...route.schema, security: securityRequirement(schemes) };
  });
}
