/**
 * Staff marks on a product card and the product page (spec 4 "Staff see a low-stock warning icon when the
 * first stock amount is at or below critical_stock_level", spec 6 "hidden-product badges"): a badge for a product
 * that is not visible (hidden or inaccessible) and the low-stock icon. Renders only from the `staff` details the api
 * adds for a staff session with `fieldsPreset=frontEdit`, so a shopper sees nothing. An inline SVG (no icon library
 * in the shop's bundle).
 */
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';

export function StaffMarks({ product }: { product: Pick<Product, 'staff'> }) {
  const { t } = useTranslation('shop');
  const staff = product.staff;
  if (!staff || (staff.visibility === 'visible' && !staff.lowStock)) return null;
  const lowStockText = t('product.lowStock', { amount: staff.firstStockAmount, level: staff.criticalStockLevel ?? '' });
  return (
    <p className="staff-marks">
      {staff.visibility !== 'visible' && (
        <span className="staff-badge" data-testid="hidden-badge">
          {t(staff.visibility === 'hidden' ? 'product.hiddenBadge' : 'product.inaccessibleBadge')}
        </span>
      )}
      {staff.lowStock && (
        <span className="staff-low-stock" data-testid="low-stock-icon" role="img" aria-label={lowStockText} title={lowStockText}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
            <path d="M12 9v4M12 17h.01" />
          </svg>
        </span>
      )}
    </p>
  );
}
