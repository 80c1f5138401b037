/**
 * The public gallery calls (spec 2 "Gallery", spec 7 GET /gallery/index and /gallery/get-images-by-album?id=, under
 * the configured prefix /v1): published albums only; an unpublished, deleted or unknown album is 404
 * `album.not_found`. Names and captions in the request's language (`?lang=` or Accept-Language). Answers are cached
 * for 60 s by browsers and proxies (`public, max-age=60`): an album published a moment ago shows within a minute.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAlbum, listAlbums } from '../../../projections/gallery/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { galleryAlbumSchema, galleryImagesAnswerSchema, galleryImagesQuerySchema } from '../../contracts/gallery.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { albumFiles, albumImages, galleryAlbum } from './views.js';

const CACHE = 'public, max-age=60';

export async function galleryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/gallery/index', { schema: { summary: 'The published albums as tiles (spec 7 GET /gallery/index)', tags: ['gallery'], querystring: langQuerySchema, response: { 200: envelopeSchema(z.array(galleryAlbumSchema)), 400: failureEnvelopeSchema } } }, async (request, reply) => {
    const language = requestLanguage(request.query, request.headers['accept-language']);
    const albums = await listAlbums(deps.db, { publishedOnly: true });
    const files = await albumFiles(deps.db, albums);
    reply.header('cache-control', CACHE).header('vary', 'Accept-Language');
    return success(albums.map((a) => galleryAlbum(a, files, language)));
  });

  r.get('/v1/gallery/get-images-by-album', { schema: { summary: 'A published album\'s images (spec 7 GET /gallery/get-images-by-album?id=)', tags: ['gallery'], querystring: galleryImagesQuerySchema, response: { 200: galleryImagesAnswerSchema, 400: failureEnvelopeSchema, 404: failureEnvelopeSchema } } }, async (request, reply) => {
    const language = requestLanguage(request.query, request.headers['accept-language']);
    const album = await getAlbum(deps.db, request.query.id, { publishedOnly: true });
    if (!album) throw new ApiError('album.not_found', 404, 'id');
    const files = await albumFiles(deps.db, [album]);
    reply.header('cache-control', CACHE).header('vary', 'Accept-Language');
    return { success: true as const, status: 'success' as const, data: albumImages(album, files, language), album: galleryAlbum(album, files, language) };
  });
}
