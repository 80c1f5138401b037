import { describe, expect, it } from 'vitest';
import { parseMailAddress } from './address.js';

describe('parseMailAddress (the mailer only gets one parsed address)', () => {
  it.each(['mari@example.ee', ' Mari.Maasikas@Example.EE ', 'o.brien+shop@sub.example.co.uk'])('accepts %j', (raw) => {
    expect(parseMailAddress(raw)?.address).toBe(raw.trim());
  });

  it.each([
    'r1@x.ee, r2@x.ee, r3@x.ee',
    'r1@x.ee;r2@x.ee',
    'victim@x.ee\r\nBcc: spam@example.com',
    'Mari <mari@example.ee>',
    '"Mari" <mari@example.ee>',
    'undisclosed-recipients:;',
    'group: a@x.ee, b@x.ee;',
    'mari@example.ee (comment)',
    'a@b',
    'not-an-email',
    '',
    'a@x.ee\u0000',
    42,
    null,
  ])('refuses %j', (raw) => {
    expect(parseMailAddress(raw)).toBeNull();
  });
});
