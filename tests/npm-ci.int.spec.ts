/**
 * The committed dependency set installs with `npm ci` the way bin/bootstrap.mjs runs it on a clean clone:
 * package.json, package-lock.json and .npmrc copied into an empty directory, `npm ci --dry-run --ignore-scripts`
 * there exits 0 with no engine complaint (the lock is in step with package.json and holds every package it needs).
 * And `.npmrc`'s engine-strict=true turns a dependency whose `engines` excludes this Node into a failed install
 * (notsup), for a locked package and for a newer sanitize-html (2.17.6+ require node >=22.12; README "Dependencies
 * pinned for Node 20"). Each npm run takes about a second; the sanitize-html check asks the registry.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(__dirname, '..');
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An empty directory holding only the three files a clean clone's `npm ci` reads. */
function cleanCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'npm-ci-'));
  dirs.push(dir);
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  return dir;
}

/**
 * Runs npm (the one running `npm test` when known, else npm on PATH) in `dir` with `--prefix dir`.
 * @returns exit code and stdout + stderr together.
 */
function npm(dir: string, args: string[]): { status: number | null; output: string } {
  const npmCli = process.env.npm_execpath;
  const viaCli = npmCli && /npm-cli\.js$/.test(npmCli) && existsSync(npmCli);
  const command = viaCli ? process.execPath : 'npm';
  const result = spawnSync(command, [...(viaCli ? [npmCli] : []), ...args, '--prefix', dir, '--no-audit', '--no-fund'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: patience(120_000),
    env: { ...process.env, npm_config_engine_strict: undefined, npm_config_dry_run: undefined },
  });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

const [major, minor] = process.versions.node.split('.').map(Number);
const belowNode2212 = major < 22 || (major === 22 && minor < 12);

describe('npm ci from the committed lock', () => {
  it('accepts package-lock.json in a clean clone with engine-strict (exit 0, no EBADENGINE)', () => {
    const dir = cleanCopy();
    expect(readFileSync(path.join(dir, '.npmrc'), 'utf8')).toMatch(/^engine-strict\s*=\s*true\s*$/m);
    const { status, output } = npm(dir, ['ci', '--dry-run', '--ignore-scripts', '--include=dev']);
    expect(output).not.toMatch(/EBADENGINE|notsup|EUSAGE|out of sync|missing from lock/i);
    expect(status, output.slice(-2_000)).toBe(0);
    expect(output).toMatch(/added \d+ packages/);
    expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
  });

  it('fails under engine-strict when a locked package does not support this Node', () => {
    const dir = cleanCopy();
    const lockFile = path.join(dir, 'package-lock.json');
    const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
    expect(lock.packages['node_modules/sanitize-html']?.version).toBe('2.17.5');
    lock.packages['node_modules/sanitize-html'].engines = { node: `>=${major + 1}` };
    writeFileSync(lockFile, JSON.stringify(lock, null, 2));
    const { status, output } = npm(dir, ['ci', '--dry-run', '--ignore-scripts', '--include=dev']);
    expect(status).not.toBe(0);
    expect(output).toMatch(/notsup|EBADENGINE/);
  });

  it.skipIf(!belowNode2212)('refuses sanitize-html 2.18.1 (node >=22.12) on this Node: engine-strict, notsup', () => {
    const dir = cleanCopy();
    const { status, output } = npm(dir, ['install', '--dry-run', '--ignore-scripts', 'sanitize-html@2.18.1']);
    expect(status).not.toBe(0);
    expect(output).toMatch(/notsup/);
    expect(output).toMatch(/sanitize-html@2\.18\.1/);
  });
});
