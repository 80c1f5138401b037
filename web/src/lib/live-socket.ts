/**
 * The websocket GET /v1/live (api/routes/live), ONE per tab, shared by everything live on the page: the product
 * page's stock, the live content (lib/live-content.ts), the payment page's paid state and the staff badges each
 * join it with their own handlers and their own messages (`subscribe`, `content`, `order`: the server keeps each
 * kind apart per socket), so a product page holds one socket, not one per feature. The socket opens with the first
 * handler and closes with the last; when it drops it opens again after a growing delay (1 s, doubling, at most 30 s;
 * back to 1 s once open), and every handler is told (`onOpen` with `reopened` true) so it sends its subscription
 * again. Does nothing where WebSocket is unavailable (the server render).
 *
 *   const leave = openLiveSocket({ onOpen: (socket, reopened) => ..., onMessage: (data) => ..., onLeave: (socket) => ... });
 *
 * `onOpen` gets the open socket (to send a subscription) whenever the handler joins an open socket or the socket
 * (re)opens, and whether the handler had been told of an open socket before (a reconnection: pushes may have been
 * missed); `onMessage` gets every message parsed as JSON (not JSON: dropped), whoever it is for, so a handler checks
 * its `type`; `onLeave` gets the socket, when open, as the handler leaves (to withdraw its subscription while the
 * socket stays open for the others). `fresh: true` opens a new socket for everyone when one is already open: the
 * staff badges ask for it, since the server knows a staff member by the cookie of the upgrade request, and a socket
 * opened before the sign-in carries none. Returns the function that leaves.
 */
export interface LiveSocketHandlers {
  onOpen?: (socket: WebSocket, reopened: boolean) => void;
  onMessage: (data: unknown) => void;
  onLeave?: (socket: WebSocket) => void;
}

interface Member {
  handlers: LiveSocketHandlers;
  /** Whether this handler has been told of an open socket (the next `onOpen` is a reconnection). */
  told: boolean;
}

const members = new Set<Member>();
let socket: WebSocket | undefined;
let retryMs = 1000;
let timer: number | undefined;

function tell(member: Member, open: WebSocket): void {
  const reopened = member.told;
  member.told = true;
  member.handlers.onOpen?.(open, reopened);
}

function connect(): void {
  timer = undefined;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const current = new WebSocket(`${scheme}://${window.location.host}/v1/live`);
  socket = current;
  current.onopen = () => {
    if (socket !== current) return;
    retryMs = 1000;
    for (const member of [...members]) tell(member, current);
  };
  current.onmessage = (message) => {
    if (socket !== current) return;
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return; // not ours
    }
    for (const member of [...members]) member.handlers.onMessage(data);
  };
  current.onclose = () => {
    // A socket replaced (fresh) or closed with the last handler opens nothing.
    if (socket !== current) return;
    socket = undefined;
    if (members.size === 0) return;
    timer = window.setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };
}

/** Closes the shared socket without a reconnection (its `onclose` sees it is no longer the current one). */
function drop(): void {
  window.clearTimeout(timer);
  timer = undefined;
  const old = socket;
  socket = undefined;
  old?.close();
}

/** Joins the tab's live socket (opening it when none is); returns the function that leaves it. */
export function openLiveSocket(handlers: LiveSocketHandlers, options: { fresh?: boolean } = {}): () => void {
  if (typeof WebSocket === 'undefined') return () => {};
  const member: Member = { handlers, told: false };
  members.add(member);
  if (options.fresh && socket) {
    drop();
    connect();
  } else if (!socket && timer === undefined) connect();
  else if (socket?.readyState === WebSocket.OPEN) tell(member, socket);
  return () => {
    if (!members.delete(member)) return;
    if (socket?.readyState === WebSocket.OPEN) handlers.onLeave?.(socket);
    if (members.size === 0) {
      drop();
      retryMs = 1000;
    }
  };
}
