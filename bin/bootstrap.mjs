#!/usr/bin/env node
/**
 * Entry point of `npm start` and `npm test` (see package.json). Plain JavaScript with no
 * dependencies, because it runs before node_modules exists.
 *
 *   node bin/bootstrap.mjs <start|test> [...args]
 *
 * 1. Installs the npm dependencies exactly as locked (`npm ci --include=dev`) when node_modules is missing or
 *    package-lock.json changed since the last install (newer than node_modules/.package-lock.json). `.npmrc`
 *    has engine-strict=true, so a dependency whose `engines` excludes this Node fails the install instead of
 *    breaking later.
 * 2. Runs `node --import tsx bin/<command>.ts ...args` from the repository root with the
 *    terminal inherited, forwards SIGINT/SIGTERM/SIGHUP to it, and exits with its exit code.
 *    The TypeScript side (platform/services/ensure-services.ts) brings up PostgreSQL and Redis.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from './api-node-flags.mjs';

const COMMANDS = ['start', 'test'];
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function log(line) {
  process.stderr.write(`[setup] ${line}\n`);
}

function fail(message) {
  process.stderr.write(`[setup] error: ${message}\n`);
  process.exit(1);
}

function mtimeMs(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** @returns a reason string when dependencies must be installed, or null when they are up to date. */
function installReason() {
  const nodeModules = path.join(repoRoot, 'node_modules');
  if (!existsSync(nodeModules)) return 'node_modules is missing';
  const lock = mtimeMs(path.join(repoRoot, 'package-lock.json'));
  const installed = mtimeMs(path.join(nodeModules, '.package-lock.json'));
  if (installed === null) return 'node_modules looks incomplete (no node_modules/.package-lock.json)';
  if (lock !== null && lock > installed) return 'package-lock.json changed since the last install';
  // Packages the scripts cannot run without (a half-deleted node_modules).
  for (const pkg of ['tsx', 'vitest', 'pg']) {
    if (!existsSync(path.join(nodeModules, pkg, 'package.json'))) return `node_modules/${pkg} is missing`;
  }
  return null;
}

function installDependencies(reason) {
  // `npm ci`: exactly the committed package-lock.json, never a re-resolution (it removes node_modules first).
  // The lock holds every platform package of its optional native modules (msgpackr-extract is pinned to 3.0.4
  // by an `overrides` entry because the registry lacks 3.0.7's macOS and Windows builds), so npm ci accepts it
  // (checked on Linux x64 and arm64); tests/npm-ci.int.spec.ts proves it on every `npm test`. A package.json out
  // of step with the lock makes npm ci fail: run `npm install` once and commit the lock.
  // --include=dev: the test runner and the web build are devDependencies; NODE_ENV=production
  // would otherwise leave them out.
  const args = ['ci', '--no-audit', '--no-fund', '--include=dev'];
  log(`${reason}; installing dependencies (npm ${args.join(' ')}) ...`);
  // npm_execpath is the npm that runs this script (npm start / npm test); fall back to npm on PATH.
  const npmCli = process.env.npm_execpath;
  const useNpmCli = npmCli && /npm-cli\.js$/.test(npmCli) && existsSync(npmCli);
  const command = useNpmCli ? process.execPath : process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  const result = spawnSync(command, useNpmCli ? [npmCli, ...args] : args, {
    cwd: repoRoot,
    stdio: 'inherit',
    timeout: 30 * 60_000,
    env: process.env,
  });
  if (result.error) {
    fail(`could not run npm: ${result.error.message} (is npm installed next to node?)`);
  }
  if (result.status !== 0) {
    fail(
      `npm ${args[0]} failed (${result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`}); ` +
        'check the network connection / npm registry access and try again (npm ci also fails when package.json and ' +
        'package-lock.json disagree, or, with engine-strict, when a locked package does not support this Node)',
    );
  }
  log(`dependencies installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!COMMANDS.includes(command)) {
    fail(`usage: node bin/bootstrap.mjs <${COMMANDS.join('|')}> [...args]`);
  }
  const [major] = process.versions.node.split('.').map(Number);
  if (major < 20) fail(`Node ${process.versions.node} is too old; Node 20 or newer is required`);

  const reason = installReason();
  if (reason) installDependencies(reason);

  const entry = path.join(repoRoot, 'bin', `${command}.ts`);
  if (!existsSync(entry)) fail(`${path.relative(repoRoot, entry)} does not exist`);

  // cwd = repository root, so `--import tsx` resolves from this repository's node_modules. `npm start` serves the
  // api in this child: it gets the api's Node flags (bin/api-node-flags.mjs).
  const nodeFlags = command === 'start' ? API_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry, ...rest], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: process.env,
  });

  // Ctrl-C in a terminal already reaches the child (same process group); a signal sent to this
  // process alone (kill <pid>, a supervisor, npm) is passed on. We keep running until the child
  // exits so its shutdown is not cut short.
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);

  child.on('error', (error) => fail(`could not start ${path.relative(repoRoot, entry)}: ${error.message}`));
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) {
      // Die the same way, so the shell / CI sees the signal; exit code 128+n if that does not work.
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(128 + (osSignalNumber(signal) ?? 1)), 100).unref();
      return;
    }
    process.exit(code ?? 1);
  });
}

function osSignalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal];
}

main();
