/**
 * Image checks and renditions for uploads (product images; conventions 14: files by their bytes, `file-type`,
 * then `sharp`).
 *
 * - `detectFileType(bytes)`: the type the bytes are (magic numbers), whatever the file's name or the sent type say.
 * - `renderImage(bytes, widths)`: decodes the image (at most MAX_INPUT_PIXELS pixels, the first frame of an
 *   animation), applies the EXIF orientation, and re-encodes it as WebP at each width (never enlarged). Nothing of
 *   the original's metadata (EXIF, GPS, XMP, ICC comments) is copied into a rendition.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Image types an upload may be (spec 5 "Image-only mode": the list the message names). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Largest decoded image accepted, in pixels (about 8000 x 6000): a guard against decompression bombs. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** WebP quality of the renditions (0-100). */
const WEBP_QUALITY = 80;

/** The type found in the bytes (`image/png`, `png`), or null when file-type knows none. */
export async function detectFileType(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? { mime: found.mime, ext: found.ext } : null;
}

export const isImageMime = (mime: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(mime);

/** The image could not be decoded (corrupt, truncated, or larger than MAX_INPUT_PIXELS). */
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
 * Renditions of an image at `widths` (CSS/image pixels) as WebP, rotated upright, without metadata.
 * @returns the upright image's width and height in pixels and one rendition per width
 * @throws UnreadableImageError when the bytes do not decode as an image
 */
export async function renderImage(bytes: Buffer, widths: readonly number[]): Promise<{ width: number; height: number; renditions: Rendition[] }> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // EXIF orientations 5-8 turn the image a quarter: width and height swap once rotated.
    const quarter = (meta.orientation ?? 1) >= 5;
    const width = quarter ? meta.height : meta.width;
    const height = quarter ? meta.width : meta.height;
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
