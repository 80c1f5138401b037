/**
 * The JSON body parser (a body nested 5,000 deep answered 500): refuses bodies nested deeper than
 * MAX_JSON_DEPTH objects/arrays before parsing, and a `__proto__` key or `constructor.prototype` like Fastify's own parser
 * (secure-json-parse); either is 400 `request.too_deep` / `request.invalid` in the envelope (api/plugins/errors.ts).
 * An empty body is 400 as well.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/** The deepest nesting of objects and arrays a body may have (the deepest contract needs 3). */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of a JSON text (objects and arrays; brackets inside strings do not count); stops past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}

/** Replaces Fastify's application/json parser with the depth-limited one. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(new ApiError('request.invalid', 400), undefined);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(new ApiError('request.too_deep', 400), undefined);
    if (/"__proto__"\s*:|"constructor"\s*:\s*\{\s*"prototype"\s*:/.test(text)) return done(new ApiError('request.invalid', 400), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError('request.invalid', 400), undefined);
    }
  });
}
