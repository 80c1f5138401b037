/**
 * The album's lightbox: yet-another-react-lightbox 3 with its Zoom plugin, loaded lazily by the album page only (its
 * own chunk, with its styles), never in a shopper's first load elsewhere. Spec 9's constants:
 *
 * - idle after 4 s: the controls and caption fade out after IDLE_MS without pointer, touch, wheel or key input, and
 *   return with the next one (the library has no idle mode: `useIdle` below);
 * - animation 333 ms (fade and swipe), spacing 0.12 (12 % of the slide's width between slides), preload one image
 *   each side (`carousel.preload` 1);
 * - vertical-drag close range 0.75: pulling a picture down closes the lightbox (`closeOnPullDown`), and the backdrop
 *   fades over 0.75 of the viewport's height of pull (`usePullFade`, reading the library's `--yarl__pull_offset`);
 * - max zoom 1.33: at most 1.33 times the picture's own pixels (`zoom.maxZoomPixelRatio`).
 *
 * The place in the URL is the album page's (utils/use-lightbox-location.ts). A picture that fails to load shows
 * 'The image could not be loaded' with a link to the image (spec 2 "Gallery").
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import Lightbox, { type SlideImage, useLightboxState } from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import '../texts';
import type { GalleryImage } from '../api/get-gallery';

/** Spec 9 lightbox constants. */
export const LIGHTBOX = { idleMs: 4000, animationMs: 333, spacing: 0.12, verticalDragRange: 0.75, preload: 1, maxZoom: 1.33 } as const;

export interface AlbumLightboxProps {
  images: readonly GalleryImage[];
  open: boolean;
  index: number;
  onView: (index: number) => void;
  onClose: () => void;
}

/** The renditions of `srcset` ('url 640w, ...') as the library's sources, heights from the image's proportions. */
function sourcesOf(image: GalleryImage): SlideImage['srcSet'] {
  return image.srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter((p) => p.length === 2 && /^\d+w$/.test(p[1]!))
    .map(([src, w]) => {
      const width = Math.min(Number.parseInt(w!, 10), image.width);
      return { src: src!, width, height: Math.round((width * image.height) / image.width) };
    });
}

/** True after `ms` without input while `active`; any pointer, touch, wheel or key input resets it. */
function useIdle(active: boolean, ms: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => setIdle(true), ms);
    const wake = () => {
      clearTimeout(timer);
      setIdle(false);
      timer = setTimeout(() => setIdle(true), ms);
    };
    const events = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const e of events) document.addEventListener(e, wake, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) document.removeEventListener(e, wake, { capture: true });
      setIdle(false);
    };
  }, [active, ms]);
  return idle;
}

/** Fades the backdrop as the picture is pulled down: transparent at `range` of the viewport's height. */
function usePullFade(active: boolean, range: number): void {
  useEffect(() => {
    if (!active) return;
    let observer: MutationObserver | null = null;
    const frame = requestAnimationFrame(() => {
      const root = document.querySelector<HTMLElement>('.gallery-lightbox');
      const container = root?.querySelector<HTMLElement>('.yarl__container');
      if (!root || !container) return;
      observer = new MutationObserver(() => {
        const offset = Math.abs(Number.parseFloat(container.style.getPropertyValue('--yarl__pull_offset')) || 0);
        const alpha = Math.max(0, 1 - offset / (range * window.innerHeight));
        root.style.setProperty('--yarl__container_background_color', `rgba(0, 0, 0, ${alpha.toFixed(3)})`);
      });
      observer.observe(container, { attributes: true, attributeFilter: ['style'] });
    });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [active, range]);
}

/** The error of the shown picture: the spec's sentence and a link to the image. */
function ImageError() {
  const { t } = useTranslation('shop');
  const { currentSlide } = useLightboxState();
  const src = (currentSlide as SlideImage | undefined)?.src;
  return (
    <div className="gallery-lightbox__error" role="alert">
      <p>{t('gallery.imageError')}</p>
      {src && (
        <a href={src} target="_blank" rel="noopener">
          {t('gallery.openImage')}
        </a>
      )}
    </div>
  );
}

export default function AlbumLightbox({ images, open, index, onView, onClose }: AlbumLightboxProps) {
  const { t } = useTranslation('shop');
  const slides = useMemo<SlideImage[]>(() => images.map((image) => ({ src: image.full, alt: image.caption, width: image.width, height: image.height, srcSet: sourcesOf(image) })), [images]);
  const captions = useMemo(() => new Map(images.map((image) => [image.full, image.caption])), [images]);
  const idle = useIdle(open, LIGHTBOX.idleMs);
  usePullFade(open, LIGHTBOX.verticalDragRange);
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      className={idle ? 'gallery-lightbox gallery-lightbox--idle' : 'gallery-lightbox'}
      carousel={{ preload: LIGHTBOX.preload, spacing: `${LIGHTBOX.spacing * 100}%`, finite: false }}
      animation={{ fade: LIGHTBOX.animationMs, swipe: LIGHTBOX.animationMs }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: LIGHTBOX.maxZoom }}
      on={{ view: ({ index: i }) => onView(i) }}
      labels={{
        Previous: t('gallery.previous'),
        Next: t('gallery.next'),
        Close: t('gallery.close'),
        'Zoom in': t('gallery.zoomIn'),
        'Zoom out': t('gallery.zoomOut'),
        Lightbox: t('gallery.lightbox'),
        Slide: t('gallery.slide'),
        Carousel: t('gallery.carousel'),
        'Photo gallery': t('gallery.lightbox'),
        '{index} of {total}': t('gallery.position'),
      }}
      render={{
        iconError: () => <ImageError />,
        slideFooter: ({ slide }) => {
          const caption = captions.get((slide as SlideImage).src);
          return caption ? <p className="gallery-lightbox__caption">{caption}</p> : null;
        },
      }}
    />
  );
}
