/**
 * One album (spec 2 "Gallery", spec 1 layout gallery detail; `/gallery/{galleryId}` and `/{lang}/gallery/{galleryId}`):
 * the album's name as title, a Back link to the gallery, a grid of thumbnails (srcset, lazy, sized: no layout shift)
 * whose pictures open in the lightbox (components/album-lightbox.tsx, its own chunk, loaded when first opened). The
 * lightbox's place lives in the URL hash (utils/use-lightbox-location.ts): each thumbnail is a link to its hash, so a
 * link opens the same picture even in a new tab. An unknown, unpublished or malformed album id is the not-found page
 * (HTTP 404 from the server render); other load failures are silent (spec 8) and show the page without pictures.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { ApiError } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { usePageReady } from '../../../lib/page-ready';
import { albumPicturesQueryOptions } from '../api/get-gallery';
import { AlbumPictures } from '../components/album-pictures';
import '../gallery.css';
import '../texts';

/** Whether a load failure means the album is not there (404 unknown or hidden, 400 not an album id). */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export function GalleryAlbumRoute() {
  usePageReady();
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const { galleryId = '' } = useParams();
  const album = useQuery(albumPicturesQueryOptions(galleryId, lang));
  if (album.isError && isMissing(album.error)) return <NotFound />;
  const title = album.data?.album.name || t('gallery.title');
  return (
    <section className="gallery gallery--album" aria-labelledby="gallery-title">
      <PageMeta title={title} />
      <Link className="gallery-back" to={to('/gallery')}>
        {t('gallery.back')}
      </Link>
      <h1 id="gallery-title">{title}</h1>
      <AlbumPictures albumId={galleryId} />
    </section>
  );
}
