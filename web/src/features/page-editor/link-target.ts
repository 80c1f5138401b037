/**
 * Where a link typed into the rich-text toolbar may point (spec 4 "Editor"; the server's sanitiser keeps http, https,
 * mailto and tel links only, commands/page/sanitize-page-html.ts): refused here first, so the editor never holds a
 * `javascript:` link the save would silently drop.
 */

/** Schemes a link may use; anything else (javascript:, data:, vbscript: ...) is refused. */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/** The URL typed into the link prompt, trimmed, when a link may point there; null when refused. */
export function safeLinkTarget(input: string): string | null {
  // Control characters and spaces inside a scheme ("java\tscript:") are what browsers drop before reading it.
  const url = input.trim();
  const squeezed = url.replace(/[\u0000-\u0020]/g, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(squeezed) && !/^(https?|mailto|tel):/i.test(squeezed)) return null;
  return SAFE_LINK.test(url) ? url : /^www\./i.test(url) ? `https://${url}` : null;
}

