/**
 * The filters of a server-paged staff list in the URL (conventions 13: "paging, sort and filters live in the URL, so
 * a list can be linked and reloaded"), shared by the staff lists (./list-filter-bar.tsx, StatisticsList,
 * ProblematicProductsList):
 *
 * - `withListChanges(search, changes)`: the next query string after a filter change; each changed key comes already
 *   as its URL text, or null to leave it out (its default); any change but the page's goes back to page 1.
 * - `useDebouncedSearchText(urlText, write)`: the search box's text, written to the URL 300 ms after the last key
 *   (spec 9 asks the same of the storefront's search); a URL change from elsewhere (the back button, a 'clear
 *   filters' button) replaces the text in the box.
 */
import { useEffect, useRef, useState } from 'react';

/** Delay between the last key in a staff list's search box and the URL (and so the request), in milliseconds. */
export const SEARCH_DELAY_MS = 300;

/**
 * `search` with `changes` applied: a string sets the key, null removes it. Unless `page` is among the changes, the
 * page is removed (back to page 1). The input is not modified.
 */
export function withListChanges(search: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  if (!Object.hasOwn(changes, 'page')) next.delete('page');
  return next;
}

/**
 * The search box's state for a list whose search text lives in the URL as `urlText`. `write(text)` is called
 * SEARCH_DELAY_MS after the last change typed; `setText` is the input's onChange; `flush()` writes the text at once
 * (Enter); `clear()` empties the box at once (the caller clears the URL).
 */
export function useDebouncedSearchText(
  urlText: string,
  write: (text: string) => void,
): { text: string; setText: (text: string) => void; flush: () => void; clear: () => void } {
  const [text, setText] = useState(urlText);
  const typed = useRef(urlText);
  const writer = useRef(write);
  writer.current = write;
  useEffect(() => {
    if (urlText !== typed.current) {
      typed.current = urlText;
      setText(urlText);
    }
  }, [urlText]);
  useEffect(() => {
    if (text === typed.current) return;
    const timer = setTimeout(() => {
      typed.current = text;
      writer.current(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const flush = () => {
    typed.current = text;
    writer.current(text);
  };
  const clear = () => {
    typed.current = '';
    setText('');
  };
  return { text, setText, flush, clear };
}
