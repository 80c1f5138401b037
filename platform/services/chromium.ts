/**
 * Chromium for the browser tests and the storefront benchmark: `findChromium` looks without installing,
 * `ensureChromium` installs Debian's chromium package when it is missing (never a browser download by Playwright).
 */
import { aptInstall } from './apt.js';
import { isExecutable, type Log } from './process-runner.js';

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Finds the Chromium for browser tests without installing anything: `CHROMIUM_PATH` when set, else
 * `/usr/bin/chromium` (Debian's `chromium` package).
 * @returns the absolute path of the executable, or null when CHROMIUM_PATH is unset and /usr/bin/chromium is absent.
 * @throws Error when CHROMIUM_PATH is set but is not an executable file.
 */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file`);
    return fromEnv;
  }
  return isExecutable(DEBIAN_CHROMIUM_PATH) ? DEBIAN_CHROMIUM_PATH : null;
}

/**
 * Makes sure a Chromium binary exists for browser tests: `CHROMIUM_PATH` when set and executable;
 * else `/usr/bin/chromium`; else installs Debian's `chromium` package with apt-get (never a
 * browser download from the internet by Playwright). Call it from one process before the browser tests start
 * (bin/test.ts, platform/testing/os-packages-setup.ts, a benchmark), not from parallel test files.
 *
 * @returns the absolute path of the Chromium executable.
 * @throws Error when CHROMIUM_PATH points to a missing file, or when Chromium is absent and cannot
 *   be installed (not root, no apt-get, apt-get failure).
 */
export async function ensureChromium(log: Log): Promise<string> {
  const found = findChromium();
  if (found) return found;
  log("[setup] Chromium is not installed; installing Debian's chromium package ...");
  await aptInstall(['chromium'], log);
  if (!isExecutable(DEBIAN_CHROMIUM_PATH)) {
    throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM_PATH} is still missing`);
  }
  log(`[setup] Chromium ready at ${DEBIAN_CHROMIUM_PATH}`);
  return DEBIAN_CHROMIUM_PATH;
}
