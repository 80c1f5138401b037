/**
 * Spec 1's thirteen layouts, each its own lazy chunk (a shopper downloads only the layout of the page shown). The
 * page's answer names its layout (api/routes/pages `layout`).
 */
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import type { LayoutName } from '../api/layout-page';
import type { LayoutProps } from './parts';

export const LAYOUT_COMPONENTS: Record<LayoutName, LazyExoticComponent<ComponentType<LayoutProps>>> = {
  basic: lazy(() => import('./basic-layout')),
  default: lazy(() => import('./default-layout')),
  contact: lazy(() => import('./contact-layout')),
  'spare-parts-contact': lazy(() => import('./spare-parts-contact-layout')),
  homepage: lazy(() => import('./homepage-layout')),
  parallax: lazy(() => import('./parallax-layout')),
  'sidebar-right': lazy(() => import('./sidebar-right-layout')),
  test: lazy(() => import('./test-layout')),
  gallery: lazy(() => import('./gallery-layout')),
  'gallery-detail': lazy(() => import('./gallery-detail-layout')),
  'product-detail': lazy(() => import('./product-detail-layout')),
  'search-results': lazy(() => import('./search-results-layout')),
  'page-not-found': lazy(() => import('./page-not-found-layout')),
};
