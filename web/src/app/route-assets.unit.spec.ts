import { describe, expect, it } from 'vitest';
import { appModulesScript, type BuildManifest, routeAssets, serverRenderedTemplate } from './route-assets';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'], css: ['assets/index-1.css'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_gallery-1.js': { file: 'assets/gallery-1.js', imports: ['index.html', '_vendor-1.js'], css: ['assets/gallery-1.css'] },
  'src/album-tiles.tsx': { file: 'assets/album-tiles-1.js', imports: ['_vendor-1.js', 'index.html', '_gallery-1.js'], css: ['assets/tiles-1.css'] },
  'src/album-pictures.tsx': { file: 'assets/album-pictures-1.js', imports: ['_gallery-1.js'] },
};
const template =
  '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">\n<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div><script data-app-loader>load()</script></body>';

describe('routeAssets', () => {
  it("links a chunk's and its static imports' CSS (imports first) and lists their modules, without the entry's or the template's files", () => {
    expect(routeAssets(manifest, ['src/album-tiles.tsx'], template)).toEqual({
      styles: '<link rel="stylesheet" crossorigin href="/assets/gallery-1.css"><link rel="stylesheet" crossorigin href="/assets/tiles-1.css">',
      modules: ['/assets/gallery-1.js', '/assets/album-tiles-1.js'],
    });
  });

  it('names a file shared by two chunks once and skips unknown keys', () => {
    const { styles, modules } = routeAssets(manifest, ['src/album-tiles.tsx', 'src/album-pictures.tsx', 'src/no-such.tsx'], template);
    expect(styles.split('gallery-1.css')).toHaveLength(2);
    expect(modules).toEqual(['/assets/gallery-1.js', '/assets/album-tiles-1.js', '/assets/album-pictures-1.js']);
  });

  it('gives nothing for no chunks', () => {
    expect(routeAssets(manifest, [], template)).toEqual({ styles: '', modules: [] });
  });

  it('inlines each stylesheet it has the text of, beside a disabled link of the same file, and links the others', () => {
    const styles = new Map([['assets/gallery-1.css', '.g{display:grid}']]);
    expect(routeAssets(manifest, ['src/album-tiles.tsx'], template, '/', styles).styles).toBe(
      '<style data-href="/assets/gallery-1.css">.g{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/gallery-1.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/tiles-1.css">',
    );
  });

  it('links, never inlines, a stylesheet whose text would end the style element', () => {
    const styles = new Map([['assets/gallery-1.css', '.g::after{content:"</STYLE><script>alert(1)</script>"}']]);
    const html = routeAssets(manifest, ['src/album-tiles.tsx'], template, '/', styles).styles;
    expect(html).not.toContain('<style');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/gallery-1.css">');
  });
});

describe('serverRenderedTemplate', () => {
  it("inlines the template's own stylesheet beside a disabled link, and takes its module script and modulepreloads out, the entry first", () => {
    expect(serverRenderedTemplate(template, new Map([['assets/index-1.css', 'body{margin:0}']]))).toEqual({
      html:
        '<head>\n<style data-href="/assets/index-1.css">body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled></head>' +
        '<body><div id="root"></div><script data-app-loader>load()</script></body>',
      modules: ['/assets/index-1.js', '/assets/vendor-1.js'],
    });
  });

  it('keeps the scripts of a template without the loader, and the stylesheet linked when its text is unknown', () => {
    const bare = template.replace('<script data-app-loader>load()</script>', '');
    expect(serverRenderedTemplate(bare, new Map())).toEqual({ html: bare, modules: [] });
  });
});

describe('appModulesScript', () => {
  it('lists the modules as JSON that no text can end early', () => {
    expect(appModulesScript(['/assets/a.js', '/x</script><script>alert(1)</script>'])).toBe(
      '<script type="application/json" id="app-modules">["/assets/a.js","/x\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"]</script>',
    );
  });
});
