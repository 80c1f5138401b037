/**
 * A real SMTP server for mail tests (the `smtp-server` package, in process, on a free port of 127.0.0.1). It keeps
 * every message it *accepted*: the 250 reply to DATA reached a client that was still connected. Like a server that
 * decides at reply time, it drops a message whose client went away before the reply.
 *
 * Faults: `holdNext()` makes the server hold the reply to the next DATA (the message is fully received) until
 * `release()`; `rejectNext(n)` answers the next n DATA with a 451 temporary failure.
 */
import { SMTPServer } from 'smtp-server';
import { patience } from './patience.js';

export interface SinkMessage {
  raw: string;
  messageId: string;
  to: string;
  orderNumber: string;
  sessionId: string;
}

export interface SmtpSink {
  url: string;
  /** Messages accepted (250 sent to a connected client), in order. */
  accepted: SinkMessage[];
  /** Messages fully received whose client was gone when the server was ready to reply. */
  aborted: SinkMessage[];
  /** Messages answered with 451. */
  rejected: SinkMessage[];
  /** Holds the reply to the next DATA; the promise resolves when that message is being held. */
  holdNext(): { holding: Promise<SinkMessage>; release: () => void };
  rejectNext(count?: number): void;
  /** True once the server saw the client of SMTP session `sessionId` disconnect. */
  sessionClosed(sessionId: string): boolean;
  /** Resolves when `accepted.length >= count`; rejects after `timeoutMs`. */
  waitForAccepted(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The value of header `name` in a raw message (first occurrence, unfolded). */
export function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return match ? match[1].trim() : '';
}

/** The decoded bytes of the first MIME part with the given content type (base64 transfer encoding). */
export function mimePart(raw: string, contentType: string): { headers: string; body: Buffer } | null {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [headers, ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`^Content-Type:\\s*${contentType.replace('/', '\\/')}`, 'im').test(headers)) continue;
    const body = rest.join('\n\n').split(/\r?\n--/)[0];
    return { headers, body: /base64/i.test(headers) ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body) };
  }
  return null;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const accepted: SinkMessage[] = [];
  const aborted: SinkMessage[] = [];
  const rejected: SinkMessage[] = [];
  const closedSessions = new Set<string>();
  let hold: { onHolding: (m: SinkMessage) => void; released: Promise<void> } | null = null;
  let rejectCount = 0;
  const acceptWaiters: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: SinkMessage = {
          raw,
          messageId: headerOf(raw, 'Message-ID'),
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          orderNumber: headerOf(raw, 'X-Shop-Order-Number'),
          sessionId: session.id,
        };
        if (hold) {
          const current = hold;
          hold = null;
          current.onHolding(message);
          await current.released;
        }
        if (closedSessions.has(session.id)) {
          aborted.push(message);
          callback(new Error('client went away'));
          return;
        }
        if (rejectCount > 0) {
          rejectCount--;
          rejected.push(message);
          const error = new Error('Temporary failure, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        accepted.push(message);
        callback(null);
        for (const w of acceptWaiters.splice(0)) w();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    aborted,
    rejected,
    holdNext() {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const holding = new Promise<SinkMessage>((resolve) => (hold = { onHolding: resolve, released }));
      return { holding, release };
    },
    rejectNext(count = 1) {
      rejectCount += count;
    },
    sessionClosed: (sessionId) => closedSessions.has(sessionId),
    async waitForAccepted(count, timeoutMs = patience(30_000)) {
      const deadline = Date.now() + timeoutMs;
      while (accepted.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} accepted mails within ${timeoutMs} ms, got ${accepted.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 200);
          acceptWaiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
