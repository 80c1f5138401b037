/** Availability text (spec 4 "Product availability and display"). */
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';
import { describeAvailability } from '../utils/availability';

interface AvailabilityProps {
  product: Pick<Product, 'available_in' | 'availableForSale' | 'stock' | 'unit'>;
  className?: string;
}

export function Availability({ product, className }: AvailabilityProps) {
  const { t } = useTranslation('shop');
  const view = describeAvailability(product);
  const status = view.days !== undefined ? t(view.statusKey, { count: view.days }) : t(view.statusKey);
  return (
    <p className={`availability availability--${view.tone}${className ? ` ${className}` : ''}`}>
      <span className="availability__dot" aria-hidden="true" />
      <span className="availability__status">{status}</span>
      {view.inStock !== undefined && (
        <span className="availability__stock">
          {t('availability.inStock', {
            count: view.inStock,
            unit: t(`units.${product.unit}`, { count: view.inStock, defaultValue: product.unit }),
          })}
          {view.moreOnDemand && <> {t('availability.moreOnDemand')}</>}
        </span>
      )}
    </p>
  );
}
