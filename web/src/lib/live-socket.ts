/**
 * The websocket GET /v1/live (api/routes/live) with reconnection: opens it, and when it drops opens it again after a
 * growing delay (1 s, doubling, at most 30 s; back to 1 s once open). The live stock of the product page and the
 * staff badges both ride on it. Does nothing where WebSocket is unavailable.
 *
 *   const close = openLiveSocket({ onOpen: (socket, reopened) => ..., onMessage: (data) => ... });
 *
 * `onOpen` gets the socket (to send a subscription) and whether this is a reconnection; `onMessage` gets each
 * message parsed as JSON (messages that are not JSON are dropped). Returns a function that closes it for good.
 */
export interface LiveSocketHandlers {
  onOpen?: (socket: WebSocket, reopened: boolean) => void;
  onMessage: (data: unknown) => void;
}

export function openLiveSocket(handlers: LiveSocketHandlers): () => void {
  if (typeof WebSocket === 'undefined') return () => {};
  let socket: WebSocket | undefined;
  let retryMs = 1000;
  let timer: number | undefined;
  let stopped = false;
  let opened = false;
  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const current = new WebSocket(`${scheme}://${window.location.host}/v1/live`);
    socket = current;
    current.onopen = () => {
      retryMs = 1000;
      handlers.onOpen?.(current, opened);
      opened = true;
    };
    current.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return; // not ours
      }
      handlers.onMessage(data);
    };
    current.onclose = () => {
      if (stopped) return;
      timer = window.setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 30_000);
    };
  };
  connect();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    socket?.close();
  };
}
