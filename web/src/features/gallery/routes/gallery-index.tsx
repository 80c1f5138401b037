/**
 * The gallery index (spec 2 "Gallery", spec 1 layout gallery; `/gallery` and `/{lang}/gallery`): title Gallery, the
 * published albums as tiles with thumbnail and name in a CSS grid of tiles at least 300 px wide (spec 9), linked as
 * `/{lang}/gallery/{galleryId}`; a spinner while they load. Server-rendered with its data (app/prefetch-route.ts). A
 * load failure is silent (spec 8): the page shows no albums and no toast.
 */
import { useTranslation } from '../../../lib/translation';
import { PageMeta } from '../../../components/page-meta';
import { usePageReady } from '../../../lib/page-ready';
import { AlbumTiles } from '../components/album-tiles';
import '../gallery.css';
import '../texts';

export function GalleryIndexRoute() {
  usePageReady();
  const { t } = useTranslation('shop');
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <PageMeta title={t('gallery.title')} description={t('gallery.description')} />
      <h1 id="gallery-title">{t('gallery.title')}</h1>
      <AlbumTiles />
    </section>
  );
}
