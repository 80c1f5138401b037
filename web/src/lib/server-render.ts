/**
 * What one server render collects from and tells the components it renders (the storefront's server rendering: the
 * document head of the page, whether it is the not-found page, the lazy chunks it used, the absolute origin of its links, the remembered
 * listing options of the request). Provided only by web/src/entry-server.tsx, one object per request; in the browser
 * the context is null and nothing is collected.
 */
import { createContext, useContext, useEffect, useLayoutEffect } from 'react';
import type { RememberedOptions } from '../../../api/contracts/remembered-options';

/**
 * What one page puts into <head> (lib/document-head.ts sets it; kept here, beside the collector, so the two modules
 * import in one direction only). Absent values remove the element (the description falls back to index.html's).
 */
export interface DocumentHead {
  /** The full document title. */
  title: string;
  description?: string;
  /** Joined with ', ' into meta keywords. */
  keywords?: string;
  /** meta robots, e.g. 'noindex' on not-found and error pages. */
  robots?: string;
  /** Absolute canonical URL. */
  canonical?: string;
  /** Absolute URL per hreflang value ('et', 'en', 'x-default'). */
  alternates?: Record<string, string>;
}

export interface ServerRender {
  /** The shop's origin for absolute URLs (canonical, hreflang), e.g. 'https://shop.example'. */
  origin: string;
  /** The last page's head (title, meta, canonical, hreflang), set while rendering. */
  head: DocumentHead | null;
  /** Set when the not-found page rendered: the answer's status is then 404 (spec 2 "Other screens"). */
  notFound: boolean;
  /** The remembered listing options of the request's cookies (lib/local-option.ts), strictly parsed. */
  options: RememberedOptions;
  /**
   * Browser-build manifest keys of the lazy chunks this render used (lib/lazy-chunk.ts reports them, e.g.
   * 'src/features/catalog/routes/product-view.tsx'): the page's HTML inlines their styles and lists their modules.
   */
  chunks: Set<string>;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The request's collector during a server render; null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

/** The origin of absolute URLs: the page's own in the browser, the request's on the server. */
export function useOrigin(): string {
  const server = useServerRender();
  return server ? server.origin : window.location.origin;
}

/**
 * useLayoutEffect in the browser, useEffect on the server (where neither runs): the same timing for the page, and no
 * warning from React's server renderer about a layout effect it cannot run.
 */
export const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
