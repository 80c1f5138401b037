import { describe, expect, it } from 'vitest';
import type { ContentPage } from './get-page';
import { editVersionOf, layoutPageOf } from './layout-page';

const page: ContentPage = { id: 'p1', name: 'kontakt', title: 'Kontakt', content: '<p>x</p>', meta_description: '', meta_keywords: '', canonical: '/kontakt', alternates: { et: '/kontakt', en: '/en/kontakt' } };

describe('layoutPageOf', () => {
  it('keeps a known layout, its containers and a shop file as the header image', () => {
    const view = layoutPageOf({ ...page, layout: 'contact', item_containers: { hero: [{ id: 'a', html: '<p>a</p>' }] }, header_img: '/files/f/1280.webp' } as ContentPage);
    expect(view).toMatchObject({ layout: 'contact', item_containers: { hero: [{ id: 'a', html: '<p>a</p>' }] }, header_img: '/files/f/1280.webp' });
  });

  it('reads an unknown layout as default, drops malformed items and a foreign header image', () => {
    const view = layoutPageOf({ ...page, layout: 'fancy', item_containers: { a: [{ id: 1 }, { id: 'b', html: '<p>b</p>' }], b: 'x' }, header_img: 'https://evil.example/x.png' } as unknown as ContentPage);
    expect(view.layout).toBe('default');
    expect(view.item_containers).toEqual({ a: [{ id: 'b', html: '<p>b</p>' }] });
    expect(view.header_img).toBeNull();
  });

  it('answers the edit version of a staff answer only', () => {
    expect(editVersionOf(page)).toBeNull();
    expect(editVersionOf({ ...page, edit: { settings: { version: 7 } } } as ContentPage)).toBe(7);
  });
});
