/**
 * Keeps TanStack Query's mutations and infinite queries out of the shopper's first load (docs/architecture.md section
 * 6, "First load and crash safety"). A shopper's screens only read (`useQuery`); mutations (`useMutation`) and infinite
 * queries (`useInfiniteQuery`) are used by staff screens only (web/src/features/admin-*, components/staff). Yet
 * query-core's `QueryClient` statically imports its `MutationCache`, which imports the `Mutation` class, and `Query`
 * imports the infinite-query fetch behaviour, so both (~1.4 KB gzip) were in the vendor chunk every page loads.
 *
 * The browser build rewrites those two static imports into a look-up in a small registry appended to query-core's
 * `utils.js` (`latePart(name)`), and the modules that define the parts register them when they are evaluated
 * (`provideLatePart`). The modules that need them still import them statically: `MutationObserver` (behind
 * `useMutation`) imports `mutation.js`, `InfiniteQueryObserver` (behind `useInfiniteQuery`) imports
 * `infiniteQueryBehavior.js`, so the parts load with the staff chunk that uses them and are registered before it can
 * build a mutation or fetch an infinite query. What still needs them without those observers (a dehydrated mutation
 * in `hydrate`, `queryClient.infiniteQuery` / `fetchInfiniteQuery` before any `useInfiniteQuery` module loaded, none
 * of which the storefront does) throws, naming the part, rather than silently doing something else.
 *
 * Each rewrite must match query-core's text exactly once, else the build fails (a query-core upgrade that changes it
 * is noticed). Only the files `include` matches are rewritten (the browser build: the server bundle keeps
 * node_modules external).
 */
import type { Plugin } from 'vite';

/** A part: the module that defines it, and the one that used to import it (with the import and the use rewritten). */
interface LatePart {
  name: string;
  /** query-core's file (build/modern) that defines and exports `name`; registers it once evaluated. */
  definedIn: string;
  /** The file that imported it statically. */
  usedIn: string;
  /** The import statement in `usedIn`, removed. */
  importText: string;
  /** The use in `usedIn`, and what replaces it. */
  useText: string;
  useReplace: string;
}

const PARTS: LatePart[] = [
  {
    name: 'Mutation',
    definedIn: 'mutation.js',
    usedIn: 'mutationCache.js',
    importText: 'import { Mutation } from "./mutation.js";\n',
    useText: 'const mutation = new Mutation({',
    useReplace: 'const mutation = new (latePart("Mutation"))({',
  },
  {
    name: 'infiniteQueryBehavior',
    definedIn: 'infiniteQueryBehavior.js',
    usedIn: 'query.js',
    importText: 'import { infiniteQueryBehavior } from "./infiniteQueryBehavior.js";\n',
    useText: '(this.#queryType === "infinite" ? infiniteQueryBehavior(this.options.pages) : this.options.behavior)',
    useReplace: '(this.#queryType === "infinite" ? latePart("infiniteQueryBehavior")(this.options.pages) : this.options.behavior)',
  },
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
 * @throws Error when a rewrite's text is not found exactly once
 */
export function rewriteQueryCore(code: string, file: string): string {
  let out = code;
  if (file === 'utils.js') {
    once(out, 'export { ', file);
    out += REGISTRY;
  }
  for (const part of PARTS) {
    if (file === part.usedIn) {
      const at = once(out, part.importText, file);
      out = `${out.slice(0, at)}import { latePart } from "./utils.js";\n${out.slice(at + part.importText.length)}`;
      const use = once(out, part.useText, file);
      out = out.slice(0, use) + part.useReplace + out.slice(use + part.useText.length);
    }
    if (file === part.definedIn) {
      if ((out.match(new RegExp(`^export \\{[^}\\n]*\\b${part.name}\\b[^}\\n]*\\};$`, 'gm')) ?? []).length !== 1) {
        throw new Error(`query-core-late-parts: expected ${file} to export ${part.name} once (@tanstack/query-core changed: update web/build/query-core-late-parts.ts)`);
      }
      out += `\nimport { provideLatePart } from "./utils.js";\nprovideLatePart(${JSON.stringify(part.name)}, ${part.name});\n`;
    }
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
