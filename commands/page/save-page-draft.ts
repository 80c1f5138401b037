/**
 * SavePageDraft: see `SavePageDraft` in domain/page/page.ts for its rules and errors. The content and every item
 * container's HTML go through the allow-list first (commands/page/sanitize-page-html.ts), so the draft, the versions
 * and what guests receive hold sanitised HTML only.
 */
import type { PageCommand } from '../../domain/page/page.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext } from '../shared/command-handler.js';
import { sanitizeContainers, sanitizeLocalizedHtml } from './sanitize-page-html.js';
import { pageHandler } from './page-handler.js';

type SavePageDraftData = Extract<PageCommand, { type: 'SavePageDraft' }>['data'];
const savePageDraftCommand = pageHandler('SavePageDraft');

/**
 * Saves page `data.pageId`'s draft (creating the page on its first save) with its HTML sanitised.
 * @throws DomainError as `SavePageDraft` decides (ChangedMeanwhileError for a stale `expectedVersion`)
 */
export function savePageDraft(store: EventStore, data: SavePageDraftData, ctx: CommandContext) {
  return savePageDraftCommand(store, { ...data, content: sanitizeLocalizedHtml(data.content), itemContainers: sanitizeContainers(data.itemContainers) }, ctx);
}
