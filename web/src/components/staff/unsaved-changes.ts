/**
 * Unsaved changes on a staff form (spec 2 "Page loading": 'You have unsaved changes that will be lost. Are you sure
 * you want to go?'; conventions 13). react-router's `useBlocker` works only under a data router, and the app uses
 * the declarative `<BrowserRouter>` (app/router.tsx, kept for the storefront's bundle size), so this guard does what
 * the blocker would for the ways a person leaves a staff form:
 * - closing or reloading the tab, or typing another address: `beforeunload` (the browser's own prompt);
 * - following any link inside the app (side menu, header, table, back to the site): a capture-phase click handler
 *   asks with `window.confirm(text)` and stops the navigation when the answer is no;
 * - the browser's back/forward buttons: after the app moved, the guard asks and, on no, goes forward/back again to
 *   the form (whose fields the form keeps in memory while it stays mounted; a remount starts from the saved data).
 */
import { useEffect, useRef } from 'react';

/** True when the click is a plain left click on a link to another page of this origin (what the router handles). */
export function isInAppNavigation(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>, anchor: { href: string; target: string; hasAttribute(name: string): boolean } | null, here: { origin: string; href: string }): boolean {
  if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  let url: URL;
  try {
    url = new URL(anchor.href, here.href);
  } catch {
    return false;
  }
  if (url.origin !== here.origin) return true; // leaving the site also loses the changes
  const current = new URL(here.href);
  return url.pathname !== current.pathname || url.search !== current.search;
}

/**
 * While `dirty`, asks `text` before the page is left (see the module). `confirm` is injectable for tests.
 */
export function useUnsavedChangesGuard(dirty: boolean, text: string, confirm: (text: string) => boolean = (t) => window.confirm(t)) {
  const state = useRef({ dirty, text, confirm });
  state.current = { dirty, text, confirm };
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = state.current.text; // older browsers show their own text; spec 2's is the in-app one
      return state.current.text;
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!isInAppNavigation(event, anchor, window.location)) return;
      if (!state.current.confirm(state.current.text)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const here = window.location.href;
    let returning = false;
    const onPopState = () => {
      if (returning) {
        returning = false;
        return;
      }
      if (window.location.href !== here && !state.current.confirm(state.current.text)) {
        returning = true;
        window.history.pushState(window.history.state, '', here);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, [dirty]);
}
