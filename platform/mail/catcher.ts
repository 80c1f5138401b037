/**
 * The mail catcher of `npm start`: maildev 2 in this process, an SMTP server that keeps every mail it
 * receives (nothing is relayed) and a web UI where a new user reads the order confirmation mails, by default
 * SMTP on 127.0.0.1:1025 and http://localhost:1080 (platform/config.ts: MAIL_CATCHER_HOST, MAIL_CATCHER_SMTP_PORT,
 * MAIL_CATCHER_WEB_PORT). It is off with MAIL_CATCHER=off and whenever SMTP_URL names another server; the production
 * roles (`npm run worker`) never start it.
 *
 * Mails are kept as .eml files in `mailDirectory` (default: shop-mail-catcher in the OS temp directory), so they
 * are still there after a restart. maildev is one module-level instance per process, so one catcher per process.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import MailDev, { type MailDevServer } from 'maildev';
import maildevWeb from 'maildev/lib/web.js';

export interface MailCatcher {
  /** Where to send mail, e.g. smtp://127.0.0.1:1025. */
  smtpUrl: string;
  /** The web UI, e.g. http://localhost:1080. */
  webUrl: string;
  /** The REST API lists mails at `${webUrl}/email`. */
  close(): Promise<void>;
}

/** @returns true when something accepts TCP connections on host:port within 1 s. */
function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

const displayHost = (host: string) => (host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host);

/**
 * Starts maildev.
 * @param options.host interface to listen on (both servers)
 * @param options.smtpPort SMTP port; options.webPort HTTP port of the web UI
 * @param options.mailDirectory where received mails are kept (default `<tmp>/shop-mail-catcher`)
 * @returns the running catcher, or null when a server already answers on the SMTP port (another `npm start`'s
 *   catcher, or a real one): mail then goes there, and the line logged says so.
 * @throws Error when maildev cannot listen (e.g. the web port is taken by something else: EADDRINUSE)
 */
export async function startMailCatcher(options: {
  host: string;
  smtpPort: number;
  webPort: number;
  mailDirectory?: string;
  log?: (line: string) => void;
}): Promise<MailCatcher | null> {
  const log = options.log ?? (() => {});
  if (await portAnswers(options.host, options.smtpPort)) {
    log(`mail catcher: something already listens on port ${options.smtpPort}; mail goes there (is another npm start running?)`);
    return null;
  }
  // maildev registers SIGINT/SIGTERM handlers that exit the process at once; the shop shuts down in order itself.
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const server: MailDevServer = new MailDev({
    smtp: options.smtpPort,
    web: options.webPort,
    ip: options.host,
    silent: true,
    mailDirectory: options.mailDirectory ?? path.join(os.tmpdir(), 'shop-mail-catcher'),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) if (!before[signal].includes(listener)) process.removeListener(signal, listener);
  }
  // maildev rethrows SMTP server errors (crashing the process); a catcher must never take the shop down.
  let startError: ((error: Error) => void) | null = null;
  server.smtp.removeAllListeners('error');
  server.smtp.on('error', (error: Error) => {
    if (startError) startError(error);
    else log(`mail catcher: SMTP error ${error.message}`);
  });
  const web = maildevWeb.server;
  const webListening = new Promise<void>((resolve, reject) => {
    if (!web) return resolve();
    if (web.listening) return resolve();
    web.once('listening', () => resolve());
    web.once('error', reject);
  });
  web?.on('error', (error) => log(`mail catcher: web UI error ${error.message}`));
  const close = () =>
    new Promise<void>((resolve) => {
      try {
        server.close(() => resolve());
      } catch {
        resolve();
      }
    });
  try {
    await Promise.all([
      new Promise<void>((resolve, reject) => {
        startError = reject;
        server.listen().then(resolve, reject);
      }),
      webListening,
    ]);
  } catch (error) {
    await close();
    throw new Error(`mail catcher could not start (SMTP port ${options.smtpPort}, web port ${options.webPort}): ${(error as Error).message}`);
  } finally {
    startError = null;
  }
  return {
    smtpUrl: `smtp://${options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host}:${options.smtpPort}`,
    webUrl: `http://${displayHost(options.host)}:${options.webPort}`,
    close,
  };
}
