/**
 * The demo album a new shop starts with (commands/gallery/seed-demo-album.ts; spec 2 "Gallery"), on real PostgreSQL
 * and Redis: the first seed records one published album of generated pictures through the real commands (renditions
 * stored, the public gallery calls show it in both languages); a second seed records nothing (the newest committed
 * checkpoint stays); a seed interrupted after creating the album finishes the same album; a deleted demo album stays deleted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, renameAlbum } from '../commands/gallery/create-album.js';
import { deleteAlbum } from '../commands/gallery/publish-album.js';
import { DEMO_ALBUM_ID, DEMO_ALBUM_MARKER, seedDemoAlbum } from '../commands/gallery/seed-demo-album.js';
import { FileStorage } from '../platform/files/file-storage.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

let h: ShopHarness;
let filesDir: string;
let storage: FileStorage;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'gallery-demo-'));
  storage = new FileStorage(filesDir);
  h = await createShopHarness('gallery_demo', { api: { files: { dir: filesDir, maxBytes: 2 * 1024 * 1024 } } });
});

afterAll(async () => {
  await h?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });

describe('demo album seed', () => {
  it('records one published album of generated pictures once; a second seed records nothing', async () => {
    // Interrupted first start: the album was created, nothing else.
    await createAlbum(h.store, { albumId: DEMO_ALBUM_ID, names: { et: 'Näidisalbum', en: 'Demo album' } }, ctx());
    const first = await seedDemoAlbum(h.store, storage, h.clock.now);
    expect(first).toEqual({ albumId: DEMO_ALBUM_ID, recorded: true });
    await h.settle();

    const index = await h.app.inject('/v1/gallery/index?lang=en');
    expect(index.statusCode).toBe(200);
    expect(index.json().data).toEqual([expect.objectContaining({ id: DEMO_ALBUM_ID, name: 'Demo album', imageCount: 6 })]);
    const pictures = await h.app.inject(`/v1/gallery/get-images-by-album?id=${DEMO_ALBUM_ID}&lang=et`);
    expect(pictures.statusCode).toBe(200);
    const images = pictures.json().data as { id: string; caption: string; width: number; height: number; full: string }[];
    expect(images).toHaveLength(6);
    expect(images[0]).toMatchObject({ caption: 'Õhtune garaaž', width: 1280, height: 960, full: `/files/${images[0]!.id}/1280.webp` });
    expect(new Set(images.map((i) => i.id)).size).toBe(6);
    // The renditions are on the storage and served.
    expect((await readdir(path.join(filesDir, images[0]!.id))).sort()).toEqual(['1280.webp', '160.webp', '320.webp', '640.webp']);
    const served = await h.app.inject(images[0]!.full);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const head = await h.store.newestCommittedCheckpoint();
    expect(await seedDemoAlbum(h.store, storage, h.clock.now)).toEqual({ albumId: DEMO_ALBUM_ID, recorded: false });
    expect(await h.store.newestCommittedCheckpoint()).toBe(head);
    expect((await h.store.readStream(DEMO_ALBUM_MARKER)).events.map((e) => e.type)).toEqual(['DemoAlbumSeeded']);
  });

  it('leaves a demo album staff changed or deleted as they left it', async () => {
    await renameAlbum(h.store, { albumId: DEMO_ALBUM_ID, names: { en: 'Our cars' } }, ctx());
    await deleteAlbum(h.store, { albumId: DEMO_ALBUM_ID }, ctx());
    // Whatever reacts to the delete (projectors, process managers) is done before the head is read.
    await h.settle();
    const head = await h.store.newestCommittedCheckpoint();
    expect((await seedDemoAlbum(h.store, storage, h.clock.now)).recorded).toBe(false);
    await h.settle();
    expect(await h.store.newestCommittedCheckpoint()).toBe(head);
    expect((await h.app.inject('/v1/gallery/index')).json().data).toEqual([]);
  });
});
