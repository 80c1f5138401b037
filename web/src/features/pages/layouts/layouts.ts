/**
 * Spec 1's thirteen layouts, each its own lazy chunk (a shopper downloads only the layout of the page shown). The
 * page's answer names its layout (api/routes/pages `layout`).
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from '../../../lib/lazy-chunk';
import type { LayoutName } from '../api/layout-page';
import type { LayoutProps } from './parts';

export const LAYOUT_COMPONENTS: Record<LayoutName, LazyExoticComponent<ComponentType<LayoutProps>>> = {
  basic: lazyChunk(() => import('./basic-layout')),
  default: lazyChunk(() => import('./default-layout')),
  contact: lazyChunk(() => import('./contact-layout')),
  'spare-parts-contact': lazyChunk(() => import('./spare-parts-contact-layout')),
  homepage: lazyChunk(() => import('./homepage-layout')),
  parallax: lazyChunk(() => import('./parallax-layout')),
  'sidebar-right': lazyChunk(() => import('./sidebar-right-layout')),
  test: lazyChunk(() => import('./test-layout')),
  gallery: lazyChunk(() => import('./gallery-layout')),
  'gallery-detail': lazyChunk(() => import('./gallery-detail-layout')),
  'product-detail': lazyChunk(() => import('./product-detail-layout')),
  'search-results': lazyChunk(() => import('./search-results-layout')),
  'page-not-found': lazyChunk(() => import('./page-not-found-layout')),
};
