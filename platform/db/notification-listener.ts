/**
 * One PostgreSQL LISTEN connection per process, shared by every reader of notifications (docs "Connections: one
 * `npm start` holds at most 10"): the event store's wake-up hints (`es_events`, platform/event-store/postgres.ts) and
 * the api's read-model change hints (`rm_changed`, `stock_changed`, `content_changed`,
 * api/plugins/read-model-changes.ts) each LISTEN on their channels here and get their own notifications, dispatched
 * by channel. Before, each opened a connection of its own, and the one-process start held two.
 *
 * - The connection opens on the first `listen` (a process that never listens holds none) and LISTENs on every
 *   channel that has a handler; a channel added later is LISTENed on the open connection.
 * - Notifications are hints: when the connection is lost, `onError` is told and it opens again after
 *   `reconnectMs` (default 1000 ms) with every channel, as long as a handler is left; meanwhile readers fall back to
 *   polling (the event store) or their caches' TTL (the api).
 * - It needs a session: behind PgBouncer in transaction mode give it a direct URL or a session-mode pool.
 */
import pg from 'pg';

export interface NotificationListener {
  /**
   * Calls `handler` with the payload of every notification on `channel` (a lower-case SQL identifier) until the
   * returned function is called. Resolves once the LISTEN is in place, or once the attempt failed (then it is
   * retried: hints are optional).
   * @throws Error when `channel` is not a plain identifier
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => void>;
  /** Closes the connection; no handler is called afterwards. */
  close(): Promise<void>;
}

export interface NotificationListenerOptions {
  /** application_name of the connection in pg_stat_activity. */
  applicationName: string;
  /** Told when the connection fails or is lost (it reconnects by itself). */
  onError?: (error: Error) => void;
  /** Wait before reconnecting, in milliseconds (default 1000). */
  reconnectMs?: number;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** A listener on `connectionString` (postgres://...); nothing connects before the first `listen`. */
export function createNotificationListener(connectionString: string, options: NotificationListenerOptions): NotificationListener {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let ready: Promise<void> | null = null;
  /** Channels LISTENed on the current connection. */
  let listening = new Set<string>();
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const lost = (failed: pg.Client, error: Error) => {
    if (client !== failed) return;
    client = null;
    ready = null;
    listening = new Set();
    failed.end().catch(() => {});
    if (closed) return;
    options.onError?.(error);
    if (handlers.size && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, options.reconnectMs ?? 1000);
      retry.unref();
    }
  };

  // One statement at a time on the listening connection: pg deprecates overlapping queries on one client (two
  // `listen` calls in the same tick would otherwise overlap).
  let tail: Promise<unknown> = Promise.resolve();
  const run = (c: pg.Client, statement: string): Promise<void> => {
    const next = tail.then(() => c.query(statement)).then(() => undefined);
    tail = next.catch(() => undefined);
    return next;
  };

  const connect = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (ready) return ready;
    const current = new pg.Client({ connectionString, application_name: options.applicationName });
    client = current;
    const channels = new Set<string>();
    listening = channels;
    current.on('notification', (n) => {
      for (const handler of handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    current.on('error', (e) => lost(current, e));
    ready = (async () => {
      await current.connect();
      for (const channel of handlers.keys()) {
        await run(current, `listen ${channel}`);
        channels.add(channel);
      }
    })().catch((e: unknown) => lost(current, e instanceof Error ? e : new Error(String(e))));
    return ready;
  };

  return {
    async listen(channel, handler) {
      if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      await connect();
      // A channel added while the connection was already up (or after its LISTENs ran).
      const current = client;
      if (current && !listening.has(channel)) {
        const channels = listening;
        await run(current, `listen ${channel}`).then(
          () => void channels.add(channel),
          (e: unknown) => lost(current, e instanceof Error ? e : new Error(String(e))),
        );
      }
      return () => {
        const left = handlers.get(channel);
        if (!left?.delete(handler) || left.size) return;
        handlers.delete(channel);
        if (client && listening.delete(channel)) run(client, `unlisten ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      handlers.clear();
      const current = client;
      client = null;
      ready = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
