/**
 * The browser build's query-core with its mutations and infinite queries loaded late (build/query-core-late-parts.ts;
 * docs/architecture.md section 6, "First load and crash safety"): applied to the installed @tanstack/query-core, every
 * rewrite matches; a QueryClient built from the rewritten modules reads and hydrates queries as before, has no
 * mutation while the mutation modules are not loaded (and throws, naming the part, when asked for one or for an
 * infinite query), and runs both once they are; a changed query-core fails the build.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { queryCoreLatePartsPlugin, rewriteQueryCore } from './query-core-late-parts';

const modern = path.resolve(import.meta.dirname, '../../node_modules/@tanstack/query-core/build/modern');
const dir = mkdtempSync(path.join(tmpdir(), 'query-core-late-parts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** query-core's build/modern, rewritten, in a temporary directory (ES modules: a package.json of type module). */
function patchedCopy(): string {
  cpSync(modern, dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.js'))) {
    const file = path.join(dir, name);
    writeFileSync(file, rewriteQueryCore(readFileSync(file, 'utf8'), name));
  }
  return dir;
}

const load = (copy: string, name: string) => import(pathToFileURL(path.join(copy, name)).href);

describe('query-core-late-parts', () => {
  it('rewrites the installed query-core: the two imports become look-ups, the parts register themselves', () => {
    const read = (name: string) => readFileSync(path.join(modern, name), 'utf8');
    expect(rewriteQueryCore(read('mutationCache.js'), 'mutationCache.js')).not.toContain('from "./mutation.js"');
    expect(rewriteQueryCore(read('queryClient.js'), 'queryClient.js')).not.toContain('from "./mutationCache.js"');
    expect(rewriteQueryCore(read('mutation.js'), 'mutation.js')).toContain('import "./mutationCache.js";');
    expect(rewriteQueryCore(read('query.js'), 'query.js')).not.toContain('from "./infiniteQueryBehavior.js"');
    expect(rewriteQueryCore(read('mutation.js'), 'mutation.js')).toContain('provideLatePart("Mutation", Mutation);');
    expect(rewriteQueryCore(read('infiniteQueryBehavior.js'), 'infiniteQueryBehavior.js')).toContain('provideLatePart("infiniteQueryBehavior", infiniteQueryBehavior);');
    expect(rewriteQueryCore(read('queryObserver.js'), 'queryObserver.js')).toBe(read('queryObserver.js'));
  });

  it('reads queries as before, and runs mutations and infinite queries only once their modules are loaded', async () => {
    const copy = patchedCopy();
    const { QueryClient } = await load(copy, 'queryClient.js');
    const { hydrate } = await load(copy, 'hydration.js');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.mount();
    expect(await client.fetchQuery({ queryKey: ['a'], queryFn: async () => 42 })).toBe(42);
    hydrate(client, { queries: [{ queryKey: ['b'], queryHash: '["b"]', state: { data: 7, dataUpdatedAt: Date.now(), status: 'success' } }] });
    expect(client.getQueryData(['b'])).toBe(7);
    // No mutation cache yet: none pending, none paused, nothing to clear; asking for it needs its module.
    expect(client.isMutating()).toBe(0);
    await expect(client.resumePausedMutations()).resolves.toBeUndefined();
    expect(() => client.getMutationCache()).toThrow(/MutationCache is not loaded/);
    await expect(client.fetchInfiniteQuery({ queryKey: ['pages'], queryFn: async () => 1, initialPageParam: 0, getNextPageParam: () => undefined })).rejects.toThrow(/infiniteQueryBehavior is not loaded/);

    const { MutationObserver } = await load(copy, 'mutationObserver.js');
    const observer = new MutationObserver(client, { mutationFn: async (n: number) => n * 2 });
    expect(await observer.mutate(21)).toBe(42);
    expect(client.getMutationCache().getAll()).toHaveLength(1);
    expect(client.isMutating()).toBe(0);
    await load(copy, 'infiniteQueryObserver.js');
    const pages = await client.fetchInfiniteQuery({ queryKey: ['pages2'], queryFn: async ({ pageParam }: { pageParam: number }) => pageParam + 1, initialPageParam: 0, getNextPageParam: () => undefined });
    expect(pages).toEqual({ pages: [1], pageParams: [0] });
    client.clear();
    expect(client.getMutationCache().getAll()).toHaveLength(0);
    client.unmount();
  });

  it('fails the build when a rewrite no longer matches (query-core changed)', () => {
    expect(() => rewriteQueryCore('export { noop };', 'mutationCache.js')).toThrow(/expected exactly one/);
    expect(() => rewriteQueryCore('var Other = 1;\nexport { Other };', 'mutation.js')).toThrow(/to export Mutation once/);
  });

  it('leaves other modules alone', () => {
    const hook = queryCoreLatePartsPlugin(/query-core/).transform as (code: string, id: string) => unknown;
    expect(hook('const a = 1;', '/x/web/src/a.ts')).toBeNull();
  });
});
