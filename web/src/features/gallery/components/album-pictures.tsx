/**
 * One album's thumbnails with the lightbox (spec 2 "Gallery": a thumbnail grid whose images open in a lightbox; spec
 * 9's lightbox constants in album-lightbox.tsx): each thumbnail (srcset, lazy, sized: no layout shift) is a link to
 * its place in the URL hash (utils/use-lightbox-location.ts), so a link opens the same picture even in a new tab; the
 * lightbox is its own chunk, loaded when first opened. A spinner while the pictures load; a load failure is silent
 * (spec 8): no pictures. Used by the album page and, through app/ (lib/gallery-embed.ts), by a content page of layout
 * `gallery-detail` (spec 1).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, type MouseEvent, Suspense, useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { albumPicturesQueryOptions, type GalleryImage, galleryIndexQueryOptions } from '../api/get-gallery';
import { useLightboxLocation } from '../utils/use-lightbox-location';
import { Picture, TILE_SIZES } from './picture';
import '../gallery.css';
import '../texts';

const AlbumLightbox = lazy(() => import('./album-lightbox'));
const NO_IMAGES: GalleryImage[] = [];

export function AlbumPictures({ albumId }: { albumId: string }) {
  const { t } = useTranslation('shop');
  const { lang } = useRouteLanguage();
  const album = useQuery(albumPicturesQueryOptions(albumId, lang));
  const images = album.data?.images ?? NO_IMAGES;
  const pictureIds = useMemo(() => images.map((i) => i.id), [images]);
  const lightbox = useLightboxLocation(albumId, pictureIds);
  const onThumb = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    // A modified click opens the picture's link in a new tab or window as the browser would.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    lightbox.openAt(index);
  };
  if (album.isPending) return <Spinner />;
  return (
    <>
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
      {lightbox.open && images.length > 0 && (
        <Suspense fallback={<Spinner />}>
          <AlbumLightbox images={images} open={lightbox.open} index={lightbox.index} onView={lightbox.view} onClose={lightbox.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The album a content page of layout `gallery-detail` names (`albumId`), or, when it names none, the first published
 * album of the gallery index; nothing while there is none.
 */
export function EmbeddedAlbum({ albumId }: { albumId: string | null }) {
  const { lang } = useRouteLanguage();
  const index = useQuery({ ...galleryIndexQueryOptions(lang), enabled: albumId === null });
  const id = albumId ?? index.data?.[0]?.id ?? null;
  if (id === null) return albumId === null && index.isPending ? <Spinner /> : null;
  return <AlbumPictures albumId={id} />;
}

export default EmbeddedAlbum;
