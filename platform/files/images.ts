/**
 * Image checks and renditions for uploads (product images; conventions 14: files by their bytes, `file-type`,
 * then `sharp`).
 *
 * - `detectFileType(bytes)`: the type the bytes are (magic numbers), whatever the file's name or the sent type say.
 * - `renderImage(bytes, widths)`: reads the image's header and refuses one of more than MAX_INPUT_PIXELS pixels
 *   before decoding anything ({@link ImageTooLargeError}); then, through {@link imageWork} (at most
 *   IMAGE_WORK_CONCURRENCY decodes at once per process, IMAGE_WORK_MAX_WAITING more waiting, beyond that
 *   WorkQueueFullError), decodes it (the first frame of an animation), applies the EXIF orientation, and re-encodes
 *   it as WebP at each width (never enlarged). Nothing of the original's metadata (EXIF, GPS, XMP, ICC comments) is
 *   copied into a rendition.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { WorkQueue } from './work-queue.js';

/** Image types an upload may be (spec 5 "Image-only mode": the list the message names). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/**
 * The pixel budget of an upload: at most 25,000,000 pixels (25 megapixels: a 24-megapixel camera's 6000 x 4000
 * fits). The largest rendition is 1280 px wide (domain/file/image-ref.ts IMAGE_WIDTHS), so more pixels buy nothing
 * and cost decode time and memory in proportion: a 7000 x 7000 PNG (49 megapixels; 0.7 MB when it is one colour)
 * took 1.0 s and 26 MB to render here, 1.9 s and 52 MB when it is noise; refused from its header it takes 1 ms. Checked from the header before decoding, and again by sharp
 * (`limitInputPixels`) while decoding.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** Image decodes that may run at once in one process (each may use every core through libvips' own threads). */
export const IMAGE_WORK_CONCURRENCY = 2;
/** Uploads that may wait for a decode slot (each holds its bytes, at most UPLOAD_MAX_BYTES); more are refused. */
export const IMAGE_WORK_MAX_WAITING = 16;
/** The process's image work queue (platform/files/work-queue.ts): every renderImage call runs through it. */
export const imageWork = new WorkQueue(IMAGE_WORK_CONCURRENCY, IMAGE_WORK_MAX_WAITING);

/** WebP quality of the renditions (0-100). */
const WEBP_QUALITY = 80;

/** The type found in the bytes (`image/png`, `png`), or null when file-type knows none. */
export async function detectFileType(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? { mime: found.mime, ext: found.ext } : null;
}

export const isImageMime = (mime: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(mime);

/** The image has more pixels than MAX_INPUT_PIXELS (found in its header, before decoding). */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`The image has ${width} x ${height} pixels, more than ${MAX_INPUT_PIXELS}`);
    this.name = 'ImageTooLargeError';
  }
}

/** The image could not be decoded (corrupt, truncated). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`The image could not be read: ${(cause as Error)?.message ?? cause}`);
    this.name = 'UnreadableImageError';
  }
}

export interface Rendition {
  /** The nominal width (one of `widths`). */
  width: number;
  /** Real pixels: at most `width`, less for a narrower source. */
  actualWidth: number;
  height: number;
  data: Buffer;
}

/**
 * Renditions of an image at `widths` (CSS/image pixels) as WebP, rotated upright, without metadata; the decode waits
 * for a slot of {@link imageWork}.
 * @returns the upright image's width and height in pixels and one rendition per width
 * @throws ImageTooLargeError over MAX_INPUT_PIXELS; UnreadableImageError when the bytes do not decode as an image;
 *   WorkQueueFullError when IMAGE_WORK_CONCURRENCY decodes run and IMAGE_WORK_MAX_WAITING wait already
 */
export async function renderImage(bytes: Buffer, widths: readonly number[]): Promise<{ width: number; height: number; renditions: Rendition[] }> {
  let meta: Metadata;
  try {
    // The header only: cheap, and enough to refuse a decompression bomb before it is decoded.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
  if (!meta.width || !meta.height) throw new UnreadableImageError(new Error('no dimensions'));
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(meta.width, meta.height);
  return imageWork.run(() => decodeAndResize(bytes, meta, widths));
}

/** The decode and resizes of renderImage, once its header was checked (see there). */
async function decodeAndResize(bytes: Buffer, meta: Metadata, widths: readonly number[]): Promise<{ width: number; height: number; renditions: Rendition[] }> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    // EXIF orientations 5-8 turn the image a quarter: width and height swap once rotated.
    const quarter = (meta.orientation ?? 1) >= 5;
    const width = quarter ? meta.height! : meta.width!;
    const height = quarter ? meta.width! : meta.height!;
    // Decoded once (rotated upright, at the largest width: JPEG shrinks while decoding), the smaller ones from that.
    const largest = Math.max(...widths);
    const base = await source.rotate().resize({ width: largest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    const renditions: Rendition[] = [];
    for (const w of widths) {
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      renditions.push({ width: w, actualWidth: info.width, height: info.height, data });
    }
    return { width, height, renditions };
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
