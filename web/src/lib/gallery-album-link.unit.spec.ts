import { describe, expect, it } from 'vitest';
import { albumIdIn } from './gallery-album-link';

const ID = '0f5c2a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';

describe('albumIdIn (layout gallery-detail: the album a page links to)', () => {
  it('finds the first /gallery/{id} or /{lang}/gallery/{id} link in the HTML, lower case', () => {
    expect(albumIdIn(`<p>Vaadake <a href="/et/gallery/${ID.toUpperCase()}">albumit</a></p>`)).toBe(ID);
    expect(albumIdIn(`<a href="/gallery/${ID}#gallery=x">a</a> <a href="/gallery/7a1b2c3d-4e5f-4a6b-9c8d-0e1f2a3b4c5d">b</a>`)).toBe(ID);
  });

  it('is null for text without an album link, or an id that is not a whole uuid', () => {
    expect(albumIdIn('<p>Pildid</p>')).toBeNull();
    expect(albumIdIn(`/gallery/${ID}0`)).toBeNull();
    expect(albumIdIn('/gallery/123')).toBeNull();
  });
});
