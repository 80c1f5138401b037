/**
 * A mark that a server-rendered page is live: `<html data-page-ready>` is set by the page's own component once React
 * has hydrated it (an effect runs only after its boundary's hydration commits, lazy chunks included). Until then the
 * server's HTML shows but its controls do nothing, and a value typed into an input is reset by the hydration; the
 * browser tests wait for this mark after loading a server-rendered page (tests/support/browser.ts).
 */
import { useEffect } from 'react';

/** The attribute on `<html>`. */
export const PAGE_READY_ATTRIBUTE = 'data-page-ready';

/** Marks the page live after its first commit; call it at the top of a storefront page component. */
export function usePageReady(): void {
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, '');
  }, []);
}
