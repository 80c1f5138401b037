/**
 * Command handling of the Menu aggregate (stream `menu-main`, domain/menu/menu.ts) on the shared handler
 * (commands/shared/command-handler.ts), started from the legacy menu: the last `MainMenuChanged` of the `site`
 * stream, where the menu lived before it became an aggregate (domain/menu/menu.ts "Compatibility").
 */
import { legacyMenuState, MENU_STREAM_ID, type MenuCommand, menuDecider, type MenuEvent, type MenuState } from '../../domain/menu/menu.js';
import { parseSiteEvent } from '../../domain/site/events.js';
import { SITE_STREAM_ID } from '../../domain/site/site.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleCommand, type HandleResult } from '../shared/command-handler.js';
import { toDomainEvent } from '../shared/event-parsers.js';

/** The menu's starting state: the `site` stream's last MainMenuChanged, mapped (empty when there is none). */
async function legacyStart(store: EventStore): Promise<MenuState> {
  const { events } = await store.readStream(SITE_STREAM_ID);
  const last = events.filter((e) => e.type === 'MainMenuChanged').at(-1);
  const parsed = last ? parseSiteEvent(last) : null;
  return legacyMenuState(parsed?.type === 'MainMenuChanged' ? parsed.data.entries : null);
}

/**
 * The menu as it stands: legacy start, then the menu stream folded.
 * @throws MalformedEventError when a stored event does not match its schema
 */
export async function loadMenu(store: EventStore): Promise<MenuState> {
  const start = await legacyStart(store);
  const { events } = await store.readStream(MENU_STREAM_ID);
  return events.reduce((s, e) => menuDecider.evolve(s, toDomainEvent<MenuEvent>(e)), start);
}

/**
 * SetMenu: see `SetMenu` in domain/menu/menu.ts for its rules and errors (ChangedMeanwhileError for a stale
 * `expectedVersion`).
 */
export async function setMenu(store: EventStore, data: Extract<MenuCommand, { type: 'SetMenu' }>['data'], ctx: CommandContext): Promise<HandleResult<MenuEvent>> {
  const decider = { ...menuDecider, initialState: await legacyStart(store) };
  return handleCommand(store, MENU_STREAM_ID, decider, { type: 'SetMenu', data, metadata: { now: ctx.now, userId: ctx.userId } }, ctx);
}
