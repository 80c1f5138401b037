/**
 * Debian packages for the service setup: `aptInstall` runs apt-get non-interactively, one at a time in this process
 * and, through a lock file, across this project's processes (npm start and npm test in two shells), with
 * `apt-get update` only when needed. Root only; every step time-limited (20 minutes).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable, isRoot, type Log, run, sleep } from './process-runner.js';

const APT_TIMEOUT_MS = 20 * 60_000;

/** Whether this process has run `apt-get update` (then the lists are fresh enough for the rest of the run). */
let aptUpdated = false;
/** In-process queue: one apt-get at a time, even when callers overlap. */
let aptQueue: Promise<unknown> = Promise.resolve();

const APT_LISTS_DIR = '/var/lib/apt/lists';
/** Cross-process lock of our own installers (apt's own list lock fails at once instead of waiting). */
const APT_LOCK_FILE = path.join(os.tmpdir(), 'baltic-parts-apt-install.lock');

/**
 * Runs `fn` while holding {@link APT_LOCK_FILE} (created exclusively, holding our pid), so two processes of this
 * project (npm start and npm test, two shells) never run apt-get at the same time. A lock whose process is gone is
 * taken over.
 * @throws Error when another live process holds the lock longer than `timeoutMs`; whatever `fn` throws.
 */
async function withAptLock<T>(fn: () => Promise<T>, log: Log, timeoutMs = APT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let reported = false;
  for (;;) {
    try {
      writeFileSync(APT_LOCK_FILE, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(APT_LOCK_FILE, 'utf8').trim());
    } catch {
      continue; // released between our attempt and the read
    }
    if (!Number.isInteger(holder) || holder <= 0 || !processAlive(holder)) {
      rmSync(APT_LOCK_FILE, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `another process (pid ${holder}) has been installing packages for ${Math.round(timeoutMs / 1000)} s ` +
          `(lock ${APT_LOCK_FILE})`,
      );
    }
    if (!reported) {
      log(`[setup] waiting for process ${holder} to finish installing packages ...`);
      reported = true;
    }
    await sleep(1_000);
  }
  try {
    return await fn();
  } finally {
    rmSync(APT_LOCK_FILE, { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * @returns true when apt has no package lists at all (a fresh debootstrap root or a container image whose lists
 *   were deleted: `apt-get update` has never run), so no package can be installed before an update.
 */
export function aptListsEmpty(listsDir = APT_LISTS_DIR): boolean {
  try {
    return !readdirSync(listsDir).some((name) => /_Packages(\.[a-z0-9]+)?$/.test(name));
  } catch {
    return true;
  }
}

/**
 * Parses `apt-cache policy <packages>` output (LC_ALL=C).
 * @returns the packages of `wanted` that have an installation candidate (a `Candidate:` other than `(none)`).
 */
export function packagesWithCandidate(policyOutput: string, wanted: string[]): Set<string> {
  const found = new Set<string>();
  let current: string | null = null;
  for (const line of policyOutput.split('\n')) {
    const header = /^(\S+?)(?::[a-z0-9]+)?:\s*$/.exec(line);
    if (header) {
      current = header[1];
      continue;
    }
    const candidate = /^\s+Candidate:\s*(\S+)/.exec(line);
    if (candidate && current && candidate[1] !== '(none)' && wanted.includes(current)) found.add(current);
  }
  return found;
}

/**
 * Installs Debian packages with apt-get, streaming apt's output through `log`. Serialised: one apt-get at a time
 * in this process and, through a lock file, across this project's processes. Non-interactive
 * (DEBIAN_FRONTEND=noninteractive, stdin closed, existing configuration files kept). `apt-get update` runs only
 * when needed: when the package lists are empty (it never ran), when a wanted package has no installation
 * candidate in the current lists, or when the install fails on stale lists (then the install is retried once);
 * at most once per process.
 * @throws Error when apt-get is missing, we are not root, or apt-get fails / exceeds 20 minutes per step.
 */
export function aptInstall(packages: string[], log: Log): Promise<void> {
  const result = aptQueue.then(() => withAptLock(() => aptInstallNow(packages, log), log));
  aptQueue = result.catch(() => {});
  return result;
}

async function aptInstallNow(packages: string[], log: Log): Promise<void> {
  const aptGet = findExecutable('apt-get');
  if (!aptGet) {
    throw new Error(
      `cannot install ${packages.join(', ')}: apt-get is not available on this machine; install them yourself ` +
        'or point the matching *_URL environment variable at a running server',
    );
  }
  if (!isRoot()) {
    throw new Error(
      `cannot install ${packages.join(', ')}: installing OS packages needs root. Run as root, ` +
        `or install them yourself (sudo apt-get install ${packages.join(' ')}), ` +
        'or point the matching *_URL environment variable at a running server',
    );
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive', NEEDRESTART_MODE: 'a', LC_ALL: 'C' };
  // DPkg::Lock::Timeout waits for dpkg's lock held by someone else (unattended-upgrades); the lists lock of
  // `apt-get update` does not wait, hence our own lock around every call.
  const common = ['-q', '-o', 'DPkg::Lock::Timeout=300', '-o', 'Acquire::Retries=3'];
  const update = async (reason: string) => {
    log(`[setup] apt-get update (${reason}) ...`);
    await run(aptGet, [...common, 'update'], { timeoutMs: APT_TIMEOUT_MS, env, stream: log, prefix: '  apt: ' });
    aptUpdated = true;
  };
  const install = async () => {
    log(`[setup] apt-get install -y ${packages.join(' ')} (this can take a few minutes) ...`);
    await run(
      aptGet,
      [...common, '-y', '-o', 'Dpkg::Options::=--force-confdef', '-o', 'Dpkg::Options::=--force-confold',
        'install', ...packages],
      { timeoutMs: APT_TIMEOUT_MS, env, stream: log, prefix: '  apt: ' },
    );
  };

  if (!aptUpdated) {
    if (aptListsEmpty()) {
      await update(`the package lists in ${APT_LISTS_DIR} are empty: apt-get update has never run on this machine`);
    } else {
      const aptCache = findExecutable('apt-cache');
      let missing: string[] = [];
      if (aptCache) {
        const { stdout } = await run(aptCache, ['policy', ...packages], { timeoutMs: 60_000, env });
        const known = packagesWithCandidate(stdout, packages);
        missing = packages.filter((name) => !known.has(name));
      }
      if (missing.length > 0) await update(`the package lists know no installable ${missing.join(', ')}`);
    }
  }
  try {
    await install();
  } catch (error) {
    if (aptUpdated) throw error;
    // Lists older than the mirror: the .deb files they name are gone (404). Refresh once and retry.
    log(`[setup] apt-get install failed with the current package lists: ${(error as Error).message.split('\n')[0]}`);
    await update('the package lists may be stale');
    await install();
  }
}
