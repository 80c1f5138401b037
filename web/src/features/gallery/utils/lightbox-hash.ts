/**
 * Where the gallery's lightbox stands, kept in the URL hash (spec 2 "Gallery": "position is kept in the URL hash by
 * gallery id and picture id"), so a copied link opens the same picture and the phone's Back button closes the
 * lightbox instead of leaving the page.
 *
 * Format: `#gallery={galleryId}&picture={pictureId}`, both ids uuids (the album id and the picture's file id, lower
 * case), written in that order. Parsing is strict about the names and lenient about order, case of the ids and a
 * leading `#`; anything else (other names, a repeated name, a malformed id) is no position, so a hash used for
 * something else on the page never opens the lightbox.
 *
 *   formatLightboxHash({ galleryId: 'a1…', pictureId: 'f9…' }) // '#gallery=a1…&picture=f9…'
 *   parseLightboxHash('#gallery=a1…&picture=f9…')             // { galleryId: 'a1…', pictureId: 'f9…' }
 *   parseLightboxHash('#reviews')                              // null
 */

export interface LightboxPosition {
  /** The album id (uuid, lower case). */
  galleryId: string;
  /** The picture's id: its file id (uuid, lower case), api/contracts/gallery.ts GalleryImage.id. */
  pictureId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The hash of a lightbox position, with its leading '#'. @throws Error when an id is not a uuid (a programming error). */
export function formatLightboxHash(position: LightboxPosition): string {
  if (!UUID.test(position.galleryId) || !UUID.test(position.pictureId)) throw new Error('lightbox position ids must be uuids');
  return `#gallery=${position.galleryId.toLowerCase()}&picture=${position.pictureId.toLowerCase()}`;
}

/** The lightbox position a URL hash (with or without its '#') names, or null when it names none. */
export function parseLightboxHash(hash: string): LightboxPosition | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return null;
  const values = new Map<string, string>();
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const name = part.slice(0, eq);
    if ((name !== 'gallery' && name !== 'picture') || values.has(name)) return null;
    values.set(name, part.slice(eq + 1));
  }
  const galleryId = values.get('gallery');
  const pictureId = values.get('picture');
  if (!galleryId || !pictureId || !UUID.test(galleryId) || !UUID.test(pictureId)) return null;
  return { galleryId: galleryId.toLowerCase(), pictureId: pictureId.toLowerCase() };
}

/**
 * One pending write that runs `delayMs` after the last `schedule` (a debounce with explicit cancel and flush), for the
 * hash's delayed update (spec 9: "hash updates delayed 800 ms"). Timers come from the caller's globals.
 */
export function debouncedWrite(delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: (() => void) | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return {
    /** Replaces any pending write with `write`, run `delayMs` from now. */
    schedule(write: () => void) {
      cancel();
      pending = write;
      timer = setTimeout(() => {
        const run = pending;
        timer = null;
        pending = null;
        run?.();
      }, delayMs);
    },
    /** Drops the pending write unrun. */
    cancel,
    /** Runs the pending write now (nothing when none). */
    flush() {
      const run = pending;
      cancel();
      run?.();
    },
    /** Whether a write is waiting. */
    get pending() {
      return pending !== null;
    },
  };
}
