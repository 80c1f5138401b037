/**
 * One gallery thumbnail: the 640 px rendition with every width in `srcset`, loaded lazily, with the image's own
 * width and height so the browser reserves its box before it arrives (no layout shift; the tile's CSS sets a 4:3
 * box with `object-fit: cover`).
 */
import type { GalleryImage } from '../api/get-gallery';

/** `sizes` of a tile of the grid: at least 300 px (spec 9), one column on a phone, up to about 420 px on a wide screen. */
export const TILE_SIZES = '(max-width: 660px) 100vw, (max-width: 1000px) 50vw, 420px';

export function Picture({ image, alt, sizes }: { image: GalleryImage; alt: string; sizes: string }) {
  return <img src={image.url} srcSet={image.srcset || undefined} sizes={image.srcset ? sizes : undefined} width={image.width} height={image.height} loading="lazy" decoding="async" alt={alt} />;
}
