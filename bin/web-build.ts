/**
 * Builds the storefront with Vite when it is missing or older than its sources (web/ and the shared api/contracts):
 * the browser's bundles (web/dist) and the server render's bundle (web/dist-server/entry-server.js, `vite build
 * --ssr`, loaded by api/ssr/storefront-renderer.ts). Used by `npm start`, the browser tests and the storefront
 * benches, so none of them serves a stale bundle. @throws Error when a build fails.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time (ms) of the files under `dir`, skipping dist and node_modules. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'dist-server' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** @returns true when it built, false when web/dist and web/dist-server were current. */
export function buildWebIfStale(log: (line: string) => void): boolean {
  const outputs = [path.join(repoRoot, 'web', 'dist', 'index.html'), path.join(repoRoot, 'web', 'dist-server', 'entry-server.js')];
  let built = Number.POSITIVE_INFINITY;
  for (const output of outputs) {
    try {
      built = Math.min(built, statSync(output).mtimeMs);
    } catch {
      built = 0;
    }
  }
  const sources = Math.max(newestMtime(path.join(repoRoot, 'web')), newestMtime(path.join(repoRoot, 'api', 'contracts')));
  if (built > sources) return false;
  log('building the web app (vite build: browser and server bundles) ...');
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const builds = [[], ['--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server']];
  for (const extra of builds) {
    // Always a production build: under vitest NODE_ENV is 'test', which would make Vite bundle React's development build.
    const r = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', ...extra], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error(`vite build ${extra.join(' ')} failed`);
  }
  return true;
}
