/**
 * The `npm start` mail catcher (platform/mail/catcher.ts): maildev in this process receives the order confirmation
 * over real SMTP and shows it in its web UI and REST API, where a new user reads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../platform/mail/catcher.js';
import { buildOrderConfirmationMessage } from '../workers/order-mail/order-confirmation.js';
import { createMailTransport } from '../platform/mail/transport.js';
import { sampleOrderSummary } from './support/order-summary-fixture.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let catcher: MailCatcher | null = null;
const mailDirectory = mkdtempSync(path.join(os.tmpdir(), 'mail-catcher-test-'));

afterAll(async () => {
  await catcher?.close();
  rmSync(mailDirectory, { recursive: true, force: true });
});

describe('mail catcher (maildev in process)', () => {
  it('receives the confirmation mail and shows it in the web UI', async () => {
    const smtpPort = await freePort();
    const webPort = await freePort();
    const lines: string[] = [];
    catcher = await startMailCatcher({ host: '127.0.0.1', smtpPort, webPort, mailDirectory, log: (l) => lines.push(l) });
    expect(catcher).not.toBeNull();
    expect(catcher!.smtpUrl).toBe(`smtp://127.0.0.1:${smtpPort}`);
    expect(catcher!.webUrl).toBe(`http://localhost:${webPort}`);
    // maildev's own SIGINT/SIGTERM handlers (which exit the process) are removed.
    expect(process.listeners('SIGTERM').some((l) => String(l).includes('mailserver.close'))).toBe(false);

    const transport = createMailTransport(catcher!.smtpUrl, { timeoutMs: 10_000 });
    const message = await buildOrderConfirmationMessage(sampleOrderSummary(), {
      eventId: '7d6f2f4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      from: 'Baltic Parts <shop@localhost>',
      shopUrl: 'http://localhost:3000',
    });
    const sent = await transport.send(message);
    transport.close();
    expect(sent.accepted).toEqual(['joe.sokolaad@example.ee']);

    const api = `http://127.0.0.1:${webPort}`;
    const emails = (await (await fetch(`${api}/email`)).json()) as { id: string; subject: string; messageId: string; attachments?: { fileName: string; contentType: string }[] }[];
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe('Tellimus nr 1042 on vastu võetud');
    expect(emails[0].messageId).toContain('order-confirmation.7d6f2f4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f@localhost');
    expect(emails[0].attachments?.map((a) => [a.fileName, a.contentType])).toEqual([['tellimus-1042.pdf', 'application/pdf']]);
    const html = await (await fetch(`${api}/email/${emails[0].id}/html`)).text();
    expect(html).toContain('http://localhost:3000/payment/tok_3Qx9ZbV7mLrP2aWs');
    const ui = await fetch(`${api}/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/MailDev/i);

    // A second catcher on the same SMTP port steps aside: mail already goes to the first.
    const second = await startMailCatcher({ host: '127.0.0.1', smtpPort, webPort: await freePort(), mailDirectory, log: (l) => lines.push(l) });
    expect(second).toBeNull();
    expect(lines.join('\n')).toContain(`already listens on port ${smtpPort}`);

    // After a restart the mail is still there (kept in the mail directory).
    await catcher!.close();
    catcher = await startMailCatcher({ host: '127.0.0.1', smtpPort, webPort, mailDirectory, log: (l) => lines.push(l) });
    let restored: { subject: string }[] = [];
    for (let i = 0; i < 50 && restored.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      restored = (await (await fetch(`${api}/email`)).json()) as { subject: string }[];
    }
    expect(restored.map((m) => m.subject)).toEqual(['Tellimus nr 1042 on vastu võetud']);
  });
});
