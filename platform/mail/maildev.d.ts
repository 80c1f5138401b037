/** The parts of maildev 2 (CommonJS, no types of its own) that platform/mail/catcher.ts uses. */
declare module 'maildev' {
  import type { EventEmitter } from 'node:events';
  import type { Server as SmtpServer } from 'node:net';

  export interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    webIp?: string;
    mailDirectory?: string;
    silent?: boolean;
    verbose?: boolean;
    disableWeb?: boolean;
    hideExtensions?: string[];
  }

  export interface MailDevServer {
    smtp: SmtpServer & EventEmitter;
    mailDir: string;
    listen(callback?: (error?: Error) => void): Promise<void>;
    close(callback?: (error?: Error) => void): void;
    on(event: 'new', listener: (mail: { id: string; subject: string; messageId?: string }) => void): void;
  }

  const MailDev: new (options: MailDevOptions) => MailDevServer;
  export default MailDev;
}

declare module 'maildev/lib/web.js' {
  import type { Server } from 'node:http';
  const web: { server: Server | null; close(callback?: () => void): void };
  export default web;
}
