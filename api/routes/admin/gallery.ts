/**
 * The album editor's calls (spec 2 "Gallery": the albums staff build and publish), under /v1/admin/gallery; read
 * with `files.view`, changed with `files.edit` plus the staff CSRF token. Contracts: api/contracts/gallery.ts.
 *
 * - GET /albums: every album (published or not), newest first. GET /albums/{id}: one album with its images.
 * - POST /albums {id?, names}: CreateAlbum. PUT /albums/{id} {version?, names?, images?, thumbnail?, published?}:
 *   SaveAlbum (commands/gallery/save-album.ts): RenameAlbum, SetAlbumImages (the whole ordered list with captions),
 *   SetAlbumThumbnail, Publish/UnpublishAlbum decided in that order and appended at once, recording only what
 *   changed; with `version` (the one the editor read) a stream that moved since is 409 `album.changed_meanwhile`
 *   naming who saved last and when, nothing written. DELETE /albums/{id}: DeleteAlbum.
 * Every answer after a change waits until the gallery read model shows it. Refusals: 400 `album.name_required`,
 * `album.image_unknown` (not an uploaded image), `album.image_twice`, `album.thumbnail_not_in_album`; 404
 * `album.not_found`; 409 `album.empty` (publishing an album without images), `album.deleted`, `album.exists`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAlbum } from '../../../commands/gallery/create-album.js';
import { deleteAlbum } from '../../../commands/gallery/publish-album.js';
import { saveAlbum } from '../../../commands/gallery/save-album.js';
import { ChangedMeanwhileError } from '../../../domain/shared/errors.js';
import { getFiles } from '../../../projections/files/queries.js';
import { getAlbum, listAlbums } from '../../../projections/gallery/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { adminAlbumSchema, albumCreateBodySchema, albumParamsSchema, albumUpdateBodySchema } from '../../contracts/gallery.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { changedMeanwhileAnswer } from '../../plugins/changed-meanwhile.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { readModelsCaughtUp } from '../files/finder-views.js';
import { adminAlbum, albumFiles } from '../gallery/views.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

export async function adminGalleryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db;
  const language = (request: FastifyRequest) => requestLanguage(request.query, request.headers['accept-language']);
  const answer = async (request: FastifyRequest, id: string, checkpoint: string) => {
    await readModelsCaughtUp(db, deps.store, checkpoint);
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

  r.put('/gallery/albums/:id', { schema: { summary: 'Change an album: names, ordered images with captions, thumbnail, published', tags: ['admin'], params: albumParamsSchema, body: albumUpdateBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminAlbumSchema), ...failures } }, config: { permission: 'files.edit' }, onRequest: staffCsrf(app) }, async (request, reply) => {
    const albumId = request.params.id;
    const { version, ...body } = request.body;
    const imageFileIds = body.images ? (await getFiles(db, [...new Set(body.images.map((i) => i.fileId))])).filter((f) => f.width !== null).map((f) => f.id) : undefined;
    try {
      const result = await saveAlbum(deps.store, { albumId, expectedVersion: version, ...body, imageFileIds }, request.commandContext());
      return await answer(request, albumId, result.checkpoint);
    } catch (error) {
      if (!(error instanceof ChangedMeanwhileError)) throw error;
      const stale = await changedMeanwhileAnswer(db, error, language(request), { et: 'Seda albumit', en: 'this album' });
      return reply.status(stale.status).send(stale.payload);
    }
  });

  r.delete('/gallery/albums/:id', { schema: { summary: 'Delete a gallery album (its images stay in the finder)', tags: ['admin'], params: albumParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(z.object({ id: z.string() })), ...failures } }, config: { permission: 'files.edit' }, onRequest: staffCsrf(app) }, async (request) => {
    const result = await deleteAlbum(deps.store, { albumId: request.params.id }, request.commandContext());
    await readModelsCaughtUp(db, deps.store, result.checkpoint);
    return success({ id: request.params.id });
  });
}
