/**
 * The gallery index (spec 2 "Gallery", spec 1 layout gallery; `/gallery` and `/{lang}/gallery`): title Gallery, the
 * published albums as tiles with thumbnail and name in a CSS grid of tiles at least 300 px wide (spec 9), linked as
 * `/{lang}/gallery/{galleryId}`; a spinner while they load. Server-rendered with its data (app/prefetch-route.ts). A
 * load failure is silent (spec 8): the page shows no albums and no toast.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { usePageReady } from '../../../lib/page-ready';
import { galleryIndexQueryOptions } from '../api/get-gallery';
import { Picture, TILE_SIZES } from '../components/picture';
import '../gallery.css';

export function GalleryIndexRoute() {
  usePageReady();
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const albums = useQuery(galleryIndexQueryOptions(lang));
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <PageMeta title={t('gallery.title')} description={t('gallery.description')} />
      <h1 id="gallery-title">{t('gallery.title')}</h1>
      {albums.isPending ? (
        <Spinner />
      ) : albums.data && albums.data.length > 0 ? (
        <ul className="gallery-grid">
          {albums.data.map((album) => (
            <li key={album.id} className="gallery-tile">
              <Link to={to(`/gallery/${album.id}`)} className="gallery-tile__link">
                {album.thumbnail ? <Picture image={album.thumbnail} alt="" sizes={TILE_SIZES} /> : <span className="gallery-tile__empty" aria-hidden="true" />}
                <span className="gallery-tile__name">{album.name}</span>
                <span className="gallery-tile__count">{t('gallery.pictureCount', { count: album.imageCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="gallery__empty">{t('gallery.noAlbums')}</p>
      )}
    </section>
  );
}
