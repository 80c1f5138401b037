/**
 * How the api compresses its answers (@fastify/compress options): the app's own, and the hot listing routes'.
 *
 * - `COMPRESSION` (api/app.ts): answers over 1 KB, brotli at quality 4 (answers are made per request) or gzip as the
 *   browser accepts, in one call for any answer up to 1 MB. @fastify/compress otherwise streams an answer over its
 *   threshold (8 KB on 2 cores) through a new brotli stream on the thread pool, which under 50 concurrent listings cost
 *   13.5 ms of CPU per 100 KB answer against 1.3 ms in one call (bench:catalog-load-ab with ACCEPT_ENCODING=br).
 * - `LISTING_COMPRESSION` (GET /v1/products, GET /v1/search): brotli at quality 2, in one call too (a route's options
 *   replace the app's). zlib alone, per answer of the bench catalog: a category page of 31 KB 0.31 ms (streamed, q4) ->
 *   0.10 ms (one call, q2) for 3,043 -> 3,310 bytes; the whole catalog's 99 KB 1.14 -> 0.51 ms for 18,878 -> 19,171
 *   bytes (card JSON repeats itself, so the cheaper setting finds nearly all of it). Under 50 concurrent requests
 *   asking for brotli, the api's CPU per answer: category 1.10 -> 0.61 ms, whole catalog 13.5 -> 1.32 ms, search 2.97
 *   -> 1.47 ms. gzip keeps its default level.
 *
 * Figures and method: docs/architecture.md "Caches, hot routes and recorded searches" ("Compression in one call").
 */
import { constants as zlibConstants } from 'node:zlib';

/** Largest answer (bytes) compressed in one call rather than streamed. */
const SYNC_THRESHOLD = 1 << 20;

/** The app's compression (registered in api/app.ts). */
export const COMPRESSION = { threshold: 1024, syncThreshold: SYNC_THRESHOLD, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } };

/** The listing routes' compression (their route option `compress`). */
export const LISTING_COMPRESSION = { syncThreshold: SYNC_THRESHOLD, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } } };
