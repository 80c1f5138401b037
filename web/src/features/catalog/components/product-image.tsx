import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
}

/**
 * The product image, the inline preview as its placeholder; without an image (or when it fails to load) a tile
 * with the pictogram of the product's top-level category (issue 13 §2), announced as '<name>: No image'.
 */
export function ProductImage({ image, alt, className, eager, categoryIds, topCategoryName }: ProductImageProps) {
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
      <img src={image.url} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={() => setFailed(true)} />
    </div>
  );
}
