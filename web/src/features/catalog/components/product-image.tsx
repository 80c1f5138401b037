import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';
import { CategoryPictogram } from '../../../components/category-pictogram';

interface ProductImageProps {
  image: Product['image'];
  alt: string;
  className?: string;
  eager?: boolean;
  /** The product's category ids: without an image, the tile shows the top-level category's pictogram. */
  categoryIds?: readonly string[];
  /** Or the top-level category's name (search results carry names only). */
  topCategoryName?: string;
  /**
   * The `sizes` of an uploaded image's srcset: how wide the image is drawn. Default: a listing card
   * (half the screen on phones, about 280 px otherwise).
   */
  sizes?: string;
}

/** How wide a listing card's image is drawn (catalog-products.css: tiles of 210-300 px; two per row at 600 px and below). */
export const CARD_IMAGE_SIZES = '(max-width: 600px) 50vw, 300px';

/**
 * The intrinsic size (px) given to every product <img>: the 4:3 of the tile (`.product-image`, aspect-ratio 4 / 3) in
 * which it is drawn with object-fit contain, so the browser reserves the box before the image arrives (CLS 0).
 */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 480;

/**
 * The product image (an uploaded one with its srcset of WebP widths and `sizes`), the inline preview as its placeholder; without an image (or when it fails to load) a tile
 * with the pictogram of the product's top-level category, announced as '<name>: No image'.
 */
export function ProductImage({ image, alt, className, eager, categoryIds, topCategoryName, sizes = CARD_IMAGE_SIZES }: ProductImageProps) {
  const { t } = useTranslation('shop');
  const [failed, setFailed] = useState(false);
  const classes = `product-image${className ? ` ${className}` : ''}`;
  if (!image || failed) {
    return (
      <div className={`${classes} product-image--empty`} role="img" aria-label={`${alt}: ${t('product.noImage')}`}>
        <CategoryPictogram categoryIds={categoryIds} topCategoryName={topCategoryName} className="product-image__pictogram" />
      </div>
    );
  }
  const preview = image.inlinePreview
    ? image.inlinePreview.startsWith('data:') || /^(https?:)?\//.test(image.inlinePreview)
      ? image.inlinePreview
      : `data:image/jpeg;base64,${image.inlinePreview}`
    : undefined;
  return (
    <div className={classes} style={preview ? { backgroundImage: `url("${preview}")` } : undefined}>
      <img
        src={image.url}
        srcSet={image.srcset ?? undefined}
        sizes={image.srcset ? sizes : undefined}
        alt={alt}
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </div>
  );
}
