/**
 * The category pictograms (web/src/lib/category-pictograms.ts) as one SVG sprite, made at build time: a `<symbol>`
 * per lucide icon of PICTOGRAM_NAMES (id = the icon's name, viewBox 0 0 24 24, its shapes without lucide's
 * presentation attributes, which the drawing `<svg>` sets: currentColor, stroke width). The app draws one with
 * `<svg><use href="{sprite}#{name}"/></svg>` (components/category-pictogram.tsx), so the icons are one cached file
 * instead of JavaScript in the first load.
 *
 * The Vite plugin serves it as the module `virtual:pictogram-sprite`, whose default export is the sprite's URL: in a
 * build `/assets/pictograms-{hash}.svg` (emitted beside the bundles, the same name in the browser's and the server's
 * build, since the content decides the hash), on the dev server the same path from memory.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { PICTOGRAM_NAMES } from '../src/lib/category-pictograms';

const VIRTUAL_ID = 'virtual:pictogram-sprite';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** One icon's data as lucide-react's per-icon module exports it (lucide-react/icons/<name>). */
interface LucideIconData {
  name: string;
  node: [tag: string, attributes: Record<string, string | number>][];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The sprite's SVG text: one `<symbol id="{name}">` per pictogram, in PICTOGRAM_NAMES' order. */
export async function pictogramSprite(): Promise<string> {
  const symbols = await Promise.all(
    PICTOGRAM_NAMES.map(async (name) => {
      const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: LucideIconData };
      const shapes = __iconData.node
        .map(([tag, attributes]) => {
          const attrs = Object.entries(attributes)
            .filter(([key]) => key !== 'key')
            .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
            .join('');
          return `<${tag}${attrs}/>`;
        })
        .join('');
      return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/** The sprite's file name under /assets/: content-hashed, so it is cached for good like the bundles. */
const spriteFileName = (svg: string) => `assets/pictograms-${createHash('sha256').update(svg).digest('base64url').slice(0, 10)}.svg`;

/** Vite plugin: `import spriteUrl from 'virtual:pictogram-sprite'` (see the module comment). */
export function pictogramSpritePlugin(): Plugin {
  let sprite: Promise<{ svg: string; fileName: string }> | undefined;
  const made = () => (sprite ??= pictogramSprite().then((svg) => ({ svg, fileName: spriteFileName(svg) })));
  return {
    name: 'pictogram-sprite',
    resolveId: (source) => (source === VIRTUAL_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { svg, fileName } = await made();
      if (this.environment?.mode !== 'dev') this.emitFile({ type: 'asset', fileName, source: svg });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        void made().then(({ svg, fileName }) => {
          if (req.url?.split('?')[0] !== `/${fileName}`) return next();
          res.setHeader('content-type', 'image/svg+xml');
          res.end(svg);
        }, next);
      });
    },
  };
}
