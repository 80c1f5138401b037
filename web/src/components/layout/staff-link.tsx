/**
 * The link to the admin area on the shop's pages for signed-in staff (spec 6: "Logged-in staff ... get the admin
 * area"). Asks GET /v1/session only when this browser signed in as staff lately (lib/staff/storefront.ts
 * `useStorefrontStaff`), so a shopper's pages make no extra call; shows nothing for anyone else.
 */
import { useTranslation } from '../../lib/translation';
import { Link } from 'react-router';
import { useRouteLanguage } from '../../lib/language';
import { useStorefrontStaff } from '../../lib/staff/storefront';

export function StaffLink() {
  const { t } = useTranslation('app');
  const { to } = useRouteLanguage();
  const { user } = useStorefrontStaff();
  if (!user) return null;
  return (
    <Link className="button staff-link" to={to('/admin')}>
      {t('adminLink')}
    </Link>
  );
}
