/**
 * Layout `gallery-detail` (spec 1, spec 2 "Gallery": one album with a Back link to /gallery). The album's pictures
 * come with the gallery screens; until then the page shows its title, the Back link, its text and a note saying so.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteLanguage } from '../../../lib/language';
import { LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';

export default function GalleryDetailLayout({ page }: LayoutProps) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  return (
    <LayoutShell layout="gallery-detail">
      <Link className="layout-back" to={to('/gallery')}>
        {t('layouts.gallery.back')}
      </Link>
      <PageTitle page={page} />
      <PageBody page={page} />
      <div className="layout-placeholder layout-placeholder--album" role="note">
        <p>{t('layouts.gallery.pendingAlbum')}</p>
      </div>
    </LayoutShell>
  );
}
