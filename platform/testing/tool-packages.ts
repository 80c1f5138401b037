/**
 * npm tools the tests run that cannot live in the shop's own node_modules, each in its own folder under `tools/`
 * with its own package.json and package-lock.json, installed exactly as locked (`npm ci`) before the tests.
 *
 * Today one: `tools/openapi-typescript` (openapi-typescript 7 with TypeScript 5, its declared peer; the shop builds
 * with TypeScript 7, which has no compiler API for it to print with). `api/plugins/openapi.int.spec.ts` generates
 * types from the API document with it (spec 7, "The API document integrators use").
 *
 * Called once per run by bin/test.ts (`npm test`) and by the vitest global setup for a bare `npx vitest run`
 * (platform/testing/global-setup.ts); a folder whose install is current (node_modules/.package-lock.json newer than
 * its package-lock.json) is left alone, so the second call costs a stat.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The tool folders, relative to the repository root. */
export const TOOL_FOLDERS = ['tools/openapi-typescript'] as const;

/** Absolute path of the openapi-typescript command-line entry, installed by {@link ensureToolPackages}. */
export const OPENAPI_TYPESCRIPT_CLI = path.join(repoRoot, 'tools', 'openapi-typescript', 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

function mtimeMs(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** Why `folder` needs an install, or null when its node_modules matches its lock. */
function installReason(folder: string): string | null {
  const installed = mtimeMs(path.join(folder, 'node_modules', '.package-lock.json'));
  if (installed === null) return 'not installed';
  const lock = mtimeMs(path.join(folder, 'package-lock.json'));
  if (lock !== null && lock > installed) return 'package-lock.json changed since the last install';
  return null;
}

/**
 * Installs every tool folder that is missing or out of date with `npm ci` (the npm that runs `npm test`, else npm
 * on PATH; 10 minutes at most each).
 *
 * @param log one line per action
 * @returns `problem`: a sentence per folder that could not be installed (the tests that need it then fail with
 *   their own message), or undefined when all are installed. Never throws.
 */
export function ensureToolPackages(log: (line: string) => void): { problem?: string } {
  const problems: string[] = [];
  for (const relative of TOOL_FOLDERS) {
    const folder = path.join(repoRoot, relative);
    const reason = installReason(folder);
    if (!reason) continue;
    const args = ['ci', '--no-audit', '--no-fund', '--include=dev', '--ignore-scripts'];
    log(`[test] ${relative}: ${reason}; npm ${args.join(' ')} ...`);
    const npmCli = process.env.npm_execpath;
    const useNpmCli = Boolean(npmCli && /npm-cli\.js$/.test(npmCli) && existsSync(npmCli));
    const started = Date.now();
    const result = spawnSync(useNpmCli ? process.execPath : 'npm', useNpmCli ? [npmCli as string, ...args] : args, {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 10 * 60_000,
      env: process.env,
    });
    if (result.error || result.status !== 0) {
      problems.push(`${relative} could not be installed (${result.error?.message ?? `npm exit code ${result.status}`})`);
    } else {
      log(`[test] ${relative} installed in ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
  return problems.length ? { problem: problems.join('; ') } : {};
}
