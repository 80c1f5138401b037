/**
 * The gallery (spec 2 "Gallery", spec 7 GET /gallery/index and /gallery/get-images-by-album?id=, under /v1) and the
 * album editor's calls (/v1/admin/gallery) through `app.inject` on real PostgreSQL and Redis: create, images in order
 * with captions, thumbnail, publish (refused while empty), guests see published albums only, unpublish and delete,
 * 401/403/CSRF/garbage, the stale-save 409 and the album's audit timeline, and the gallery read model rebuilt
 * identically.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../commands/file/upload-file.js';
import { FileStorage } from '../platform/files/file-storage.js';
import { galleryReadModel } from '../projections/gallery/writer.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
let filesDir: string;
const sessions = createStaffSessions('gallery');
let mari: StaffBrowser;
let adam: StaffBrowser;
const images: string[] = [];

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'gallery-'));
  h = await createShopHarness('gallery', { api: { sessions: sessions.deps(), files: { dir: filesDir, maxBytes: 2 * 1024 * 1024 } } });
  await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  mari = await sessions.signIn(h.app, 'mari', PASSWORD);
  adam = await sessions.signIn(h.app, 'adam', PASSWORD);
  const storage = new FileStorage(filesDir);
  for (const colour of ['#c00000', '#00c000', '#0000c0']) {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } }).png().toBuffer();
    const fileId = randomUUID();
    await uploadFile(h.store, storage, { fileId, folderId: null, name: `${colour}.png`, bytes: png }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
    images.push(fileId);
  }
  await h.settle();
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const admin = (b: StaffBrowser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, csrf = true) =>
  h.app.inject({ method, url: `/v1/admin/gallery${url}`, payload, headers: b ? headersOf(b, csrf) : {} });

describe('albums', () => {
  it('builds an album, publishes it, shows it to guests in order with captions, hides it again', async () => {
    const created = await admin(mari, 'POST', '/albums?lang=en', { names: { et: 'Projektiautod' } });
    expect(created.statusCode, created.body).toBe(200);
    const album = created.json().data;
    expect(album).toMatchObject({ names: { et: 'Projektiautod', en: 'Projektiautod' }, published: false, imageCount: 0 });

    expect((await admin(mari, 'PUT', `/albums/${album.id}?lang=en`, { published: true })).json().errors[0].code).toBe('album.empty');
    expect((await admin(mari, 'PUT', `/albums/${album.id}`, { images: [{ fileId: randomUUID() }] })).json().errors[0].code).toBe('album.image_unknown');
    const saved = await admin(mari, 'PUT', `/albums/${album.id}?lang=en`, {
      names: { en: 'Project cars' },
      images: [{ fileId: images[2], caption: { et: 'Sinine', en: 'Blue' } }, { fileId: images[0] }, { fileId: images[1] }],
      thumbnail: images[0],
      published: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Project cars', published: true, thumbnailFileId: images[0], imageCount: 3 });

    const index = await h.app.inject('/v1/gallery/index?lang=en');
    expect(index.statusCode).toBe(200);
    expect(index.json().data).toEqual([{ id: album.id, name: 'Project cars', imageCount: 3, thumbnail: expect.objectContaining({ id: images[0], width: 600, height: 400 }) }]);
    const pics = await h.app.inject(`/v1/gallery/get-images-by-album?id=${album.id}&lang=et`);
    expect(pics.json().album.name).toBe('Projektiautod');
    expect(pics.json().data.map((i: { id: string; caption: string }) => [i.id, i.caption])).toEqual([[images[2], 'Sinine'], [images[0], ''], [images[1], '']]);
    expect(pics.json().data[0]).toMatchObject({ url: `/files/${images[2]}/640.webp`, full: `/files/${images[2]}/1280.webp`, srcset: expect.stringContaining('320w') });

    // A second, unpublished album: staff see it, guests do not.
    const draft = (await admin(mari, 'POST', '/albums', { names: { et: 'Mustand' } })).json().data;
    expect((await admin(mari, 'GET', '/albums')).json().data.map((a: { id: string }) => a.id).sort()).toEqual([album.id, draft.id].sort());
    expect((await h.app.inject('/v1/gallery/index')).json().data.map((a: { id: string }) => a.id)).toEqual([album.id]);
    expect((await h.app.inject(`/v1/gallery/get-images-by-album?id=${draft.id}`)).statusCode).toBe(404);

    expect((await admin(mari, 'PUT', `/albums/${album.id}`, { published: false })).json().data.published).toBe(false);
    expect((await h.app.inject('/v1/gallery/index')).json().data).toEqual([]);
    expect((await admin(mari, 'DELETE', `/albums/${draft.id}`)).statusCode).toBe(200);
    expect((await admin(mari, 'GET', `/albums/${draft.id}`)).statusCode).toBe(404);
  });

  it('answers 401, 403 and the CSRF refusal, and garbage with a 4xx', async () => {
    const id = randomUUID();
    for (const [method, url, payload] of [['GET', '/albums'], ['GET', `/albums/${id}`], ['POST', '/albums', { names: { et: 'x' } }], ['PUT', `/albums/${id}`, { published: true }], ['DELETE', `/albums/${id}`]] as const) {
      expect((await admin(null, method, url, payload)).statusCode).toBe(401);
      expect((await admin(adam, method, url, payload)).statusCode).toBe(403);
      if (method !== 'GET') expect((await admin(mari, method, url, payload, false)).json().errors[0].code).toBe('request.csrf_invalid');
    }
    for (const [method, url, payload] of [['POST', '/albums', { names: { et: 'a\u0000' } }], ['PUT', '/albums/..%2Fx', {}], ['PUT', `/albums/${id}`, { images: 'x' }], ['POST', '/albums', { names: {} }]] as const) {
      const res = await admin(mari, method, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await h.app.inject('/v1/gallery/get-images-by-album?id=../../etc')).statusCode).toBe(400);
  });

  it('refuses a save over a newer version with 409 naming who saved, writing nothing; the album stream has a timeline', async () => {
    const album = (await admin(mari, 'POST', '/albums?lang=en', { names: { et: 'Versioonid', en: 'Versions' } })).json().data;
    const first = await admin(mari, 'PUT', `/albums/${album.id}?lang=en`, { version: album.version, images: [{ fileId: images[0], caption: { en: 'Red' } }], published: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBeGreaterThan(album.version);
    // A second tab still holds the first version: refused, nothing written.
    const stale = await admin(mari, 'PUT', `/albums/${album.id}?lang=en`, { version: album.version, names: { en: 'Overwritten' } });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ code: 'album.changed_meanwhile', message: expect.stringContaining('mari') });
    const now = (await admin(mari, 'GET', `/albums/${album.id}?lang=en`)).json().data;
    expect(now).toMatchObject({ name: 'Versions', version: first.json().data.version, published: true });
    // A save that changes nothing appends nothing; one with the current version is taken.
    expect((await admin(mari, 'PUT', `/albums/${album.id}`, { version: now.version, published: true })).json().data.version).toBe(now.version);
    expect((await admin(mari, 'PUT', `/albums/${album.id}?lang=en`, { version: now.version, names: { en: 'Renamed' } })).json().data.name).toBe('Renamed');
    expect((await admin(mari, 'PUT', `/albums/${album.id}`, { version: -1 })).statusCode).toBe(400);

    const history = await h.app.inject({ url: `/v1/admin/history/album-${album.id}?lang=en`, headers: headersOf(mari, false) });
    expect(history.statusCode, history.body).toBe(200);
    const timeline = history.json().data;
    expect(timeline).toMatchObject({ kind: 'album', subject: 'Renamed' });
    expect(timeline.events.map((e: { type: string }) => e.type)).toEqual(['AlbumRenamed', 'AlbumPublished', 'AlbumImagesChanged', 'AlbumCreated']);
    expect(timeline.events[0].actor).toMatchObject({ kind: 'staff', username: 'mari' });
    // The file's own stream too; a folder stream that does not exist is 404; ADMIN without files.view is 403.
    expect((await h.app.inject({ url: `/v1/admin/history/file-${images[0]}`, headers: headersOf(mari, false) })).json().data).toMatchObject({ kind: 'file', subject: '#c00000.png' });
    expect((await h.app.inject({ url: `/v1/admin/history/folder-${randomUUID()}`, headers: headersOf(mari, false) })).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/v1/admin/history/album-${album.id}`, headers: headersOf(adam, false) })).statusCode).toBe(403);
  });

  it('rebuilds the gallery read model with identical rows', async () => {
    await h.settle();
    const live = await hashReadModel(h.db, galleryReadModel);
    expect(live).not.toMatch(/:empty/);
    await rebuildReadModel(h.db, h.store, galleryReadModel);
    expect(await hashReadModel(h.db, galleryReadModel)).toBe(live);
  });
});
