/**
 * The query cache a server render hands to the browser's hydration (the storefront's server rendering): written by
 * web/src/entry-server.tsx into `<script type="application/json" id="ssr-state">` (a data block, never run as code,
 * so the strict CSP needs no hash for it), read by main.tsx before hydrating. Successful and failed queries travel
 * (a 404 product renders the not-found page on both sides); failures as `{ status, code, message }`, revived into
 * ApiError, and not retried when the page mounts (the server's answer stands, and the hydration matches it).
 */
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** The id of the state's script element. */
export const SSR_STATE_ID = 'ssr-state';

interface SerializedError {
  status: number;
  code?: string;
  message: string;
}

/**
 * JSON text safe inside a <script> element: '<', '>', '&' and the line separators U+2028/2029 as \u escapes, so a
 * product named `</script><script>…` cannot close the element (JSON.parse reads the escapes back).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The settled queries of `client` as script-safe JSON. */
export function serializeQueryState(client: QueryClient): string {
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error' });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error) {
      const e = error as Partial<ApiError>;
      query.state.error = { status: e.status ?? 500, code: e.code, message: e.message ?? 'Error' } satisfies SerializedError as never;
    }
  }
  return scriptSafeJson(state);
}

/** Puts the server's queries (the state script, when the page has one) into `client`; failures as ApiError again. */
export function hydrateQueryState(client: QueryClient, doc: Document): void {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return;
  const state = JSON.parse(text) as DehydratedState;
  for (const query of state.queries) {
    const e = query.state.error as SerializedError | null | undefined;
    if (!e) continue;
    query.state.error = new ApiError(e.status, e.message, e.code) as never;
    // The server's answer stands for this page (e.g. its 404): not asked again while hydrating, so the first render
    // shows what the server rendered (a failed query without data would otherwise render as loading).
    client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(client, state);
}
