/**
 * Live content (architecture "Live content"): a published page, a menu save or a global field save reaches a
 * shopper's open page without a reload. The shell starts it once the page is up (`startLiveContent`, called in an
 * effect of app/routes/root-layout.tsx; the module is in the entry, as every page loads it): it joins the tab's one
 * websocket GET /v1/live (lib/live-socket.ts, reconnecting; the product page's live stock rides on it too), sends `{"content": true}` and, on `{"type": "content", "pages":
 * [...], "site": [...]}` (api/routes/live/live-content.ts: ids and kinds, never text), refetches the affected
 * queries as a guest would: the content pages it holds (`['page', ref, lang, ...]`) whose id or ref is named, or
 * that failed (a page not found may be published now), and the site (`['site', lang]`: header menu, footer, banner).
 * After a reconnection it refetches both, since a change may have been missed while the socket was down.
 *
 * While staff edit on the page (EditingContext `editing`, lib/editable/editable.tsx), `useHoldLiveContent` holds
 * these refetches (a refetch would replace the text under the editor) and runs them when editing ends.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { EditingContext } from './editable/editable';
import { openLiveSocket } from './live-socket';

/** A content push from the server. */
export interface ContentPush {
  type: 'content';
  pages: string[];
  site: string[];
}

export function isContentPush(data: unknown): data is ContentPush {
  const d = data as Partial<ContentPush> | null;
  return d?.type === 'content' && Array.isArray(d.pages) && Array.isArray(d.site);
}

/** A page id that matches every page (after a reconnection). */
const ANY_PAGE = '*';

/** Does the page query (`['page', ref, lang, ...]`) show one of `pageIds` (or show a failure)? */
export function pageQueryMatches(query: Pick<Query, 'queryKey' | 'state'>, pageIds: ReadonlySet<string>): boolean {
  if (query.queryKey[0] !== 'page') return false;
  if (query.state.status === 'error' || pageIds.has(ANY_PAGE)) return true;
  const id = (query.state.data as { id?: unknown } | undefined)?.id;
  return (typeof id === 'string' && pageIds.has(id)) || pageIds.has(String(query.queryKey[1]));
}

let holds = 0;
let pending: { pages: Set<string>; site: boolean } = { pages: new Set(), site: false };
let activeClient: QueryClient | null = null;

function refetch(client: QueryClient, pages: ReadonlySet<string>, site: boolean): void {
  if (pages.size) void client.invalidateQueries({ predicate: (q) => pageQueryMatches(q, pages) });
  if (site) void client.invalidateQueries({ queryKey: ['site'] });
}

/** Refetches what a push names now, or queues it while staff edit. */
export function applyContentPush(client: QueryClient, push: ContentPush): void {
  if (holds > 0) {
    for (const id of push.pages) pending.pages.add(id);
    pending.site ||= push.site.length > 0;
    return;
  }
  refetch(client, new Set(push.pages), push.site.length > 0);
}

/** Runs the refetches held while editing (when the last hold ends). */
function release(): void {
  holds = Math.max(0, holds - 1);
  if (holds > 0 || !activeClient) return;
  const { pages, site } = pending;
  pending = { pages: new Set(), site: false };
  refetch(activeClient, pages, site);
}

/**
 * Opens the live content socket for this tab; returns a function that closes it. Does nothing without WebSocket
 * (the server render, old browsers).
 */
export function startLiveContent(client: QueryClient): () => void {
  activeClient = client;
  const close = openLiveSocket({
    onOpen: (socket, reopened) => {
      socket.send(JSON.stringify({ content: true }));
      // Changes made while the socket was down were not pushed: read the page and the site again.
      if (reopened) applyContentPush(client, { type: 'content', pages: [ANY_PAGE], site: ['menu', 'fields'] });
    },
    onMessage: (data) => {
      if (isContentPush(data)) applyContentPush(client, data);
    },
    onLeave: (socket) => socket.send(JSON.stringify({ content: false })),
  });
  return () => {
    close();
    if (activeClient === client) activeClient = null;
  };
}

/**
 * Holds live content refetches while the staff member edits this page (call it inside the editor's EditingContext
 * provider, e.g. in the content page route); they run when editing ends.
 */
export function useHoldLiveContent(): void {
  const editing = useContext(EditingContext)?.editing ?? false;
  useEffect(() => {
    if (!editing) return undefined;
    holds += 1;
    return release;
  }, [editing]);
}
