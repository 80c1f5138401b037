/**
 * SavePage: see `SavePage` in domain/page/page.ts for its rules and errors. The HTML content of each language is
 * sanitised first with sanitize-html (a well-kept library, not rules of our own): the usual text, list, table,
 * heading, link and image markup stays; scripts, event handlers, styles and other schemes than http(s), mailto and
 * tel are dropped, so a page can be shown as HTML in the storefront.
 */
import sanitizeHtml from 'sanitize-html';
import type { PageCommand } from '../../domain/page/page.js';
import type { Localized } from '../../domain/shared/localized.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { pageHandler } from './page-handler.js';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['scope'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The content HTML as it may be shown: `sanitizeHtml` with the shop's allow-list, per language. */
export function sanitizePageContent(content: Partial<Localized>): Partial<Localized> {
  return Object.fromEntries(Object.entries(content).map(([lang, html]) => [lang, typeof html === 'string' ? sanitizeHtml(html, SANITIZE) : html]));
}

const savePageCommand = pageHandler('SavePage');

/** Saves a page with its content sanitised. @throws DomainError as `SavePage` decides. */
export function savePage(store: EventStore, data: PageCommand['data'], ctx: CommandContext) {
  return savePageCommand(store, { ...data, content: sanitizePageContent(data.content) }, ctx);
}
