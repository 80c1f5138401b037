/**
 * One album (spec 2 "Gallery", spec 1 layout gallery detail; `/gallery/{galleryId}` and `/{lang}/gallery/{galleryId}`):
 * the album's name as title, a Back link to the gallery, a grid of thumbnails (srcset, lazy, sized: no layout shift)
 * whose pictures open in the lightbox (components/album-lightbox.tsx, its own chunk, loaded when first opened). The
 * lightbox's place lives in the URL hash (utils/use-lightbox-location.ts): each thumbnail is a link to its hash, so a
 * link opens the same picture even in a new tab. An unknown, unpublished or malformed album id is the not-found page
 * (HTTP 404 from the server render); other load failures are silent (spec 8) and show the page without pictures.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, type MouseEvent, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { usePageReady } from '../../../lib/page-ready';
import { albumPicturesQueryOptions, type GalleryImage } from '../api/get-gallery';
import { Picture, TILE_SIZES } from '../components/picture';
import { useLightboxLocation } from '../utils/use-lightbox-location';
import '../gallery.css';

const AlbumLightbox = lazy(() => import('../components/album-lightbox'));
const NO_IMAGES: GalleryImage[] = [];

/** Whether a load failure means the album is not there (404 unknown or hidden, 400 not an album id). */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export function GalleryAlbumRoute() {
  usePageReady();
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const { galleryId = '' } = useParams();
  const album = useQuery(albumPicturesQueryOptions(galleryId, lang));
  const images = album.data?.images ?? NO_IMAGES;
  const pictureIds = useMemo(() => images.map((i) => i.id), [images]);
  const lightbox = useLightboxLocation(galleryId, pictureIds);

  if (album.isError && isMissing(album.error)) return <NotFound />;
  const title = album.data?.album.name || t('gallery.title');
  const onThumb = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    // A modified click opens the picture's link in a new tab or window as the browser would.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    lightbox.openAt(index);
  };
  return (
    <section className="gallery gallery--album" aria-labelledby="gallery-title">
      <PageMeta title={title} />
      <Link className="gallery-back" to={to('/gallery')}>
        {t('gallery.back')}
      </Link>
      <h1 id="gallery-title">{title}</h1>
      {album.isPending ? (
        <Spinner />
      ) : (
        <ul className="gallery-grid">
          {images.map((image, index) => (
            <li key={image.id}>
              <a className="gallery-thumb" href={lightbox.hrefOf(index)} onClick={(e) => onThumb(e, index)} aria-label={image.caption || t('gallery.pictureOf', { index: index + 1, total: images.length })}>
                <Picture image={image} alt="" sizes={TILE_SIZES} />
                {image.caption && <span className="gallery-thumb__caption" aria-hidden="true">{image.caption}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
      {lightbox.open && images.length > 0 && (
        <Suspense fallback={<Spinner />}>
          <AlbumLightbox images={images} open={lightbox.open} index={lightbox.index} onView={lightbox.view} onClose={lightbox.close} />
        </Suspense>
      )}
    </section>
  );
}
