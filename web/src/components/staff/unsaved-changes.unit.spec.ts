import { describe, expect, it } from 'vitest';
import { isInAppNavigation } from './unsaved-changes';

const here = { origin: 'https://shop.example', href: 'https://shop.example/admin/warehouse/create' };
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const link = (href: string, extra: { target?: string; download?: boolean } = {}) => ({
  href,
  target: extra.target ?? '',
  hasAttribute: (name: string) => name === 'download' && !!extra.download,
});

describe('unsaved changes: which clicks leave the form (spec 2 "Page loading")', () => {
  it('a plain click on a link to another page of the app, or off the site, leaves', () => {
    expect(isInAppNavigation(click, link('/admin/user'), here)).toBe(true);
    expect(isInAppNavigation(click, link('https://shop.example/'), here)).toBe(true);
    expect(isInAppNavigation(click, link('https://elsewhere.example/'), here)).toBe(true);
    expect(isInAppNavigation(click, link('/admin/warehouse/create?x=1'), here)).toBe(true);
  });

  it('new tabs, downloads, modified clicks, handled clicks and same-page links do not', () => {
    expect(isInAppNavigation({ ...click, ctrlKey: true }, link('/admin/user'), here)).toBe(false);
    expect(isInAppNavigation({ ...click, button: 1 }, link('/admin/user'), here)).toBe(false);
    expect(isInAppNavigation({ ...click, defaultPrevented: true }, link('/admin/user'), here)).toBe(false);
    expect(isInAppNavigation(click, link('/admin/user', { target: '_blank' }), here)).toBe(false);
    expect(isInAppNavigation(click, link('/file.csv', { download: true }), here)).toBe(false);
    expect(isInAppNavigation(click, link('/admin/warehouse/create#name'), here)).toBe(false);
    expect(isInAppNavigation(click, null, here)).toBe(false);
  });
});
