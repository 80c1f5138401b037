/**
 * The server build's half of a page's route styles and modules (docs/architecture.md section 6, "Server rendering:
 * styles inlined, scripts after the first paint"): rewrites each relative `import('./x')` in web/src into
 * `(reportChunk('src/.../x.tsx'), import('./x'))`, where the key is how the browser build's Vite manifest names that
 * module (its path relative to web/). web/src/lib/lazy-chunk.ts collects the keys a lazy component's loader reports,
 * and the render inlines the chunks' CSS and lists their JS from the manifest (web/src/app/route-assets.ts).
 *
 * Only in the `--ssr` build (`apply` below): the browser's bundles are untouched. An `import()` of a package or of a
 * computed path is left alone (it names no chunk of ours).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const RELATIVE_IMPORT = /\bimport\(\s*(['"])(\.{1,2}\/[^'"\n]+)\1\s*\)/g;

/** @param webRoot the Vite root (web/): manifest keys are module paths relative to it, with forward slashes. */
export function routeChunksPlugin(webRoot: string): Plugin {
  const srcDir = path.join(webRoot, 'src') + path.sep;
  const reporter = path.join(webRoot, 'src', 'lib', 'lazy-chunk.ts');
  return {
    name: 'route-chunks',
    apply: (_config, env) => env.isSsrBuild === true,
    async transform(code, id) {
      if (!id.startsWith(srcDir) || id === reporter || !code.includes('import(')) return null;
      const found = [...code.matchAll(RELATIVE_IMPORT)];
      if (found.length === 0) return null;
      const keys = await Promise.all(
        found.map(async ([, , specifier]) => {
          const resolved = await this.resolve(specifier!, id);
          return resolved && !resolved.external ? path.relative(webRoot, resolved.id.split('?')[0]!).split(path.sep).join('/') : null;
        }),
      );
      let index = 0;
      const rewritten = code.replace(RELATIVE_IMPORT, (call) => {
        const key = keys[index++];
        return key ? `(__reportChunk(${JSON.stringify(key)}), ${call})` : call;
      });
      return { code: `import { reportChunk as __reportChunk } from ${JSON.stringify(reporter)};\n${rewritten}`, map: null };
    },
  };
}
