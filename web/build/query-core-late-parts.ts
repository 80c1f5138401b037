/**
 * Keeps TanStack Query's mutations and infinite queries out of the shopper's first load (docs/architecture.md section
 * 6, "First load and crash safety"). A shopper's screens only read (`useQuery`); mutations (`useMutation`) and infinite
 * queries (`useInfiniteQuery`) are used by staff screens only (web/src/features/admin-*, components/staff). Yet
 * query-core's `QueryClient` statically imports and builds its `MutationCache`, which imports the `Mutation` class, and
 * `Query` imports the infinite-query fetch behaviour, so all three (~1.3 KB gzip) were in the vendor chunk every page
 * loads.
 *
 * The browser build rewrites those static imports into a look-up in a small registry appended to query-core's
 * `utils.js` (`latePart(name)`), and the modules that define the parts register them when they are evaluated
 * (`provideLatePart`). The `QueryClient` makes its `MutationCache` on the first `getMutationCache()` (every mutation
 * goes through it); before that there is no mutation, so `isMutating()` answers 0, `resumePausedMutations()` and
 * `clear()` have nothing to do, and `hydrate` asks for the cache only for dehydrated mutations (a server render sends
 * queries only). The modules that need the parts still import them statically: `MutationObserver` (behind
 * `useMutation`) imports `mutation.js`, which now imports `mutationCache.js`; `InfiniteQueryObserver` (behind
 * `useInfiniteQuery`) imports `infiniteQueryBehavior.js`; so the parts load with the staff chunk that uses them and
 * are registered before it can build a mutation or fetch an infinite query. What still needs them without those
 * observers (`useMutationState` or `useIsMutating` alone, `queryClient.infiniteQuery` / `fetchInfiniteQuery` before
 * any `useInfiniteQuery` module loaded, a dehydrated mutation; none of which the storefront does) throws, naming the
 * part, rather than silently doing something else.
 *
 * Each rewrite must match query-core's text exactly once, else the build fails (a query-core upgrade that changes it
 * is noticed). Only the files `include` matches are rewritten (the browser build: the server bundle keeps
 * node_modules external).
 */
import type { Plugin } from 'vite';

/** A text in one of query-core's build/modern files, found exactly once and replaced. */
interface Rewrite {
  file: string;
  find: string;
  replace: string;
}

/** A part a module defines and registers once evaluated (`provideLatePart(name, name)` appended to `file`). */
interface Registration {
  name: string;
  file: string;
  /** Modules it must bring along (imports appended), so whoever loads `file` has them registered too. */
  alsoImport?: string[];
}

const LATE = 'import { latePart } from "./utils.js";\n';

const REWRITES: Rewrite[] = [
  // Query: the infinite-query behaviour, looked up when an infinite query fetches.
  { file: 'query.js', find: 'import { infiniteQueryBehavior } from "./infiniteQueryBehavior.js";\n', replace: LATE },
  {
    file: 'query.js',
    find: '(this.#queryType === "infinite" ? infiniteQueryBehavior(this.options.pages) : this.options.behavior)',
    replace: '(this.#queryType === "infinite" ? latePart("infiniteQueryBehavior")(this.options.pages) : this.options.behavior)',
  },
  // QueryClient: its MutationCache made on first use (`getMutationCache`, which every mutation goes through); until
  // then there is no mutation: none pending, none paused, nothing to clear.
  { file: 'queryClient.js', find: 'import { MutationCache } from "./mutationCache.js";\n', replace: LATE },
  { file: 'queryClient.js', find: 'this.#mutationCache = config.mutationCache || new MutationCache();', replace: 'this.#mutationCache = config.mutationCache;' },
  {
    file: 'queryClient.js',
    find: '\t\treturn this.#mutationCache.findAll({\n\t\t\t...filters,\n\t\t\tstatus: "pending"\n\t\t}).length;',
    replace: '\t\treturn this.#mutationCache ? this.#mutationCache.findAll({\n\t\t\t...filters,\n\t\t\tstatus: "pending"\n\t\t}).length : 0;',
  },
  {
    file: 'queryClient.js',
    find: 'if (onlineManager.isOnline()) return this.#mutationCache.resumePausedMutations();',
    replace: 'if (onlineManager.isOnline() && this.#mutationCache) return this.#mutationCache.resumePausedMutations();',
  },
  { file: 'queryClient.js', find: '\tgetMutationCache() {\n\t\treturn this.#mutationCache;\n', replace: '\tgetMutationCache() {\n\t\treturn this.#mutationCache ??= new (latePart("MutationCache"))();\n' },
  { file: 'queryClient.js', find: '\t\tthis.#mutationCache.clear();\n', replace: '\t\tthis.#mutationCache?.clear();\n' },
  // hydrate(): the mutation cache only for dehydrated mutations (a server render sends queries only).
  { file: 'hydration.js', find: '\tconst mutationCache = client.getMutationCache();\n', replace: '\n' },
  { file: 'hydration.js', find: '\t\tmutationCache.build(client, {', replace: '\t\tclient.getMutationCache().build(client, {' },
  // MutationCache: the Mutation class, looked up when a mutation is built.
  { file: 'mutationCache.js', find: 'import { Mutation } from "./mutation.js";\n', replace: LATE },
  { file: 'mutationCache.js', find: 'const mutation = new Mutation({', replace: 'const mutation = new (latePart("Mutation"))({' },
];

const REGISTRATIONS: Registration[] = [
  // Loaded by MutationObserver (useMutation): the Mutation class and the cache that builds it.
  { name: 'Mutation', file: 'mutation.js', alsoImport: ['./mutationCache.js'] },
  { name: 'MutationCache', file: 'mutationCache.js' },
  // Loaded by InfiniteQueryObserver (useInfiniteQuery).
  { name: 'infiniteQueryBehavior', file: 'infiniteQueryBehavior.js' },
];

/** Appended to utils.js: the registry (module scope of query-core's utils, shared by every query-core module). */
const REGISTRY = `
const latePartsProvided = {};
/** Registers a part query-core's first-load modules look up late (web/build/query-core-late-parts.ts). */
function provideLatePart(name, part) {
  latePartsProvided[name] = part;
}
/** The part registered as \`name\`; throws when its module has not been loaded (web/build/query-core-late-parts.ts). */
function latePart(name) {
  const part = latePartsProvided[name];
  if (!part) throw new Error(\`@tanstack/query-core: \${name} is not loaded (it comes with useMutation / useInfiniteQuery): see web/build/query-core-late-parts.ts\`);
  return part;
}
export { provideLatePart, latePart };
`;

const once = (code: string, text: string, file: string) => {
  const at = code.indexOf(text);
  if (at < 0 || code.indexOf(text, at + 1) >= 0) {
    throw new Error(`query-core-late-parts: expected exactly one ${JSON.stringify(text.trim())} in ${file} (@tanstack/query-core changed: update web/build/query-core-late-parts.ts)`);
  }
  return at;
};

/**
 * Rewrites one of query-core's build/modern files (`file` is its base name, e.g. 'query.js'); other files are
 * returned unchanged.
 * @throws Error when a rewrite's text is not found exactly once, or a part is not exported once
 */
export function rewriteQueryCore(code: string, file: string): string {
  let out = code;
  if (file === 'utils.js') {
    once(out, 'export { ', file);
    out += REGISTRY;
  }
  for (const { find, replace } of REWRITES.filter((r) => r.file === file)) {
    const at = once(out, find, file);
    out = out.slice(0, at) + replace + out.slice(at + find.length);
  }
  for (const { name, alsoImport = [] } of REGISTRATIONS.filter((r) => r.file === file)) {
    if ((out.match(new RegExp(`^export \\{[^}\\n]*\\b${name}\\b[^}\\n]*\\};$`, 'gm')) ?? []).length !== 1) {
      throw new Error(`query-core-late-parts: expected ${file} to export ${name} once (@tanstack/query-core changed: update web/build/query-core-late-parts.ts)`);
    }
    const imports = alsoImport.map((m) => `import ${JSON.stringify(m)};\n`).join('');
    out += `\nimport { provideLatePart } from "./utils.js";\n${imports}provideLatePart(${JSON.stringify(name)}, ${name});\n`;
  }
  return out;
}

/** @param include which module ids (absolute paths) to rewrite: query-core's build/modern directory. */
export function queryCoreLatePartsPlugin(include: RegExp): Plugin {
  return {
    name: 'query-core-late-parts',
    transform(code, id) {
      if (!include.test(id)) return null;
      const file = id.split(/[\\/]/).pop()!.split('?')[0]!;
      const out = rewriteQueryCore(code, file);
      if (out === code) return null;
      // The registrations are statements run for their effect: kept although query-core declares `sideEffects: false`.
      return { code: out, map: null, moduleSideEffects: true };
    },
  };
}
