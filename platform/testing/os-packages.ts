/**
 * The Debian packages the tests need besides PostgreSQL and Redis, installed ONCE before any test file starts, by
 * one process: bin/test.ts (`npm test`) and, for a bare `npx vitest run`, the global setup
 * platform/testing/os-packages-setup.ts. Test files never install anything: browser tests only launch the Chromium
 * found here (tests/support/browser.ts).
 *
 * - `chromium` (Debian's package, /usr/bin/chromium; never a browser download) for the browser tests
 *   (`*.e2e.spec.ts`), unless CHROMIUM_PATH names a browser;
 * - `fonts-dejavu-core` for the order PDF tests (DejaVu Sans embedded; platform/documents/fonts.ts).
 *
 * Everything else the tests use is Node itself (certificates by the `selfsigned` package, no openssl CLI).
 */
import { findDocumentFonts } from '../documents/fonts.js';
import { aptInstall, DEBIAN_CHROMIUM_PATH, findChromium, type Log } from '../services/ensure-services.js';

/**
 * Environment variable set once the packages were checked in this run ("browser": Chromium and fonts, "fonts": fonts
 * only), so a later global setup (inheriting the environment) does not check again.
 */
export const OS_PACKAGES_CHECKED_ENV = 'TEST_OS_PACKAGES_CHECKED';

export interface TestPackagesOptions {
  /** Also make sure Chromium is there (the integration project, which holds the browser tests). */
  browser: boolean;
}

export interface TestPackagesResult {
  /** The browser tests' Chromium (also written to process.env.CHROMIUM_PATH), or null when missing. */
  chromiumPath: string | null;
  /** Whether DejaVu Sans is installed for the PDF tests. */
  fonts: boolean;
  /** Why something is still missing (install impossible or failed), or null when nothing is. */
  problem: string | null;
}

/**
 * Installs what is missing of `chromium` (when `options.browser`) and `fonts-dejavu-core` with one serialised
 * `apt-get install` (platform/services/ensure-services.ts aptInstall: `apt-get update` only when needed,
 * non-interactive). Never throws for a package that cannot be installed (not root, no apt-get, apt failure): it
 * logs why and returns it in `problem`, so the tests needing it fail with that message while the others run.
 * @returns where Chromium is, whether the fonts are there, and what is still missing.
 * @throws Error only when CHROMIUM_PATH is set to something that is not an executable file.
 */
export async function ensureTestPackages(log: Log, options: TestPackagesOptions): Promise<TestPackagesResult> {
  const wanted: string[] = [];
  let chromiumPath = options.browser ? findChromium() : null;
  if (options.browser && !chromiumPath) wanted.push('chromium');
  if (!findDocumentFonts()) wanted.push('fonts-dejavu-core');

  let problem: string | null = null;
  if (wanted.length > 0) {
    log(`[setup] the tests need Debian's ${wanted.join(' and ')}; installing before any test starts ...`);
    const started = Date.now();
    try {
      await aptInstall(wanted, log);
      log(`[setup] installed ${wanted.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`);
    } catch (error) {
      problem = `could not install ${wanted.join(', ')}: ${(error as Error).message}`;
      log(`[setup] ${problem}`);
    }
    if (options.browser) chromiumPath = findChromium();
  }
  if (options.browser && !chromiumPath) problem ??= `${DEBIAN_CHROMIUM_PATH} is missing after installing chromium`;
  if (chromiumPath) process.env.CHROMIUM_PATH = chromiumPath;
  const fonts = findDocumentFonts() !== null;
  if (!fonts) problem ??= 'DejaVu Sans is missing after installing fonts-dejavu-core';
  if (options.browser || process.env[OS_PACKAGES_CHECKED_ENV] !== 'browser') {
    process.env[OS_PACKAGES_CHECKED_ENV] = options.browser ? 'browser' : 'fonts';
  }
  return { chromiumPath, fonts, problem };
}
