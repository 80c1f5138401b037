/**
 * The published albums as tiles (spec 2 "Gallery": thumbnail, name and picture count, linked as
 * `/{lang}/gallery/{galleryId}`; spec 9: tiles at least 300 px in a CSS grid), a spinner while they load, and a
 * note when there are none. A load failure is silent (spec 8). Used by the gallery index and, through app/ (the
 * pages feature cannot import it: lib/gallery-embed.ts), by a content page of layout `gallery` (spec 1).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { galleryIndexQueryOptions } from '../api/get-gallery';
import { Picture, TILE_SIZES } from './picture';
import '../gallery.css';
import '../texts';

export function AlbumTiles() {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const albums = useQuery(galleryIndexQueryOptions(lang));
  if (albums.isPending) return <Spinner />;
  if (!albums.data || albums.data.length === 0) return <p className="gallery__empty">{t('gallery.noAlbums')}</p>;
  return (
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
  );
}

export default AlbumTiles;
