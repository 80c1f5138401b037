/**
 * The document head of the current page (spec 2 "Page loading": title, meta description, keywords, canonical link
 * and alternate-language links). React 18 renders no elements into <head>, so the page's values are written there
 * by a layout effect (and by the server render into the first HTML): each element is found by its key (meta name, link rel and hreflang), updated in place or
 * created, and removed when the page has no value for it. No router dependency: the error fallback uses it too.
 */
import { useSyncExternalStore } from 'react';
import { type DocumentHead, useBrowserLayoutEffect, useServerRender } from './server-render';

export type { DocumentHead };

const HREFLANGS = ['et', 'en', 'x-default'] as const;
let defaultDescription: string | null | undefined;

function upsert(selector: string, tag: 'meta' | 'link', fixed: Record<string, string>, attr: string, value: string | undefined) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement(tag);
    for (const [name, v] of Object.entries(fixed)) element.setAttribute(name, v);
    document.head.appendChild(element);
  }
  if (element.getAttribute(attr) !== value) element.setAttribute(attr, value);
}

// The current page's alternate URLs, for the language select (a category's English URL is not its Estonian path
// with another prefix).
const NO_ALTERNATES: Readonly<Record<string, string>> = {};
let currentAlternates: Readonly<Record<string, string>> = NO_ALTERNATES;
const listeners = new Set<() => void>();

function publishAlternates(urls: (string | undefined)[]) {
  const next: Record<string, string> = {};
  HREFLANGS.forEach((lang, i) => {
    if (urls[i]) next[lang] = urls[i]!;
  });
  if (HREFLANGS.every((lang) => next[lang] === currentAlternates[lang])) return;
  currentAlternates = next;
  for (const listener of listeners) listener();
}

/**
 * The current page's alternate URL per hreflang ('et', 'en', 'x-default'), as written into <head>; empty until a
 * page has set them. Re-renders the caller when they change.
 */
export function useAlternateUrls(): Readonly<Record<string, string>> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => currentAlternates,
    // The server render and the hydration see none (the head is written after hydration): the same first markup.
    () => NO_ALTERNATES,
  );
}

/**
 * Writes `head` into document.head after each render that changes it; in a server render it is handed to the
 * request's collector instead (lib/server-render.ts), which puts it into the HTML's <head>.
 */
export function useDocumentHead(head: DocumentHead): void {
  const server = useServerRender();
  if (server) server.head = head;
  const { title, description, keywords, robots, canonical } = head;
  const alternates = HREFLANGS.map((lang) => head.alternates?.[lang]);
  useBrowserLayoutEffect(() => {
    defaultDescription ??= document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
    document.title = title;
    upsert('meta[name="description"]', 'meta', { name: 'description' }, 'content', description ?? defaultDescription ?? undefined);
    upsert('meta[name="keywords"]', 'meta', { name: 'keywords' }, 'content', keywords);
    upsert('meta[name="robots"]', 'meta', { name: 'robots' }, 'content', robots);
    upsert('link[rel="canonical"]', 'link', { rel: 'canonical' }, 'href', canonical);
    HREFLANGS.forEach((lang, i) =>
      upsert(`link[rel="alternate"][hreflang="${lang}"]`, 'link', { rel: 'alternate', hreflang: lang }, 'href', alternates[i]),
    );
    publishAlternates(alternates);
    // The alternates are compared by value (spread into the dependencies): a new object with the same URLs writes
    // nothing.
  }, [title, description, keywords, robots, canonical, ...alternates]);
}
