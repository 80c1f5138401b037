/**
 * Layout `gallery` (spec 1, spec 2 "Gallery": the index of albums). The albums come with the gallery screens (their
 * own feature renders them); until then the page shows its title, text and a note saying so.
 */
import { useTranslation } from 'react-i18next';
import { LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';

export default function GalleryLayout({ page }: LayoutProps) {
  const { t } = useTranslation('cms');
  return (
    <LayoutShell layout="gallery">
      <PageTitle page={page} />
      <PageBody page={page} />
      <div className="layout-placeholder layout-placeholder--grid" role="note">
        <p>{t('layouts.gallery.pending')}</p>
      </div>
    </LayoutShell>
  );
}
