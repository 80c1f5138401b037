/**
 * How a product names its images (spec 3 "Product": image url, inlinePreview; product images). Pure, no imports:
 * the domain, the api and the storefront share it.
 *
 * A product's `images: string[]` (ProductImagesChanged) holds, in order, either
 * - an uploaded file: `/files/{fileId}` (the File aggregate, domain/file/file.ts; fileId a uuid), served as WebP
 *   variants `/files/{fileId}/{width}.webp` for each width of {@link IMAGE_WIDTHS}; or
 * - an imported catalog image: an absolute http(s) URL, shown as it is (no variants).
 */

/**
 * The widths in CSS pixels (= image pixels) every uploaded image is stored at, as WebP: 160 (cart lines, staff
 * thumbnails), 320 (listing cards, 210-300 px wide), 640 (cards at 2x, the product page's 560 px image), 1280 (the
 * product page at 2x). A source narrower than a width is stored at its own width for that name (never enlarged).
 */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FILE_REF = new RegExp(`^/files/(${UUID})$`);
/** A file id as the server makes them: a lower-case uuid. */
export const FILE_ID = new RegExp(`^${UUID}$`);

/** The image reference of an uploaded file: `/files/{fileId}`. */
export const fileImageRef = (fileId: string) => `/files/${fileId}`;

/** The file id of an uploaded file's reference, or null for anything else (an http(s) URL). */
export function fileIdOfImageRef(ref: string): string | null {
  const m = FILE_REF.exec(ref);
  return m ? m[1] : null;
}

/** A reference a product may hold: an uploaded file's `/files/{uuid}` or an absolute http(s) URL without spaces. */
export function isProductImageRef(ref: string): boolean {
  return FILE_REF.test(ref) || /^https?:\/\/\S+$/i.test(ref);
}

/** The URL of one stored variant: `/files/{fileId}/{width}.webp`. */
export const imageVariantUrl = (fileId: string, width: ImageWidth) => `/files/${fileId}/${width}.webp`;

/** An image as the storefront shows it: `url` (640 wide), `thumbnail` (160), `srcset` (every width; null for URLs). */
export interface ImageSources {
  url: string;
  thumbnail: string;
  srcset: string | null;
}

/** The sources of a product image reference (see the module comment). */
export function imageSources(ref: string): ImageSources {
  const fileId = fileIdOfImageRef(ref);
  if (!fileId) return { url: ref, thumbnail: ref, srcset: null };
  return {
    url: imageVariantUrl(fileId, 640),
    thumbnail: imageVariantUrl(fileId, 160),
    srcset: IMAGE_WIDTHS.map((w) => `${imageVariantUrl(fileId, w)} ${w}w`).join(', '),
  };
}
