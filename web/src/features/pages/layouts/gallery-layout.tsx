/**
 * Layout `gallery` (spec 1, spec 2 "Gallery": the index of albums): the page's title and text, then the published
 * albums as tiles. The tiles are the gallery feature's (lib/gallery-embed.ts, provided by app/router.tsx and loaded
 * lazily), server-rendered with their data (app/prefetch-route.ts fetches the album list for a page of this layout).
 */
import { Suspense } from 'react';
import { Spinner } from '../../../components/spinner';
import { useAlbumTiles } from '../../../lib/gallery-embed';
import { LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';

export default function GalleryLayout({ page }: LayoutProps) {
  const AlbumTiles = useAlbumTiles();
  return (
    <LayoutShell layout="gallery">
      <PageTitle page={page} />
      <PageBody page={page} />
      {AlbumTiles ? (
        <div className="gallery layout-gallery">
          <Suspense fallback={<Spinner />}>
            <AlbumTiles />
          </Suspense>
        </div>
      ) : null}
    </LayoutShell>
  );
}
