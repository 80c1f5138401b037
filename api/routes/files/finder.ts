/**
 * The finder's calls (spec 7: folder, file and file-tag calls; spec 2 "File manager"; spec 5 "Finder name changes
 * are saved only if the value changed"), outside /v1 exactly as spec 7 names them, registered inside the staff
 * plugin (api/routes/staff.ts): 401 without a staff session, 403 without the route's permission (`files.view` to
 * read, `files.edit` plus the CSRF token in `x-csrf-token` to change). Contracts: api/contracts/finder.ts.
 *
 * - GET /folder/list/{id}: the folder (`root` or a uuid), its path and subfolders.
 * - GET /file/list/{folderId}?q&tag&imagesOnly&sort&page&pageSize: a page of the folder's files (`all`: every
 *   folder, the search by name part and tag), paging also in x-pagination-* headers.
 * - POST /folder/create {parent_id, name}; POST /folder/update/{id} {Folder[name], Folder[parent_id]} (rename and/or
 *   move); POST /folder/delete?id= (only empty: 409 `folder.not_empty`); POST /folder/get-using-path {path}.
 * - POST /file/update/{id} {File[name], File[caption], File[folder_id]}; POST /file/delete {ids[]}: none is deleted
 *   while any is used (409 `file.in_use`, one error per use: field `{kind}:{ownerId}`, the message naming the file
 *   and the product, page or album); GET /file/usage/{id}: where it is used.
 * - GET /file-tag/list; POST /file-tag/create {FileTags[i][file_id], FileTags[i][tag]}; POST /file-tag/delete
 *   {tag, ids[]}.
 * - GET /file/download/{id}: the largest stored rendition (the original bytes are not kept, commands/file/
 *   upload-file.ts) as an attachment with a safe name, nosniff, its own type only. GET /views/finder.html: 302 to
 *   the finder screen `/admin/files`.
 * Changes answer once the files read model shows them, so the screen's next listing reads its own save.
 */
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteFile } from '../../../commands/file/delete-file.js';
import { assertFileVersion, saveFileEdits } from '../../../commands/file/save-file-edits.js';
import { createFolder } from '../../../commands/folder/create-folder.js';
import { deleteFolder } from '../../../commands/folder/delete-folder.js';
import { moveFolder } from '../../../commands/folder/move-folder.js';
import { renameFolder } from '../../../commands/folder/rename-folder.js';
import type { FolderReads } from '../../../commands/folder/folder-handler.js';
import { checkEntryName, entryNameKey } from '../../../domain/folder/entry-name.js';
import { ROOT_FOLDER_ID } from '../../../domain/folder/folder.js';
import { ChangedMeanwhileError } from '../../../domain/shared/errors.js';
import { LANGUAGES, type Language } from '../../../domain/shared/localized.js';
import { fileUses } from '../../../projections/file-usage/queries.js';
import { getFile, getFiles, getFolder, listFiles, listFolders, listTags, siblingFolderNames, subtreeHeight } from '../../../projections/files/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import {
  FINDER_DEFAULT_PAGE_SIZE,
  fileDeleteBodySchema,
  fileListParamsSchema,
  fileListQuerySchema,
  fileListSchema,
  fileParamsSchema,
  fileSavedSchema,
  fileTagCreateBodySchema,
  fileTagDeleteBodySchema,
  fileTagListSchema,
  fileUpdateBodySchema,
  fileUseSchema,
  folderByPathBodySchema,
  folderCreateBodySchema,
  folderDeleteQuerySchema,
  folderListSchema,
  folderParamsSchema,
  folderSavedSchema,
  folderUpdateBodySchema,
} from '../../contracts/finder.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { changedMeanwhileAnswer } from '../../plugins/changed-meanwhile.js';
import { ApiError, failureAnswer, success } from '../../plugins/errors.js';
import { filledMessage, requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { fileSettings } from './index.js';
import { attachmentDisposition, finderFiles, folderWithPath, latest, readModelsCaughtUp, toFinderFolder } from './finder-views.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };
const view = { permission: 'files.view' as const };
const edit = { permission: 'files.edit' as const };
/**
 * A stale file save (ChangedMeanwhileError `file.changed_meanwhile`) as its 409 answer naming who saved meanwhile and
 * when (api/plugins/changed-meanwhile.ts); any other error is thrown on.
 */
async function staleAnswerOf(db: RouteOptions['deps']['db'], error: unknown, lang: 'et' | 'en', reply: FastifyReply) {
  if (!(error instanceof ChangedMeanwhileError)) throw error;
  const stale = await changedMeanwhileAnswer(db, error, lang, { et: 'Seda faili', en: 'this file' });
  return reply.status(stale.status).send(stale.payload);
}

const saved = <T>(model: T) => ({ success: true as const, status: 'success' as const, model, data: model });

/** `app.register(finderRoutes, { deps })` inside the staff plugin (see the module comment). */
export async function finderRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  // Form data (spec 7 names form fields), in this plugin only.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  const { storage } = fileSettings(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db;
  const reads: FolderReads = {
    siblingNames: (parentId, exceptId) => siblingFolderNames(db, parentId, exceptId),
    subtreeHeight: (folderId) => subtreeHeight(db, folderId),
    contents: async (folderId) => {
      const row = await getFolder(db, folderId);
      return { childCount: row?.folderCount ?? 0, fileCount: row?.fileCount ?? 0 };
    },
  };
  const folderDeps = { store: deps.store, reads };
  const language = (request: FastifyRequest): Language => requestLanguage(request.query, request.headers['accept-language']);
  const folderAnswer = async (id: string, checkpoint: string) => {
    await readModelsCaughtUp(db, deps.store, checkpoint);
    return saved((await folderWithPath(db, id)).folder);
  };
  const staleAnswer = (error: unknown, request: FastifyRequest, reply: FastifyReply) => staleAnswerOf(db, error, language(request), reply);
  const fileAnswer = async (request: FastifyRequest, id: string, checkpoint: string) => {
    await readModelsCaughtUp(db, deps.store, checkpoint);
    const file = await getFile(db, id);
    if (!file) throw new ApiError('file.not_found', 404);
    return saved((await finderFiles(db, [file], language(request)))[0]!);
  };

  r.get('/folder/list/:id', { schema: { summary: 'A folder, its path and its subfolders (spec 7 finder)', tags: ['finder'], params: folderParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(folderListSchema), ...failures } }, config: view }, async (request) => {
    const { folder, path } = await folderWithPath(db, request.params.id);
    const folders = (await listFolders(db, folder.id)).map((f) => toFinderFolder(f, folder.depth + 1));
    return success({ folder, path, folders });
  });

  r.get(
    '/file/list/:folderId',
    { schema: { summary: 'A page of a folder\'s files, or a search over every folder (`all`) by name part and tag', tags: ['finder'], params: fileListParamsSchema, querystring: fileListQuerySchema, response: { 200: envelopeSchema(fileListSchema), ...failures } }, config: view },
    async (request, reply) => {
      const { folderId } = request.params;
      if (folderId !== 'all' && folderId !== ROOT_FOLDER_ID) await folderWithPath(db, folderId); // 404 for an unknown folder
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? FINDER_DEFAULT_PAGE_SIZE;
      const { files, total } = await listFiles(db, { folderId: folderId === 'all' ? null : folderId, q: q.q?.trim() || undefined, tag: q.tag?.trim() || undefined, imagesOnly: q.imagesOnly, sort: q.sort, page, pageSize });
      reply.header('x-pagination-current-page', String(page)).header('x-pagination-per-page', String(pageSize)).header('x-pagination-page-count', String(Math.ceil(total / pageSize))).header('x-pagination-total-count', String(total));
      return success({ files: await finderFiles(db, files, language(request)), total, page, pageSize });
    },
  );

  r.post('/folder/create', { schema: { summary: 'Create a folder (spec 7: parent_id, name)', tags: ['finder'], body: folderCreateBodySchema, querystring: langQuerySchema, response: { 200: folderSavedSchema, ...failures } }, config: edit, onRequest: staffCsrf(app) }, async (request) => {
    const body = request.body;
    const folderId = crypto.randomUUID();
    const result = await createFolder(folderDeps, { folderId, parentId: body.Folder?.parent_id ?? body.parent_id ?? ROOT_FOLDER_ID, name: body.Folder?.name ?? body.name ?? '' }, request.commandContext());
    return folderAnswer(folderId, result.checkpoint);
  });

  r.post('/folder/update/:id', { schema: { summary: 'Rename (only when changed) and/or move a folder (spec 7: Folder[name]; Folder[parent_id] moves)', tags: ['finder'], params: folderParamsSchema, body: folderUpdateBodySchema, querystring: langQuerySchema, response: { 200: folderSavedSchema, ...failures } }, config: edit, onRequest: staffCsrf(app) }, async (request) => {
    const folderId = request.params.id;
    const { name, parent_id: parentId } = request.body.Folder;
    const checkpoints: string[] = [];
    if (parentId !== undefined) checkpoints.push((await moveFolder(folderDeps, { folderId, parentId }, request.commandContext())).checkpoint);
    if (name !== undefined) {
      await readModelsCaughtUp(db, deps.store, latest(checkpoints));
      checkpoints.push((await renameFolder(folderDeps, { folderId, name }, request.commandContext())).checkpoint);
    }
    return folderAnswer(folderId, latest(checkpoints));
  });

  r.post('/folder/delete', { schema: { summary: 'Delete an empty folder (spec 7: ?id=)', tags: ['finder'], querystring: folderDeleteQuerySchema, response: { 200: envelopeSchema(z.object({ id: z.string() })), ...failures } }, config: edit, onRequest: staffCsrf(app) }, async (request) => {
    const result = await deleteFolder(folderDeps, { folderId: request.query.id }, request.commandContext());
    await readModelsCaughtUp(db, deps.store, result.checkpoint);
    return success({ id: request.query.id });
  });

  r.post('/folder/get-using-path', { schema: { summary: 'The folder at a path of names from the top, e.g. "Pildid/Autod" (spec 7)', tags: ['finder'], body: folderByPathBodySchema, querystring: langQuerySchema, response: { 200: folderSavedSchema, ...failures } }, config: view, onRequest: staffCsrf(app) }, async (request) => {
    let id = ROOT_FOLDER_ID;
    for (const segment of request.body.path.split('/').filter((s) => s.trim() !== '')) {
      const checked = checkEntryName(segment);
      if ('problem' in checked) throw new ApiError(`folder.name_${checked.problem}`, 400, 'path');
      const next = (await listFolders(db, id)).find((f) => entryNameKey(f.name) === entryNameKey(checked.name));
      if (!next) throw new ApiError('folder.not_found', 404, 'path');
      id = next.id;
    }
    return saved((await folderWithPath(db, id)).folder);
  });

  r.post('/file/update/:id', { schema: { summary: 'Rename (only when changed), caption and/or move a file (spec 7: File[name], File[caption]; File[folder_id] moves; File[version]: 409 when changed since)', tags: ['finder'], params: fileParamsSchema, body: fileUpdateBodySchema, querystring: langQuerySchema, response: { 200: fileSavedSchema, ...failures } }, config: edit, onRequest: staffCsrf(app) }, async (request, reply) => {
    const fileId = request.params.id;
    const { name, caption, folder_id: folderId, version } = request.body.File;
    const captions = caption === undefined ? {} : typeof caption === 'string' ? { [language(request)]: caption } : caption;
    const own = Object.fromEntries(LANGUAGES.filter((l) => captions[l] !== undefined).map((l) => [l, captions[l]!]));
    try {
      // One append expecting the version read (commands/file/save-file-edits.ts): all of it or nothing.
      const result = await saveFileEdits(deps.store, { fileId, expectedVersion: version, name, captions: own, folderId }, request.commandContext());
      return await fileAnswer(request, fileId, result.checkpoint);
    } catch (error) {
      return staleAnswer(error, request, reply);
    }
  });

  r.get('/file/usage/:id', { schema: { summary: 'Where a file is used: products\' images, pages\' HTML, albums', tags: ['finder'], params: fileParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(z.array(fileUseSchema)), ...failures } }, config: view }, async (request) => {
    if (!(await getFile(db, request.params.id))) throw new ApiError('file.not_found', 404);
    return success(await fileUses(db, request.params.id, language(request)));
  });

  r.post('/file/delete', { schema: { summary: 'Delete files (spec 7: ids[]); none while any is used (409 file.in_use, one error per use)', tags: ['finder'], body: fileDeleteBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(z.object({ ids: z.array(z.string()) })), ...failures } }, config: edit, onRequest: staffCsrf(app) }, async (request, reply) => {
    const lang = language(request);
    const ids = [...new Set(request.body.ids)];
    const files = await getFiles(db, ids);
    const missing = ids.find((id) => !files.some((f) => f.id === id));
    if (missing) throw new ApiError('file.not_found', 404, 'ids');
    // Every file's uses first, so a refusal deletes nothing.
    const problems = (await Promise.all(files.map(async (f) => (await fileUses(db, f.id, lang)).map((u) => ({ code: 'file.in_use', field: `${u.kind}:${u.id}`, message: filledMessage(`file.used_by_${u.kind}`, lang, { file: f.name, name: u.name }) }))))).flat();
    if (problems.length) {
      const answer = failureAnswer(lang, 409, problems, { message: filledMessage('file.in_use', lang, { count: String(problems.length) }) });
      return reply.status(409).send(answer.payload);
    }
    const checkpoints: string[] = [];
    for (const f of files) checkpoints.push((await deleteFile({ store: deps.store, storage }, { fileId: f.id, uses: await fileUses(db, f.id, lang) }, request.commandContext())).checkpoint);
    await readModelsCaughtUp(db, deps.store, latest(checkpoints));
    return success({ ids });
  });

  r.get('/file-tag/list', { schema: { summary: 'Every file tag in use with its number of files (spec 7)', tags: ['finder'], querystring: langQuerySchema, response: { 200: envelopeSchema(fileTagListSchema), ...failures } }, config: view }, async () => success(await listTags(db)));

  r.post('/file-tag/create', { schema: { summary: 'Tag files (spec 7: FileTags[i][file_id], FileTags[i][tag]; FileTags[i][version]: 409 when changed since)', tags: ['finder'], body: fileTagCreateBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(fileTagListSchema), ...failures } }, config: edit, onRequest: staffCsrf(app) }, async (request, reply) => {
    const checkpoints: string[] = [];
    try {
      // Every file's version first, so a stale one tags none.
      for (const { file_id: fileId, version } of request.body.FileTags) await assertFileVersion(deps.store, fileId, version);
      for (const { file_id: fileId, tag, version } of request.body.FileTags) {
        checkpoints.push((await saveFileEdits(deps.store, { fileId, expectedVersion: version, addTags: [tag] }, request.commandContext())).checkpoint);
      }
    } catch (error) {
      return staleAnswer(error, request, reply);
    }
    await readModelsCaughtUp(db, deps.store, latest(checkpoints));
    return success(await listTags(db));
  });

  r.post('/file-tag/delete', { schema: { summary: 'Take a tag off files (spec 7: tag, ids[]; versions[]: 409 when changed since)', tags: ['finder'], body: fileTagDeleteBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(fileTagListSchema), ...failures } }, config: edit, onRequest: staffCsrf(app) }, async (request, reply) => {
    const { ids, versions, tag } = request.body;
    const expected = new Map(ids.map((id, i) => [id, versions?.[i]]));
    const checkpoints: string[] = [];
    try {
      for (const [fileId, version] of expected) await assertFileVersion(deps.store, fileId, version);
      for (const [fileId, version] of expected) checkpoints.push((await saveFileEdits(deps.store, { fileId, expectedVersion: version, removeTags: [tag] }, request.commandContext())).checkpoint);
    } catch (error) {
      return staleAnswer(error, request, reply);
    }
    await readModelsCaughtUp(db, deps.store, latest(checkpoints));
    return success(await listTags(db));
  });

  r.get('/file/download/:id', { schema: { summary: 'Download a file (its largest rendition) as an attachment (spec 7)', tags: ['finder'], params: fileParamsSchema, response: { 200: z.any().describe('the file\'s bytes'), ...failures } }, config: view }, async (request, reply) => {
    const file = await getFile(db, request.params.id);
    const largest = file?.variants.reduce<(typeof file.variants)[number] | null>((a, v) => (!a || v.width > a.width ? v : a), null);
    const found = file && largest ? await storage.open(file.id, `${largest.width}.webp`) : null;
    if (!file || !largest || !found) throw new ApiError('file.not_found', 404);
    return reply
      .header('content-type', largest.mime === 'image/webp' ? 'image/webp' : 'application/octet-stream')
      .header('content-length', found.bytes)
      .header('content-disposition', attachmentDisposition(file.name, 'webp'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(found.stream);
  });

  r.get('/views/finder.html', { schema: { summary: 'The finder template (spec 7): the finder screen of the back office', tags: ['finder'], response: { 302: z.null() } }, config: view }, async (_request, reply) => reply.redirect('/admin/files', 302));
}
