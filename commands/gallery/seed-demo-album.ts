/**
 * The demo album (spec 2 "Gallery": a new shop is not empty): on the first start one published album of
 * DEMO_PICTURES pictures, recorded through the real commands: each picture uploaded by `uploadFile` (the same checks
 * and WebP renditions as a staff upload, into the storage's root folder), then CreateAlbum, SetAlbumImages with a
 * caption per language, PublishAlbum (domain/gallery/album.ts).
 *
 * The pictures are GENERATED here (data/README.md "What is real and what is generated"): SVG gradients and shapes
 * with a label, rendered to PNG by sharp; no photo is shipped. Ids are uuid v5 of fixed names, command ids too, and
 * a finished seed records `DemoAlbumSeeded` in its own stream (DEMO_ALBUM_MARKER, like the demo catalog's
 * `setup-demo-catalog`): once that exists nothing is recorded (even if staff later changed or deleted the album), and
 * a start interrupted half way finishes the same album on the next start without duplicates.
 *
 *   const result = await seedDemoAlbum(store, storage, new Date().toISOString()); // { albumId, recorded: true | false }
 *
 * @throws DomainError only if the generated pictures or names were invalid; WorkQueueFullError never (uploadFile
 *   here runs outside the api's work queue).
 */
import sharp from 'sharp';
import { v5 as uuidv5 } from 'uuid';
import { toAlbumStreamId } from '../../domain/gallery/album.js';
import { toFileStreamId } from '../../domain/file/file.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { FileStorage } from '../../platform/files/file-storage.js';
import { uploadFile } from '../file/upload-file.js';
import { type CommandContext, toNewEvents } from '../shared/command-handler.js';
import { createAlbum } from './create-album.js';
import { publishAlbum } from './publish-album.js';
import { setAlbumImages } from './set-album-images.js';

const SEED_NAMESPACE = '6c1f4e2a-8b3d-4f5e-9a7c-2d1e0f3b4a58';
/** The demo album's id (stable: `/et/gallery/{DEMO_ALBUM_ID}` links keep working across restarts). */
export const DEMO_ALBUM_ID = uuidv5('demo-album', SEED_NAMESPACE);
/** The stream whose one event says the demo album was recorded. */
export const DEMO_ALBUM_MARKER = 'setup-demo-album';

/** The generated pictures: colours, a label and a caption per language. */
const DEMO_PICTURES = [
  { from: '#0f2027', to: '#2c5364', accent: '#f7b733', et: 'Õhtune garaaž', en: 'The garage at dusk' },
  { from: '#8e2de2', to: '#4a00e0', accent: '#ffffff', et: 'Pidurid ja veljed', en: 'Brakes and wheels' },
  { from: '#e65c00', to: '#f9d423', accent: '#1b1b1b', et: 'Mootoriruum', en: 'The engine bay' },
  { from: '#134e5e', to: '#71b280', accent: '#fdfdfd', et: 'Proovisõit', en: 'A test drive' },
  { from: '#3a1c71', to: '#ffaf7b', accent: '#fff3b0', et: 'Kere värvimine', en: 'Painting the body' },
  { from: '#232526', to: '#414345', accent: '#e53935', et: 'Valmis projektiauto', en: 'The finished project car' },
] as const;

const WIDTH = 1280;
const HEIGHT = 960;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One generated picture as PNG bytes: a diagonal gradient, a stylised wheel and road, the caption and 'demo'. */
export async function demoPicture(index: number): Promise<Buffer> {
  const p = DEMO_PICTURES[index]!;
  const cx = 360 + index * 90;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <rect y="${HEIGHT - 220}" width="${WIDTH}" height="220" fill="#000" opacity="0.35"/>
  <rect y="${HEIGHT - 115}" width="${WIDTH}" height="10" fill="${p.accent}" opacity="0.6" stroke-dasharray="60 40"/>
  <circle cx="${cx}" cy="430" r="190" fill="none" stroke="${p.accent}" stroke-width="34"/>
  <circle cx="${cx}" cy="430" r="70" fill="${p.accent}" opacity="0.85"/>
  ${[0, 72, 144, 216, 288].map((a) => `<rect x="${cx - 8}" y="260" width="16" height="100" fill="${p.accent}" transform="rotate(${a} ${cx} 430)"/>`).join('')}
  <text x="64" y="${HEIGHT - 140}" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#fff">${escapeXml(p.en)}</text>
  <text x="64" y="${HEIGHT - 48}" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#fff" opacity="0.85">Demo picture ${index + 1} / ${DEMO_PICTURES.length} (generated)</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** Records the demo album when its stream does not exist yet. @returns whether anything was recorded */
export async function seedDemoAlbum(store: EventStore, storage: FileStorage, now: string): Promise<{ albumId: string; recorded: boolean }> {
  if ((await store.readStream(DEMO_ALBUM_MARKER, { maxCount: 1 })).exists) return { albumId: DEMO_ALBUM_ID, recorded: false };
  const ctx = (name: string): CommandContext => ({ commandId: uuidv5(name, SEED_NAMESPACE), correlationId: uuidv5('seed-demo-album', SEED_NAMESPACE), userId: null, now });
  const fileIds: string[] = [];
  for (let i = 0; i < DEMO_PICTURES.length; i++) {
    const fileId = uuidv5(`demo-album-picture-${i + 1}`, SEED_NAMESPACE);
    fileIds.push(fileId);
    if ((await store.readStream(toFileStreamId(fileId), { maxCount: 1 })).exists) continue; // uploaded by an interrupted start
    await uploadFile(store, storage, { fileId, folderId: null, name: `demo-${i + 1}.png`, bytes: await demoPicture(i) }, ctx(`demo-album-upload-${i + 1}`));
  }
  if (!(await store.readStream(toAlbumStreamId(DEMO_ALBUM_ID), { maxCount: 1 })).exists) {
    await createAlbum(store, { albumId: DEMO_ALBUM_ID, names: { et: 'Näidisalbum', en: 'Demo album' } }, ctx('demo-album-create'));
  }
  const images = DEMO_PICTURES.map((p, i) => ({ fileId: fileIds[i]!, caption: { et: p.et, en: p.en } }));
  await setAlbumImages(store, { albumId: DEMO_ALBUM_ID, images, imageFileIds: fileIds }, ctx('demo-album-images'));
  await publishAlbum(store, { albumId: DEMO_ALBUM_ID }, ctx('demo-album-publish'));
  const marker = [{ type: 'DemoAlbumSeeded', data: { albumId: DEMO_ALBUM_ID, pictures: fileIds.length } }];
  await store.appendToStream(DEMO_ALBUM_MARKER, toNewEvents(marker, DEMO_ALBUM_MARKER, ctx('demo-album-marker')), { expectedVersion: 'any' });
  return { albumId: DEMO_ALBUM_ID, recorded: true };
}
