/**
 * SetGlobalItemContainers: see `SetGlobalItemContainers` in domain/site/site.ts for its rules and errors. Every
 * item's HTML goes through the allow-list first (commands/page/sanitize-page-html.ts).
 */
import type { SiteCommand } from '../../domain/site/site.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { sanitizeContainers } from '../page/sanitize-page-html.js';
import type { CommandContext } from '../shared/command-handler.js';
import { siteHandler } from './site-handler.js';

const command = siteHandler('SetGlobalItemContainers');

/** @throws DomainError as `SetGlobalItemContainers` decides */
export function setGlobalItemContainers(store: EventStore, data: Extract<SiteCommand, { type: 'SetGlobalItemContainers' }>['data'], ctx: CommandContext) {
  return command(store, { ...data, containers: sanitizeContainers(data.containers) }, ctx);
}
