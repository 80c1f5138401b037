/**
 * Security headers on every answer (OWASP ASVS 5.0 V3.4) through helmet, one middleware built when the app starts
 * and run in an onRequest hook (@fastify/helmet 13 built helmet's middleware again for every request: ~2 % of the
 * api's CPU on every route):
 * - Content-Security-Policy: scripts only from the shop itself plus the exact inline scripts it ships (sha256 hashes
 *   of web/dist/index.html's inline scripts, read when the app starts, and of the payment page's auto-submit
 *   script), so an injected inline script does not run; `frame-ancestors 'none'`, `object-src 'none'`,
 *   `base-uri 'self'`; forms may post to the shop and to https pages (the banks' iPizza forms);
 *   `upgrade-insecure-requests` when PUBLIC_URL is https. Inline styles stay allowed (React style attributes).
 *   Images only from the shop itself (`img-src 'self' data:`): product images are the shop's own files
 *   (/files/{id}/{width}.webp), so no one, staff included, can put a tracking pixel of another site on a page; `data:`
 *   for the favicon of web/index.html (a data: image makes no request). Payment logos of other sites are dropped
 *   (api/routes/orders/to-order.ts shopServedLogo); an imported catalog image URL (CSV image_url) is blocked and the
 *   storefront shows the category pictogram in its place.
 * - X-Content-Type-Options: nosniff; X-Frame-Options: DENY; Referrer-Policy: strict-origin-when-cross-origin;
 * - Strict-Transport-Security (180 days, subdomains) only when PUBLIC_URL is https.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { renderAutoPostForm } from '../../platform/payments/html.js';

/** The `'sha256-…'` CSP sources of every inline `<script>` (one without `src`) in an HTML text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of the payment redirect page's inline script (platform/payments/html.ts), whatever the form holds. */
function paymentFormHashes(): string[] {
  return inlineScriptHashes(renderAutoPostForm({ kind: 'form', action: 'https://example.invalid/', fields: {} } as Parameters<typeof renderAutoPostForm>[0], 'et'));
}

/**
 * The headers of an answer made before routing (Fastify's frameworkErrors: a bad or too long URL), where helmet's
 * hook does not run: a JSON error, so nothing may load or frame it.
 */
export const PRE_ROUTING_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

export interface SecurityHeaderOptions {
  /** The shop's public base URL (PUBLIC_URL); https turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string;
  /** Path of the built index.html whose inline scripts are allowed (absent or missing: none). */
  indexHtmlPath?: string | null;
}

/** The Content-Security-Policy directives (helmet's form) for these options. */
export function cspDirectives(options: SecurityHeaderOptions): Record<string, string[]> {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  const indexHashes = options.indexHtmlPath && existsSync(options.indexHtmlPath) ? inlineScriptHashes(readFileSync(options.indexHtmlPath, 'utf8')) : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...indexHashes, ...paymentFormHashes()],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", 'https:'],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Registers helmet with the shop's policy (see the module comment) as an onRequest hook on every route. */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
}
