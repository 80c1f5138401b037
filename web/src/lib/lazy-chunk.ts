/**
 * `lazyChunk`: React's `lazy()` for the storefront's lazy chunks (pages, content layouts, the gallery's parts), which
 * on the server also tells the render which chunks it used, so the first HTML carries their styles and lists their
 * modules (docs/architecture.md, section 6 "Server rendering: styles inlined, scripts after the first paint").
 *
 * How the server knows a chunk: in the server build, web/build/route-chunks-plugin.ts turns every relative
 * `import('./x')` of web/src into `(reportChunk('src/.../x.tsx'), import('./x'))`, the key being the module's key in
 * the browser build's Vite manifest (web/dist/.vite/manifest.json). The loader of a `lazyChunk` runs once per
 * process; the keys it reports while it runs (its `import()` calls start synchronously) are kept with the loaded
 * component, which adds them to the request's `ServerRender.chunks` every time it renders, so concurrent renders each
 * collect their own. In the browser `lazyChunk` is `lazy`.
 */
import { type ComponentType, createElement, lazy, type LazyExoticComponent } from 'react';
import { useServerRender } from './server-render';

/** The chunk keys reported by the `lazyChunk` loader running right now (server only; loaders start synchronously). */
let reporting: Set<string> | null = null;

/** Called by the server build's rewritten `import()` calls (web/build/route-chunks-plugin.ts): `key` is a manifest key. */
export function reportChunk(key: string): void {
  reporting?.add(key);
}

/**
 * Like React's `lazy(load)`; on the server the component also reports the manifest keys of the modules `load`
 * imports (and only those whose `import()` it calls synchronously) into the request's `ServerRender.chunks`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's own lazy()
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  if (!import.meta.env.SSR) return lazy(load);
  return lazy(async () => {
    const chunks = new Set<string>();
    reporting = chunks;
    let loading: Promise<{ default: T }>;
    try {
      loading = load();
    } finally {
      reporting = null;
    }
    const { default: Component } = await loading;
    const keys = [...chunks];
    function ReportedChunk(props: object) {
      const server = useServerRender();
      if (server) for (const key of keys) server.chunks.add(key);
      return createElement(Component, props);
    }
    return { default: ReportedChunk as unknown as T };
  });
}
