/**
 * The album editor's calls (spec 2 "Gallery": the albums staff build and publish), under /v1/admin/gallery; read
 * with `files.view`, changed with `files.edit` plus the staff CSRF token. Contracts: api/contracts/gallery.ts.
 *
 * - GET /albums: every album (published or not), newest first. GET /albums/{id}: one album with its images.
 * - POST /albums {id?, names}: CreateAlbum. PUT /albums/{id} {names?, images?, thumbnail?, published?}: RenameAlbum,
 *   SetAlbumImages (the whole ordered list with captions), SetAlbumThumbnail, Publish/UnpublishAlbum, in that order;
 *   each records only what changed. DELETE /albums/{id}: DeleteAlbum.
 * Every answer after a change waits until the gallery read model shows it. Refusals: 400 `album.name_required`,
 * `album.image_unknown` (not an uploaded image), `album.image_twice`, `album.thumbnail_not_in_album`; 404
 * `album.not_found`; 409 `album.empty` (publishing an album without images), `album.deleted`, `album.exists`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAlbum, renameAlbum } from '../../../commands/gallery/create-album.js';
import { deleteAlbum, publishAlbum, setAlbumThumbnail, unpublishAlbum } from '../../../commands/gallery/publish-album.js';
import { setAlbumImages } from '../../../commands/gallery/set-album-images.js';
import { getFiles } from '../../../projections/files/queries.js';
import { getAlbum, listAlbums } from '../../../projections/gallery/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { adminAlbumSchema, albumCreateBodySchema, albumParamsSchema, albumUpdateBodySchema } from '../../contracts/gallery.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { latest, readModelsCaughtUp } from '../files/finder-views.js';
import { adminAlbum, albumFiles } from '../gallery/views.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

export async function adminGalleryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db;
  const language = (request: FastifyRequest) => requestLanguage(request.query, request.headers['accept-language']);
  const answer = async (request: FastifyRequest, id: string, checkpoint: string) => {
    await readModelsCaughtUp(db, checkpoint);
    const album = await getAlbum(db, id, { publishedOnly: false });
    if (!album) throw new ApiError('album.not_found', 404);
    return success(adminAlbum(album, await albumFiles(db, [album]), language(request)));
  };

  r.get('/gallery/albums', { schema: { summary: 'Every gallery album, newest first', tags: ['admin'], querystring: langQuerySchema, response: { 200: envelopeSchema(z.array(adminAlbumSchema)), ...failures } }, config: { permission: 'files.view' } }, async (request) => {
    const albums = await listAlbums(db, { publishedOnly: false });
    const files = await albumFiles(db, albums);
    return success(albums.map((a) => adminAlbum(a, files, language(request))));
  });

  r.get('/gallery/albums/:id', { schema: { summary: 'One gallery album with its images', tags: ['admin'], params: albumParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminAlbumSchema), ...failures } }, config: { permission: 'files.view' } }, async (request) => answer(request, request.params.id, ''));

  r.post('/gallery/albums', { schema: { summary: 'Create a gallery album (unpublished, no images)', tags: ['admin'], body: albumCreateBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminAlbumSchema), ...failures } }, config: { permission: 'files.edit' }, onRequest: staffCsrf(app) }, async (request) => {
    const albumId = request.body.id ?? crypto.randomUUID();
    const result = await createAlbum(deps.store, { albumId, names: request.body.names }, request.commandContext());
    return answer(request, albumId, result.checkpoint);
  });

  r.put('/gallery/albums/:id', { schema: { summary: 'Change an album: names, ordered images with captions, thumbnail, published', tags: ['admin'], params: albumParamsSchema, body: albumUpdateBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminAlbumSchema), ...failures } }, config: { permission: 'files.edit' }, onRequest: staffCsrf(app) }, async (request) => {
    const albumId = request.params.id;
    const body = request.body;
    const ctx = () => request.commandContext();
    const checkpoints: string[] = [];
    if (body.names) checkpoints.push((await renameAlbum(deps.store, { albumId, names: body.names }, ctx())).checkpoint);
    if (body.images) {
      const files = await getFiles(db, [...new Set(body.images.map((i) => i.fileId))]);
      const imageFileIds = files.filter((f) => f.width !== null).map((f) => f.id);
      checkpoints.push((await setAlbumImages(deps.store, { albumId, images: body.images, imageFileIds }, ctx())).checkpoint);
    }
    if (body.thumbnail !== undefined) checkpoints.push((await setAlbumThumbnail(deps.store, { albumId, fileId: body.thumbnail }, ctx())).checkpoint);
    if (body.published === true) checkpoints.push((await publishAlbum(deps.store, { albumId }, ctx())).checkpoint);
    if (body.published === false) checkpoints.push((await unpublishAlbum(deps.store, { albumId }, ctx())).checkpoint);
    return answer(request, albumId, latest(checkpoints));
  });

  r.delete('/gallery/albums/:id', { schema: { summary: 'Delete a gallery album (its images stay in the finder)', tags: ['admin'], params: albumParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(z.object({ id: z.string() })), ...failures } }, config: { permission: 'files.edit' }, onRequest: staffCsrf(app) }, async (request) => {
    const result = await deleteAlbum(deps.store, { albumId: request.params.id }, request.commandContext());
    await readModelsCaughtUp(db, result.checkpoint);
    return success({ id: request.params.id });
  });
}
