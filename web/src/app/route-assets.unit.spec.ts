import { describe, expect, it } from 'vitest';
import { type BuildManifest, routeAssetLinks } from './route-assets';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'], css: ['assets/index-1.css'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_gallery-1.js': { file: 'assets/gallery-1.js', imports: ['index.html', '_vendor-1.js'], css: ['assets/gallery-1.css'] },
  'src/album-tiles.tsx': { file: 'assets/album-tiles-1.js', imports: ['_vendor-1.js', 'index.html', '_gallery-1.js'], css: ['assets/tiles-1.css'] },
  'src/album-pictures.tsx': { file: 'assets/album-pictures-1.js', imports: ['_gallery-1.js'] },
};
const template =
  '<head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>';

describe('routeAssetLinks', () => {
  it("links a chunk's and its static imports' CSS (imports first), then modulepreloads them, without the entry's or the template's files", () => {
    expect(routeAssetLinks(manifest, ['src/album-tiles.tsx'], template)).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/gallery-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/tiles-1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/gallery-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/album-tiles-1.js">',
    );
  });

  it('names a file shared by two chunks once and skips unknown keys', () => {
    const links = routeAssetLinks(manifest, ['src/album-tiles.tsx', 'src/album-pictures.tsx', 'src/no-such.tsx'], template);
    expect(links.split('gallery-1.css')).toHaveLength(2);
    expect(links.split('gallery-1.js')).toHaveLength(2);
    expect(links).toContain('/assets/album-pictures-1.js');
  });

  it('gives nothing for no chunks', () => {
    expect(routeAssetLinks(manifest, [], template)).toBe('');
  });
});
