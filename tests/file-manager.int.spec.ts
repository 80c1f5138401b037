/**
 * The finder's calls (spec 7 folder, file and file-tag calls; spec 2 "File manager") through `app.inject` on real
 * PostgreSQL and Redis: folders (create, list, rename only when changed, move, depth 7, a sibling of the same name,
 * delete only when empty), an upload into a folder, file rename, caption, move, tags and the search by name and tag,
 * delete refused while an album uses the file (one error per use), the download's headers, 401/403/CSRF/garbage on
 * every call, and the files and file_usage read models rebuilt identically. Stale saves: a rename, caption, move or
 * tag change carrying the file version the staff member saw answers 409 `file.changed_meanwhile` (who and when, in
 * the request's language) once the file changed since, with nothing written.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUsageReadModel } from '../projections/file-usage/writer.js';
import { filesReadModel } from '../projections/files/writer.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';
import { cookieOf, createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
let filesDir: string;
const sessions = createStaffSessions('file-manager');
let mari: StaffBrowser;
let adam: StaffBrowser;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'file-manager-'));
  h = await createShopHarness('file_manager', { api: { sessions: sessions.deps(), files: { dir: filesDir, maxBytes: 2 * 1024 * 1024 } } });
  await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  mari = await sessions.signIn(h.app, 'mari', PASSWORD);
  adam = await sessions.signIn(h.app, 'adam', PASSWORD);
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const post = (b: StaffBrowser | null, url: string, payload: object, csrf = true) =>
  h.app.inject({ method: 'POST', url, payload, headers: b ? headersOf(b, csrf) : {} });
const get = (b: StaffBrowser | null, url: string) => h.app.inject({ method: 'GET', url, headers: b ? { cookie: cookieOf(b) } : {} });

async function uploadInto(folderId: string, name: string) {
  const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2060c0' } }).jpeg().toBuffer();
  const boundary = `----t${randomUUID().replace(/-/g, '')}`;
  const part = (n: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(part('File[folder_id]', folderId) + part('_csrf', mari.csrf['x-csrf-token'])),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File[uploadFile]"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({ method: 'POST', url: '/file/create?ajax=true&lang=en', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookieOf(mari) }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model.id as string;
}

describe('folders', () => {
  it('creates, lists, renames only when changed, moves, keeps depth 7 and sibling names, deletes only when empty', async () => {
    const created = await post(mari, '/folder/create?lang=en', { parent_id: 'root', name: 'Pildid' });
    expect(created.statusCode, created.body).toBe(200);
    const pildid = created.json().model;
    expect(pildid).toMatchObject({ name: 'Pildid', parent: 'root', depth: 1, canCreateSubfolder: true });
    // Form data as spec 7 names the fields.
    const form = await h.app.inject({ method: 'POST', url: '/folder/create?lang=en', headers: { ...headersOf(mari), 'content-type': 'application/x-www-form-urlencoded' }, payload: `Folder%5Bparent_id%5D=${pildid.id}&Folder%5Bname%5D=Autod` });
    expect(form.statusCode, form.body).toBe(200);
    const autod = form.json().model;
    expect(autod).toMatchObject({ parent: pildid.id, depth: 2 });

    const twin = await post(mari, '/folder/create?lang=en', { parent_id: 'root', name: 'PILDID' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors[0]).toMatchObject({ code: 'folder.name_taken', field: 'name' });
    for (const name of ['a/b', 'a\\b', '..']) expect((await post(mari, '/folder/create', { parent_id: 'root', name })).json().errors[0].code).toBe('folder.name_invalid');

    const list = await get(mari, '/folder/list/root');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.folders.map((f: { name: string }) => f.name)).toEqual(['Pildid']);
    const inner = (await get(mari, `/folder/list/${pildid.id}`)).json().data;
    expect(inner.path).toEqual([{ id: pildid.id, name: 'Pildid' }]);
    expect(inner.folders).toMatchObject([{ id: autod.id, name: 'Autod', depth: 2 }]);

    // Rename saved only when changed (spec 5): the same name appends nothing.
    const before = (await h.store.readStream(`folder-${autod.id}`)).events.length;
    expect((await post(mari, `/folder/update/${autod.id}`, { 'Folder[name]': 'Autod' })).statusCode).toBe(200);
    expect((await h.store.readStream(`folder-${autod.id}`)).events.length).toBe(before);
    expect((await post(mari, `/folder/update/${autod.id}`, { Folder: { name: 'Sõidukid' } })).json().model.name).toBe('Sõidukid');

    // Depth 7: a chain of 7 levels takes no 8th; moving a 2-level subtree under depth 6 is refused.
    let parent = pildid.id as string;
    const chain: string[] = [pildid.id];
    for (let depth = 2; depth <= 7; depth++) {
      const res = await post(mari, '/folder/create', { parent_id: parent, name: `Tase ${depth}` });
      expect(res.statusCode, res.body).toBe(200);
      parent = res.json().model.id;
      chain.push(parent);
    }
    expect((await get(mari, `/folder/list/${parent}`)).json().data.folder).toMatchObject({ depth: 7, canCreateSubfolder: false });
    expect((await post(mari, '/folder/create', { parent_id: parent, name: 'Liiga sügav' })).json().errors[0].code).toBe('folder.too_deep');
    const sub = (await post(mari, '/folder/create', { parent_id: autod.id, name: 'Alam' })).json().model;
    expect(sub.depth).toBe(3);
    expect((await post(mari, `/folder/update/${autod.id}`, { Folder: { parent_id: chain[5] } })).json().errors[0].code).toBe('folder.too_deep');
    expect((await post(mari, `/folder/update/${autod.id}`, { Folder: { parent_id: chain[4] } })).statusCode).toBe(200);
    expect((await post(mari, `/folder/update/${pildid.id}`, { Folder: { parent_id: sub.id } })).json().errors[0].code).toBe('folder.cycle');

    const byPath = await post(mari, '/folder/get-using-path', { path: 'pildid/Tase 2', fieldQuery: '' });
    expect(byPath.json().model.id).toBe(chain[1]);
    expect((await post(mari, '/folder/get-using-path', { path: 'Pildid/Puudub' })).statusCode).toBe(404);

    expect((await post(mari, `/folder/delete?id=${chain[5]}`, {})).json().errors[0].code).toBe('folder.not_empty');
    expect((await post(mari, `/folder/delete?id=${sub.id}`, {})).statusCode).toBe(200);
    expect((await get(mari, `/folder/list/${sub.id}`)).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('uploads into a folder, renames, captions, moves, tags, searches, downloads; refuses to delete a used file', async () => {
    const folder = (await post(mari, '/folder/create', { parent_id: 'root', name: 'Galerii' })).json().model;
    const a = await uploadInto(folder.id, 'esimene.jpg');
    const b = await uploadInto(folder.id, 'teine.jpg');
    expect((await uploadInto('root', 'juur.jpg')).length).toBe(36);
    const bad = await h.app.inject({ method: 'POST', url: '/file/create?ajax=true&lang=en', headers: { ...headersOf(mari), 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nContent-Disposition: form-data; name="File[folder_id]"\r\n\r\n0b7c6f0e-9a7d-4c7e-8d43-3f1c2a9b5e10\r\n--x--\r\n' });
    expect(bad.json().errors[0].code).toBe('file.folder_invalid');

    const listed = await get(mari, `/file/list/${folder.id}?sort=name`);
    expect(listed.headers['x-pagination-total-count']).toBe('2');
    expect(listed.json().data.files.map((f: { name: string }) => f.name)).toEqual(['esimene.jpg', 'teine.jpg']);

    const updated = await post(mari, `/file/update/${a}?lang=en`, { 'File[name]': 'Pidurid.jpg', 'File[caption]': 'Brakes' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().model).toMatchObject({ name: 'Pidurid.jpg', caption: 'Brakes', captions: { et: '', en: 'Brakes' } });
    const version = updated.json().model.version;
    expect((await post(mari, `/file/update/${a}`, { File: { name: 'Pidurid.jpg' } })).json().model.version).toBe(version);
    expect((await post(mari, `/file/update/${a}`, { File: { name: '../x.jpg' } })).json().errors[0].code).toBe('file.name_invalid');

    expect((await post(mari, '/file-tag/create', { 'FileTags[0][file_id]': a, 'FileTags[0][tag]': 'Pidurid', 'FileTags[1][file_id]': b, 'FileTags[1][tag]': 'pidurid' })).json().data).toEqual([{ tag: 'Pidurid', count: 2 }]);
    expect((await get(mari, '/file/list/all?tag=PIDURID')).json().data.total).toBe(2);
    expect((await get(mari, '/file/list/all?q=idur')).json().data.files.map((f: { id: string }) => f.id)).toEqual([a]);
    expect((await post(mari, '/file-tag/delete', { tag: 'pidurid', 'ids[]': [b] })).json().data).toEqual([{ tag: 'Pidurid', count: 1 }]);

    expect((await post(mari, `/file/update/${b}`, { File: { folder_id: 'root' } })).json().model.folderId).toBe('root');

    const download = await get(mari, `/file/download/${a}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Pidurid.webp"; filename*=UTF-8''Pidurid.webp`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe('image/webp');

    // An album uses `a`: its delete is refused with one error per use, and nothing is deleted.
    const album = (await h.app.inject({ method: 'POST', url: '/v1/admin/gallery/albums', headers: headersOf(mari), payload: { names: { et: 'Pidurid' } } })).json().data;
    expect((await h.app.inject({ method: 'PUT', url: `/v1/admin/gallery/albums/${album.id}`, headers: headersOf(mari), payload: { images: [{ fileId: a }] } })).statusCode).toBe(200);
    expect((await get(mari, `/file/usage/${a}?lang=en`)).json().data).toEqual([{ kind: 'album', id: album.id, name: 'Pidurid' }]);
    const refused = await post(mari, '/file/delete?lang=en', { 'ids[]': [a, b] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ code: 'file.in_use', field: `album:${album.id}`, message: 'The file "Pidurid.jpg" is used by the gallery album Pidurid.' }]);
    expect((await get(mari, `/file/list/all`)).json().data.total).toBe(3);
    const deleted = await post(mari, '/file/delete', { ids: [b] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(mari, `/file/download/${b}`)).statusCode).toBe(404);
  });
});

describe('stale saves (the version the finder showed)', () => {
  it('refuses a rename, caption, move or tag change against a newer version with 409 and writes nothing; the current version saves', async () => {
    const folder = (await post(mari, '/folder/create', { parent_id: 'root', name: 'Vanad' })).json().model;
    const f = await uploadInto(folder.id, 'vana.jpg');
    // The upload answers before the files read model lists the file: wait for it as the finder does.
    const deadline = Date.now() + patience(10_000);
    let seen: { id: string; version: number } | undefined;
    while (!seen && Date.now() < deadline) {
      seen = (await get(mari, `/file/list/${folder.id}`)).json().data.files[0];
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toMatchObject({ id: f, version: 1 });
    // Another tab of the same staff member renames it after this finder showed version 1.
    const theirs = await post(mari, `/file/update/${f}`, { File: { name: 'nende.jpg', version: 1 } });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().model.version).toBe(2);
    const streamLength = async () => (await h.store.readStream(`file-${f}`)).events.length;
    const before = await streamLength();

    const stale = [
      await post(mari, `/file/update/${f}?lang=et`, { File: { name: 'minu.jpg', version: 1 } }),
      await post(mari, `/file/update/${f}?lang=en`, { 'File[caption]': 'Mine', 'File[version]': '1' }),
      await post(mari, `/file/update/${f}?lang=en`, { File: { folder_id: 'root', version: 1 } }),
      await post(mari, '/file-tag/create?lang=en', { FileTags: [{ file_id: f, tag: 'vana', version: 1 }] }),
      await post(mari, '/file-tag/delete?lang=en', { tag: 'vana', 'ids[]': [f], 'versions[]': ['1'] }),
    ];
    for (const res of stale) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors[0].code).toBe('file.changed_meanwhile');
    }
    expect(stale[0]!.json().errors[0].message).toMatch(/^Seda faili muutis vahepeal mari \(.+\)\. Laadige uusim versioon/);
    expect(stale[1]!.json().errors[0].message).toMatch(/^mari changed this file at .+ after you opened it\./);
    expect(await streamLength()).toBe(before);
    expect((await get(mari, `/file/list/${folder.id}`)).json().data.files[0]).toMatchObject({ name: 'nende.jpg', version: 2, tags: [] });

    // A tag change over two files where one is stale tags neither.
    const g = await uploadInto(folder.id, 'teine.jpg');
    const mixed = await post(mari, '/file-tag/create?lang=en', { FileTags: [{ file_id: g, tag: 'koos', version: 1 }, { file_id: f, tag: 'koos', version: 1 }] });
    expect(mixed.statusCode, mixed.body).toBe(409);
    expect((await h.store.readStream(`file-${g}`)).events.length).toBe(1);

    // With the current version (or none: the last save wins) it saves, all in one append.
    const fresh = await post(mari, `/file/update/${f}?lang=en`, { File: { name: 'minu.jpg', caption: { et: 'Minu', en: 'Mine' }, folder_id: 'root', version: 2 } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().model).toMatchObject({ name: 'minu.jpg', folderId: 'root', captions: { et: 'Minu', en: 'Mine' }, version: 6 });
    const appended = (await h.store.readStream(`file-${f}`)).events.slice(before);
    expect(appended.map((e) => e.type)).toEqual(['FileRenamed', 'FileCaptionChanged', 'FileCaptionChanged', 'FileMoved']);
    expect(new Set(appended.map((e) => e.metadata.correlationId)).size).toBe(1);
    expect((await post(mari, '/file-tag/create', { FileTags: [{ file_id: f, tag: 'minu', version: 6 }] })).statusCode).toBe(200);
    expect((await post(mari, '/file-tag/delete', { tag: 'minu', ids: [f], versions: [7] })).statusCode).toBe(200);
    expect((await post(mari, `/file/update/${f}`, { File: { name: 'viimane.jpg' } })).statusCode).toBe(200);
    // Garbage versions are a 400, never a 500.
    expect((await post(mari, `/file/update/${f}`, { File: { name: 'x.jpg', version: 'uus' } })).statusCode).toBe(400);
    expect((await post(mari, '/file-tag/delete', { tag: 'minu', ids: [f], versions: [1, 2] })).statusCode).toBe(400);
  });
});

describe('guard and garbage', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/folder/list/root'],
    ['GET', '/file/list/root'],
    ['GET', '/file-tag/list'],
    ['GET', `/file/download/${randomUUID()}`],
    ['GET', `/file/usage/${randomUUID()}`],
    ['POST', '/folder/create', { parent_id: 'root', name: 'x' }],
    ['POST', `/folder/update/${randomUUID()}`, { Folder: { name: 'x' } }],
    ['POST', `/folder/delete?id=${randomUUID()}`, {}],
    ['POST', '/folder/get-using-path', { path: 'x' }],
    ['POST', `/file/update/${randomUUID()}`, { File: { name: 'x' } }],
    ['POST', '/file/delete', { ids: [randomUUID()] }],
    ['POST', '/file-tag/create', { FileTags: [{ file_id: randomUUID(), tag: 'x' }] }],
    ['POST', '/file-tag/delete', { tag: 'x', ids: [randomUUID()] }],
  ];

  it('answers 401 without a session and 403 without files permissions, every write 403 without the CSRF token', async () => {
    for (const [method, url, payload] of calls) {
      const anon = await h.app.inject({ method: method as 'GET', url, payload });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const admin = await h.app.inject({ method: method as 'GET', url, payload, headers: headersOf(adam) });
      expect(admin.statusCode, `${method} ${url}`).toBe(403);
      if (method === 'POST') {
        const noToken = await h.app.inject({ method: 'POST', url, payload, headers: headersOf(mari, false) });
        expect(noToken.statusCode, `${method} ${url}`).toBe(403);
        expect(noToken.json().errors[0].code).toBe('request.csrf_invalid');
      }
    }
  });

  it('answers garbage with a 4xx in the envelope, never 500', async () => {
    const garbage: [string, string, unknown][] = [
      ['GET', '/folder/list/..%2F..%2Fetc', undefined],
      ['GET', '/file/list/root?pageSize=100000', undefined],
      ['GET', '/file/download/..%2Fx', undefined],
      ['POST', '/folder/create', { parent_id: 'root', name: 'a\u0000b' }],
      ['POST', '/folder/create', { parent_id: '../x', name: 'x' }],
      ['POST', '/folder/create', { '__proto__[x]': 1 }],
      ['POST', `/folder/update/root`, { Folder: { name: 'x' } }],
      ['POST', '/file/delete', { ids: 'not-a-uuid' }],
      ['POST', '/file/delete', [1, 2]],
      ['POST', '/file-tag/create', { FileTags: [{ file_id: randomUUID(), tag: '' }] }],
      ['POST', '/folder/get-using-path', { path: 'a\u0007b' }],
    ];
    for (const [method, url, payload] of garbage) {
      const res = await h.app.inject({ method: method as 'GET', url, payload: payload as object, headers: headersOf(mari) });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    }
  });
});

describe('rebuild', () => {
  it('rebuilds the files and file_usage read models with identical rows', async () => {
    await h.settle();
    for (const rm of [filesReadModel, fileUsageReadModel]) {
      const live = await hashReadModel(h.db, rm);
      expect(live).toMatch(rm === filesReadModel ? /^files:[0-9a-f]{32},folders:[0-9a-f]{32}/ : /^owners:[0-9a-f]{32}/);
      await rebuildReadModel(h.db, h.store, rm);
      expect(await hashReadModel(h.db, rm)).toBe(live);
    }
  });
});
