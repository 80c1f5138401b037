/** The toolbar's link prompt (spec 4 "Editor"): safe targets are taken, `javascript:` and other schemes refused. */
import { describe, expect, it } from 'vitest';
import { safeLinkTarget } from './link-target';

describe('link targets of the rich-text toolbar', () => {
  it('takes http(s), mailto, tel, the shop\'s own paths and anchors; www. gets https://', () => {
    expect(safeLinkTarget(' https://www.mnt.ee/ ')).toBe('https://www.mnt.ee/');
    expect(safeLinkTarget('http://example.ee')).toBe('http://example.ee');
    expect(safeLinkTarget('mailto:info@balticparts.ee')).toBe('mailto:info@balticparts.ee');
    expect(safeLinkTarget('tel:+37251234567')).toBe('tel:+37251234567');
    expect(safeLinkTarget('/muugitingimused')).toBe('/muugitingimused');
    expect(safeLinkTarget('#tarne')).toBe('#tarne');
    expect(safeLinkTarget('www.balticparts.ee')).toBe('https://www.balticparts.ee');
  });

  it('refuses javascript: in any spelling, other schemes, protocol-relative and bare words', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', ' java\tscript:alert(1)', 'java\nscript:x', 'data:text/html,<script>', 'vbscript:x', '//evil.example/x', 'file:///etc/passwd', 'kontakt']) {
      expect(safeLinkTarget(bad), bad).toBeNull();
    }
  });
});
