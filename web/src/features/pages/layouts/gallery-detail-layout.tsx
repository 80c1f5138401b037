/**
 * Layout `gallery-detail` (spec 1, spec 2 "Gallery": one album with a Back link to /gallery): the Back link, the
 * page's title and text, then the thumbnails of the album the text links to (`/gallery/{albumId}`, lib/gallery-album-link.ts
 * albumIdIn; none: the first published album) with the lightbox. The pictures are the gallery feature's (provided by
 * app/router.tsx, loaded lazily), server-rendered with their data (app/prefetch-route.ts).
 */
import { Suspense } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { albumIdIn } from '../../../lib/gallery-album-link';
import { useAlbumPictures } from '../../../lib/gallery-embed';
import { useRouteLanguage } from '../../../lib/language';
import { LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';

export default function GalleryDetailLayout({ page }: LayoutProps) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const AlbumPictures = useAlbumPictures();
  return (
    <LayoutShell layout="gallery-detail">
      <Link className="layout-back" to={to('/gallery')}>
        {t('layouts.gallery.back')}
      </Link>
      <PageTitle page={page} />
      <PageBody page={page} />
      {AlbumPictures ? (
        <div className="gallery gallery--album layout-gallery">
          <Suspense fallback={<Spinner />}>
            <AlbumPictures albumId={albumIdIn(page.content)} />
          </Suspense>
        </div>
      ) : null}
    </LayoutShell>
  );
}
