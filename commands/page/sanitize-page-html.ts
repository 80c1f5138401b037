/**
 * Rich text as guests may receive it (conventions 14: HTML through `sanitize-html`, a well-kept library, with an
 * allow-list rather than rules of our own). Kept: headings, paragraphs, line breaks, emphasis, quotes, lists, tables,
 * links with the schemes http, https, mailto and tel (opened with rel="noopener noreferrer"), and images from the
 * shop's own files (`/files/{fileId}/{variant}`, api/routes/files). Dropped: scripts and every other tag, event
 * handler attributes (`onerror=`), `style` attributes (so no CSS expressions), `javascript:`/`data:` URLs, images
 * from anywhere else. The command handlers run it on every HTML text before the decider sees it, so the events and
 * read models hold the sanitised HTML only.
 */
import sanitizeHtml from 'sanitize-html';
import type { Localized } from '../../domain/shared/localized.js';

/** Image sources allowed: the file routes of the shop itself (a path, never another host). */
const OWN_FILE = /^\/files\/[A-Za-z0-9-]+\/[A-Za-z0-9.-]+$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span',
    'ul', 'ol', 'li', 'a', 'img', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'figure', 'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  allowedStyles: {},
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_FILE.test(frame.attribs.src ?? ''),
};

/** One HTML text through the allow-list above. Never throws. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Every language of a language-wrapped HTML text through `sanitizeRichText`; non-strings pass for the decider to refuse. */
export function sanitizeLocalizedHtml<T extends Partial<Localized> | undefined>(value: T): T {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([lang, html]) => [lang, typeof html === 'string' ? sanitizeRichText(html) : html])) as T;
}

/** Item containers (page or global) with every item's HTML sanitised. */
export function sanitizeContainers<T extends Record<string, Array<{ id: string; html: Partial<Localized> }>> | undefined>(containers: T): T {
  if (!containers || typeof containers !== 'object') return containers;
  return Object.fromEntries(
    Object.entries(containers).map(([key, items]) => [key, Array.isArray(items) ? items.map((item) => (item && typeof item === 'object' ? { ...item, html: sanitizeLocalizedHtml(item.html) } : item)) : items]),
  ) as T;
}
