/**
 * The album a content page of layout `gallery-detail` shows (spec 1), read from its text; kept apart from
 * lib/gallery-embed.ts so the storefront's first-load chunk (which provides the gallery's parts) does not carry it.
 */
const ALBUM_LINK = /\/gallery\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9a-f-])/i;

/**
 * The album a page of layout `gallery-detail` shows: the first album its text links to (`/gallery/{albumId}` or
 * `/{lang}/gallery/{albumId}` anywhere in the HTML, e.g. a link staff pasted from the gallery), lower case; null when
 * it links to none (the layout then shows the first published album). Pure.
 */
export function albumIdIn(html: string): string | null {
  const m = ALBUM_LINK.exec(html);
  return m ? m[1]!.toLowerCase() : null;
}
