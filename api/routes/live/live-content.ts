/**
 * Live content on the websocket GET /v1/live (architecture "Live content"): a storefront page sends
 * `{"content": true}` once, and from then on gets `{"type": "content", "pages": [pageId, ...], "site": ["menu" |
 * "fields", ...]}` whenever the pages or site projection committed a change guests see (`content_changed`,
 * projections/content-changes.ts): a page published, unpublished, scheduled or deleted, the main menu saved, a global
 * field, item container or the banner switch saved. Ids and kinds only, never text: the page refetches what it shows
 * (GET /v1/page/{ref}, GET /v1/site) as a guest, so nothing unpublished travels this way. `{"content": false}` stops it.
 *
 * Changes within CONTENT_COALESCE_MS are pushed as one message (a publish with its schedule, a save of menu and
 * fields). Every content socket gets every change: a page id it does not show is ignored by the page, and content
 * changes are rare (staff saves), so no per-page subscription is kept.
 */
import type { WebSocket } from 'ws';
import type { ContentChange } from '../../../projections/content-changes.js';

/** Changes within this many milliseconds are pushed as one message. */
export const CONTENT_COALESCE_MS = 25;

/** The message a content socket receives. */
export interface ContentPush {
  type: 'content';
  /** Ids of pages whose guest view changed. */
  pages: string[];
  /** 'menu' (the header navigation) and/or 'fields' (footer, banner, global item containers): refetch GET /v1/site. */
  site: Array<'menu' | 'fields'>;
}

/** The content sockets of one live route and the pending, coalesced changes. */
export class ContentPushes {
  private readonly sockets = new Set<WebSocket>();
  private pages = new Set<string>();
  private site = new Set<'menu' | 'fields'>();
  private timer: NodeJS.Timeout | null = null;

  /** Handles a socket's message; true when it was a content message (`{"content": boolean}`). */
  message(socket: WebSocket, message: unknown): boolean {
    const content = (message as { content?: unknown } | null)?.content;
    if (typeof content !== 'boolean') return false;
    if (content) this.sockets.add(socket);
    else this.sockets.delete(socket);
    // The acknowledgement: pushes from here on reach this socket (a client or a test may wait for it).
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'subscribed', content }));
    return true;
  }

  remove(socket: WebSocket): void {
    this.sockets.delete(socket);
  }

  /** Content changes from the read models (`readModelChanges` 'content'). */
  readonly onChanges = (changes: ContentChange[]): void => {
    if (this.sockets.size === 0) return;
    for (const change of changes) {
      if (change.kind === 'page') this.pages.add(change.pageId);
      else this.site.add(change.kind);
    }
    if (this.timer || (this.pages.size === 0 && this.site.size === 0)) return;
    this.timer = setTimeout(() => this.flush(), CONTENT_COALESCE_MS);
  };

  private flush(): void {
    this.timer = null;
    const push: ContentPush = { type: 'content', pages: [...this.pages], site: [...this.site] };
    this.pages = new Set();
    this.site = new Set();
    const text = JSON.stringify(push);
    for (const socket of this.sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.sockets.clear();
  }
}
