/**
 * 'Veebipoe moodul pole sisse lülitatud' / 'The web shop module is not switched on' (spec 6 "A logged-in user without
 * the client role sees a notice that the web shop module is not switched on when category data is missing"; spec 8
 * "Missing shop category data: ... with a contact invitation for staff"). Shown on the listing to a signed-in user
 * whose roles lack CLIENT (an ADMIN only account) when the category tree is empty or failed to load; shoppers and
 * shop staff never see it.
 */
import { useTranslation } from '../../../lib/translation';
import type { SessionUser } from '../../../lib/staff/session';

/** Whether the notice applies: a signed-in user without CLIENT, and no category data (empty tree or a failed load). */
export function shopModuleOff(user: SessionUser | null, categoriesLoaded: boolean, categoryCount: number, categoriesFailed: boolean): boolean {
  if (!user || user.roles.includes('CLIENT')) return false;
  return categoriesFailed || (categoriesLoaded && categoryCount === 0);
}

export function ShopModuleNotice() {
  const { t } = useTranslation('app');
  const email = t('error.email');
  return (
    <div className="notice notice--warning" data-testid="shop-module-off">
      <p>
        <strong>{t('smallprint.moduleOff')}</strong>
      </p>
      <p>
        {t('smallprint.moduleOffContact')} <a href={`mailto:${email}`}>{email}</a>
      </p>
    </div>
  );
}
