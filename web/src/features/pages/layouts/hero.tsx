/**
 * The hero band of the homepage and parallax layouts: the page title over the `hero` item container's items, on the
 * page's header image (api: `header_img`, the container's first image, one of the shop's own files) when it has one.
 */
import type { CSSProperties } from 'react';
import { ContainerItems, type LayoutProps, PageTitle } from './parts';

/** The container key of the hero (domain/page/page-doc.ts HEADER_IMAGE_CONTAINER). */
export const HERO = 'hero';

export function Hero({ page, className }: LayoutProps & { className: string }) {
  const style = page.header_img ? ({ '--hero-image': `url("${page.header_img.replace(/["\\]/g, '')}")` } as CSSProperties) : undefined;
  return (
    <header className={`${className}${page.header_img ? ` ${className}--image` : ''}`} style={style}>
      <div className={`${className}__inner`}>
        <PageTitle page={page} />
        <ContainerItems page={page} name={HERO} itemClassName={`${className}__item`} />
      </div>
    </header>
  );
}
