/**
 * One product in the listing: image, name, code1, gross price, availability and, with a vehicle (`vehicle`: its
 * name), whether the part fits it (docs/architecture.md "Vehicle fitment"). The name link stretches over the
 * whole card (CSS), so the card is one tab stop.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';
import { useRouteLanguage } from '../../../lib/language';
import { Availability } from './availability';
import { FitmentBadge } from './fitment-badge';
import { Price } from './price';
import { ProductImage } from './product-image';
import { StaffMarksSlot } from './staff-marks-slot';

export function ProductCard({ product, vehicle = '' }: { product: Product; vehicle?: string }) {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const href = to(product.path || `/products/view/${encodeURIComponent(product.id)}`);
  return (
    <article className={`product-card${product.visibility.currentState !== 'visible' ? ' is-invisible' : ''}`}>
      <ProductImage image={product.image} alt={product.name} className="product-card__image" categoryIds={product.categories.map((c) => c.id)} />
      <div className="product-card__body">
        <h3 className="product-card__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="product-card__code">
          <span className="visually-hidden">{t('product.code')}: </span>
          {product.code1}
        </p>
        <Availability product={product} className="product-card__availability" />
        <FitmentBadge fitment={product.fitment} vehicle={vehicle} className="product-card__fitment" />
        <StaffMarksSlot product={product} />
      </div>
      <p className="product-card__price">
        <span className="visually-hidden">{t('product.price')}: </span>
        <Price cents={product.priceCents} decimal={product.price} lang={lang} />
      </p>
    </article>
  );
}
