/**
 * The repository's import graph checked against the import rules in `.dependency-cruiser.cjs` ("Import
 * rules as a test"; design brief "Folders").
 *
 * dependency-cruiser 17 reads TypeScript only through the TypeScript 2-6 compiler API; this repository builds with
 * TypeScript 7 (native, no JavaScript API). So `writeImportMirror` writes a JavaScript mirror of the sources with
 * esbuild (the transform tsx runs the code with: imports used only as types are dropped) into a temporary folder
 * with the same layout (`x.ts`/`x.tsx` become `x.js`, `x.mts` becomes `x.mjs`), adds one call
 * `typeOnly('specifier')` per import the source had but the JavaScript lost (a type-only import, declared to the
 * cruiser as an exotic require), and links `node_modules` so packages resolve. `checkImportRules` cruises the
 * mirror with the rules and answers every violation with the source file names.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { transform } from 'esbuild';

const require = createRequire(import.meta.url);

/** Folders of the repository that hold code (tests, benches and entry points included). */
export const CODE_FOLDERS = ['domain', 'commands', 'projections', 'analytics', 'workers', 'api', 'web', 'platform', 'bin', 'tests', 'bench', 'data'];

/** Folders never scanned: installs, build output (web/dist, web/dist-server: bundles, not sources), local data. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', '.data', '.tmp', '.git']);
const CODE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** One broken rule: which rule, the importing file and the imported one (source paths, repository-relative). */
export interface ImportViolation {
  rule: string;
  from: string;
  to: string;
  /** `type-only` when the import names types only. */
  kind: 'value' | 'type-only';
}

/** The mirror's file name for a source file name. */
const mirrorName = (file: string) => file.replace(/\.(ts|tsx)$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs').replace(/\.jsx$/, '.js');

async function listCode(root: string, dir: string, out: string[]) {
  let entries;
  try {
    entries = await readdir(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) await listCode(root, rel, out);
    } else if (CODE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
}

/** Every module specifier a source names: static imports and re-exports, side-effect imports, `import('x')`. */
export function specifiersOf(code: string): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /(?:^|[\n;])\s*(?:import|export)\b[^'";]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
    /(?:^|[\n;])\s*import\s*(['"])([^'"\n]+)\1/g,
    /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[2]);
  return found;
}

/**
 * Writes the JavaScript mirror of `root`'s code folders into a new temporary folder.
 * @returns the folder, the mirrored files (mirror-relative) and a map from mirror names back to source names
 * @throws the esbuild error of a source file that does not parse
 */
export async function writeImportMirror(root: string, folders = CODE_FOLDERS): Promise<{ dir: string; files: string[]; sourceOf: Map<string, string>; remove: () => Promise<void> }> {
  const sources: string[] = [];
  for (const folder of folders) await listCode(root, folder, sources);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'import-graph-'));
  const sourceOf = new Map<string, string>();
  await Promise.all(
    sources.map(async (file) => {
      const code = await readFile(path.join(root, file), 'utf8');
      const loader = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.jsx') ? 'jsx' : /\.[cm]?ts$/.test(file) ? 'ts' : 'js';
      const { code: js } = await transform(code, { loader, format: 'esm', jsx: 'automatic', target: 'esnext', sourcefile: file, tsconfigRaw: {} });
      const kept = specifiersOf(js);
      const typeOnly = [...specifiersOf(code)].filter((s) => !kept.has(s));
      const out = mirrorName(file);
      sourceOf.set(out, file);
      await mkdir(path.dirname(path.join(dir, out)), { recursive: true });
      await writeFile(path.join(dir, out), js + typeOnly.map((s) => `\ntypeOnly(${JSON.stringify(s)});`).join(''));
    }),
  );
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir').catch(() => {});
  return { dir, files: [...sourceOf.keys()], sourceOf, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The rules and options of `.dependency-cruiser.cjs` at `root`. */
export function loadImportRules(root: string): { forbidden: IForbiddenRuleType[]; options: Record<string, unknown> } {
  const file = path.join(root, '.dependency-cruiser.cjs');
  readFileSync(file); // a clear ENOENT when the rules are missing
  return require(file);
}

/**
 * Cruises `root`'s code (or the given folders) with the repository's import rules (or `rules`).
 * @returns every violation, sorted by rule and file; an empty list when the rules hold
 */
export async function checkImportRules(root: string, options: { folders?: string[]; rules?: IForbiddenRuleType[] } = {}): Promise<ImportViolation[]> {
  const config = loadImportRules(root);
  const mirror = await writeImportMirror(root, options.folders);
  try {
    const roots = (options.folders ?? CODE_FOLDERS).filter((f) => mirror.files.some((m) => m.startsWith(`${f}/`)));
    const result = await cruise(
      roots,
      {
        ...config.options,
        validate: true,
        ruleSet: { forbidden: options.rules ?? config.forbidden },
        baseDir: mirror.dir,
        preserveSymlinks: true,
      },
      { extensions: ['.js', '.mjs', '.cjs', '.json'] },
    );
    const output = result.output;
    if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a cruise result');
    const back = (name: string) => mirror.sourceOf.get(name) ?? name;
    const kindOf = new Map<string, 'value' | 'type-only'>();
    for (const mod of output.modules)
      for (const dep of mod.dependencies) {
        const key = `${mod.source}\0${dep.resolved}`;
        const typeOnly = dep.dependencyTypes.includes('exotic-require');
        if (!typeOnly || !kindOf.has(key)) kindOf.set(key, typeOnly ? 'type-only' : 'value');
      }
    return output.summary.violations
      .map((v) => ({ rule: v.rule.name, from: back(v.from), to: back(v.to), kind: kindOf.get(`${v.from}\0${v.to}`) ?? 'value' }))
      .sort((a, b) => a.rule.localeCompare(b.rule) || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  } finally {
    await mirror.remove();
  }
}
