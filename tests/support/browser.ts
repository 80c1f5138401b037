/**
 * Launching the browser tests' Chromium (Debian's `chromium`, through playwright-core; never a browser download).
 * Installing it is not done here: `npm test` (bin/test.ts) or the vitest global setup
 * (platform/testing/os-packages-setup.ts) installs it once before any test file starts, and sets CHROMIUM_PATH.
 */
import { type Browser, chromium } from 'playwright-core';
import { DEBIAN_CHROMIUM_PATH, findChromium } from '../../platform/services/ensure-services.js';

/** Flags for a headless Chromium run as root on a machine without a display or GPU. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * @returns the absolute path of the Chromium to launch: CHROMIUM_PATH, else /usr/bin/chromium.
 * @throws Error when neither exists (or CHROMIUM_PATH is not executable), naming how to install it.
 */
export function chromiumExecutable(): string {
  const found = findChromium();
  if (!found) {
    throw new Error(
      `Chromium is missing (${DEBIAN_CHROMIUM_PATH}): run the tests with npm test (or npx vitest run), whose setup ` +
        'installs Debian\'s chromium before the tests start, or apt-get install chromium, or set CHROMIUM_PATH',
    );
  }
  return found;
}

/**
 * Launches headless Chromium with {@link CHROMIUM_ARGS}.
 * @param executablePath the browser to launch; default {@link chromiumExecutable}().
 * @returns the playwright-core Browser (close it in afterAll).
 * @throws Error when Chromium is missing or fails to start.
 */
export function launchChromium(executablePath: string = chromiumExecutable()): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
