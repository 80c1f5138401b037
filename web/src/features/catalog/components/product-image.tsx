import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../api/contracts/catalog';

interface ProductImageProps {
  image: Product['image'];
  alt: string;
  className?: string;
  eager?: boolean;
}

/** The product image, the inline preview as its placeholder, or a 'No image' tile. */
export function ProductImage({ image, alt, className, eager }: ProductImageProps) {
  const { t } = useTranslation('shop');
  const [failed, setFailed] = useState(false);
  const classes = `product-image${className ? ` ${className}` : ''}`;
  if (!image || failed) {
    return (
      <div className={`${classes} product-image--empty`} role="img" aria-label={`${alt}: ${t('product.noImage')}`}>
        <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
          <rect x="6" y="10" width="36" height="28" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <circle cx="18" cy="21" r="3.5" fill="currentColor" />
          <path d="m10 34 10-9 7 6 5-4 6 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        </svg>
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
