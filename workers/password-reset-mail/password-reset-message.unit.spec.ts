import { describe, expect, it } from 'vitest';
import { decide, passwordResetJobId } from '../process-managers/password-reset-mail.js';
import { buildPasswordResetMessage, passwordResetUrl, renderPasswordResetMail } from './password-reset-message.js';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('the forgot-password mail', () => {
  it('links to the reset screen in the language of the request', () => {
    expect(passwordResetUrl('https://shop.example.ee/', TOKEN, 'et')).toBe(`https://shop.example.ee/password-reset/${TOKEN}`);
    expect(passwordResetUrl('https://shop.example.ee', TOKEN, 'en')).toBe(`https://shop.example.ee/en/password-reset/${TOKEN}`);
  });

  it('speaks Estonian with the formal address, or English, and says how long and how often the link works', () => {
    const et = renderPasswordResetMail({ username: 'mari', link: 'https://x.ee/password-reset/t', language: 'et', ttlMs: 30 * 60_000 });
    expect(et.subject).toBe('Parooli taastamine');
    expect(et.text).toContain('Teie kasutajakonto');
    expect(et.text).toContain('Link kehtib 30 minutit ja seda saab kasutada ühe korra.');
    const en = renderPasswordResetMail({ username: 'mari', link: 'https://x.ee/en/password-reset/t', language: 'en', ttlMs: 30 * 60_000 });
    expect(en.text).toContain('The link works for 30 minutes and can be used once.');
  });

  it('escapes every value in the HTML part and sends to the one address with a Message-ID from the event', () => {
    const m = buildPasswordResetMessage({ eventId: 'e1', from: 'Shop <shop@pood.ee>', to: 'mari@pood.ee', username: '<b>mari</b>', link: 'https://x.ee/?a=1&b=2', language: 'en', ttlMs: 60_000 });
    expect(m.html).toContain('&lt;b&gt;mari&lt;/b&gt;');
    expect(m.html).toContain('https://x.ee/?a=1&amp;b=2');
    expect(m).toMatchObject({ to: 'mari@pood.ee', messageId: '<password-reset.e1@pood.ee>', headers: { 'X-Shop-Mail': 'password-reset' } });
  });
});

describe('the password-reset-mail process manager', () => {
  it('turns PasswordResetRequested into one job keyed by the event id, and nothing else into any', () => {
    const data = { userId: 'u1', email: 'mari@pood.ee', language: 'et', requestedAt: '2026-11-22T10:00:00.000Z' };
    expect(decide({ id: 'e1', type: 'PasswordResetRequested', data })).toEqual([{ name: 'send-password-reset', jobId: passwordResetJobId('e1'), data: { eventId: 'e1', ...data } }]);
    expect(decide({ id: 'e2', type: 'PasswordChanged', data })).toEqual([]);
    expect(decide({ id: 'e3', type: 'PasswordResetRequested', data: { userId: 'u1' } })).toEqual([]);
  });
});
