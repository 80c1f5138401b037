import { describe, expect, it } from 'vitest';
import { MAX_EMAIL_LENGTH, parseEmailAddress } from './email.js';

describe('parseEmailAddress (one address per field)', () => {
  it.each([
    ['mari.maasikas@example.ee', 'mari.maasikas@example.ee'],
    ['  Mari.Maasikas@Example.EE ', 'Mari.Maasikas@Example.EE'],
    ["o'brien+shop@sub.example.co.uk", "o'brien+shop@sub.example.co.uk"],
    ['info@xn--mgisus-fua.ee', 'info@xn--mgisus-fua.ee'],
  ])('accepts %j as %j', (raw, parsed) => {
    expect(parseEmailAddress(raw)).toBe(parsed);
  });

  it.each([
    'r1@x.ee, r2@x.ee, r3@x.ee',
    'r1@x.ee;r2@x.ee',
    'victim@x.ee\r\nBcc: spam@example.com',
    'victim@x.ee\nBcc: spam@example.com',
    'Mari <mari@example.ee>',
    '<script>alert(1)</script>@example.ee',
    'a@b',
    'not-an-email',
    '',
    'mari@exa mple.ee',
    'mari@example.ee\u0000',
    '.mari@example.ee',
    'mari..m@example.ee',
    `${'a'.repeat(MAX_EMAIL_LENGTH - 'x@example.ee'.length + 1)}x@example.ee`,
  ])('refuses %j', (raw) => {
    expect(parseEmailAddress(raw)).toBeNull();
  });
});
