/**
 * The lightbox's place in the URL (spec 2 "Gallery": "position is kept in the URL hash by gallery id and picture
 * id"; spec 9: "hash updates delayed 800 ms"). The URL leads: the lightbox is open exactly while the location's hash
 * names this album and one of its pictures (utils/lightbox-hash.ts), so a copied link opens the same picture and
 * Back/Forward move it.
 *
 * - Opening (a thumbnail): pushes ONE history entry with the hash at once (state `{ lightbox: true }`), so a phone's
 *   Back closes the lightbox and stays on the album page.
 * - Moving inside the lightbox: the shown picture changes at once; the hash follows HASH_DELAY_MS after the last
 *   move, replacing the entry (no entry per picture).
 * - Closing: when this page pushed the entry, history goes back one (the entry is gone, Forward reopens it);
 *   otherwise (the page was opened from a link with the hash) the hash is removed in place. A pending hash write is
 *   dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { debouncedWrite, formatLightboxHash, parseLightboxHash } from './lightbox-hash';

/** Spec 9: the hash is written 800 ms after the lightbox moved. */
export const HASH_DELAY_MS = 800;

export interface LightboxLocation {
  /** Whether the lightbox is open (the hash names this album and a picture it has). */
  open: boolean;
  /** The picture shown (index into `pictureIds`). */
  index: number;
  /** Opens the lightbox at picture `index` (one history entry). */
  openAt: (index: number) => void;
  /** The lightbox now shows picture `index` (the hash follows HASH_DELAY_MS later). */
  view: (index: number) => void;
  /** Closes the lightbox (Back when this page opened it, else the hash removed). */
  close: () => void;
  /** The hash of picture `index` (for the thumbnails' links). */
  hrefOf: (index: number) => string;
}

export function useLightboxLocation(galleryId: string, pictureIds: readonly string[]): LightboxLocation {
  const location = useLocation();
  const navigate = useNavigate();
  const position = parseLightboxHash(location.hash);
  const target = position && position.galleryId === galleryId.toLowerCase() ? pictureIds.indexOf(position.pictureId) : -1;
  const open = target >= 0;
  const [index, setIndex] = useState(Math.max(target, 0));
  const writer = useRef(debouncedWrite(HASH_DELAY_MS)).current;
  const base = location.pathname + location.search;
  const openedHere = (location.state as { lightbox?: boolean } | null)?.lightbox === true;

  // The URL moved the lightbox (a link, Back/Forward, or our own delayed write catching up).
  useEffect(() => {
    if (target >= 0) setIndex(target);
  }, [target]);
  useEffect(() => {
    if (!open) writer.cancel();
  }, [open, writer]);
  useEffect(() => () => writer.cancel(), [writer]);

  const hrefOf = useCallback((i: number) => formatLightboxHash({ galleryId, pictureId: pictureIds[i]! }), [galleryId, pictureIds]);

  const openAt = useCallback(
    (i: number) => {
      writer.cancel();
      setIndex(i);
      navigate(base + hrefOf(i), { state: { lightbox: true }, preventScrollReset: true });
    },
    [base, hrefOf, navigate, writer],
  );

  const view = useCallback(
    (i: number) => {
      setIndex(i);
      if (!open || i === target) {
        writer.cancel();
        return;
      }
      writer.schedule(() => navigate(base + hrefOf(i), { replace: true, state: { lightbox: openedHere }, preventScrollReset: true }));
    },
    [base, hrefOf, navigate, open, openedHere, target, writer],
  );

  const close = useCallback(() => {
    writer.cancel();
    if (!open) return;
    if (openedHere) navigate(-1);
    else navigate(base, { replace: true, state: { keepScroll: true }, preventScrollReset: true });
  }, [base, navigate, open, openedHere, writer]);

  return { open, index, openAt, view, close, hrefOf };
}
