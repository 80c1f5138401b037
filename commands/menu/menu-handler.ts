/**
 * Command handling of the Menu aggregate (stream `menu-main`, domain/menu/menu.ts) on the shared handler
 * (commands/shared/command-handler.ts), started from the legacy menu: the last `MainMenuChanged` of the `site`
 * stream, where the menu lived before it became an aggregate (domain/menu/menu.ts "Compatibility").
 */
import { type LegacyMenuEntry, legacyMenuState, MENU_STREAM_ID, type MenuCommand, menuDecider, type MenuEvent, type MenuState } from '../../domain/menu/menu.js';
import { SITE_STREAM_ID, type SiteEvent } from '../../domain/site/site.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, type HandledCommand, handleCommand } from '../shared/command-handler.js';
import { loadAggregate } from '../shared/load-aggregate.js';

/**
 * The menu's starting state: the `site` stream's last MainMenuChanged, mapped (empty when there is none). The
 * stream is loaded as the Site aggregate's events, keeping only the legacy menu.
 */
async function legacyStart(store: EventStore): Promise<MenuState> {
  const lastMenu = (state: LegacyMenuEntry[] | null, event: SiteEvent) => (event.type === 'MainMenuChanged' ? event.data.entries : state);
  const { state } = await loadAggregate<SiteEvent, LegacyMenuEntry[] | null>(store, SITE_STREAM_ID, { evolve: lastMenu, initialState: null });
  return legacyMenuState(state);
}

/**
 * The menu as it stands: legacy start, then the menu stream folded.
 * @throws MalformedEventError when a stored event does not match its schema
 */
export async function loadMenu(store: EventStore): Promise<MenuState> {
  return (await loadAggregate(store, MENU_STREAM_ID, { evolve: menuDecider.evolve, initialState: await legacyStart(store) })).state;
}

/**
 * SetMenu: see `SetMenu` in domain/menu/menu.ts for its rules and errors (ChangedMeanwhileError for a stale
 * `expectedVersion`).
 */
export async function setMenu(store: EventStore, data: Extract<MenuCommand, { type: 'SetMenu' }>['data'], ctx: CommandContext): Promise<HandledCommand<MenuEvent, MenuState>> {
  const decider = { ...menuDecider, initialState: await legacyStart(store) };
  return handleCommand(store, MENU_STREAM_ID, decider, { type: 'SetMenu', data, metadata: { now: ctx.now, userId: ctx.userId } }, ctx);
}
