/**
 * Launching the browser tests' Chromium (Debian's `chromium`, through playwright-core; never a browser download).
 * Installing it is not done here: `npm test` (bin/test.ts) or the vitest global setup
 * (platform/testing/os-packages-setup.ts) installs it once before any test file starts, and sets CHROMIUM_PATH.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { DEBIAN_CHROMIUM_PATH, findChromium } from '../../platform/services/ensure-services.js';
import { patience } from './patience.js';

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
 * After a page load: when the shop rendered the page on the server (its `#ssr-state` script is there) and scripts
 * run, waits until the page's component marked it live (`<html data-page-ready>`, web/src/lib/page-ready.ts).
 * Until then the server's HTML shows but does nothing, as for a shopper on a slow phone: a test that clicked or
 * typed earlier would lose the input to the hydration.
 */
async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('ssr-state') || document.documentElement.hasAttribute('data-page-ready'), undefined, {
    timeout: patience(30_000),
  });
}

/** True when a navigation waits for the load or later (playwright's default is 'load'). */
const toTheLoad = (waitUntil: string | undefined) => waitUntil === undefined || waitUntil === 'load' || waitUntil === 'networkidle';

/**
 * Every page of `context` waits for {@link untilHydrated} after goto and reload, unless scripts are off or the call
 * asks to stop earlier than the load (`waitUntil: 'commit' | 'domcontentloaded'`: a test looking at the HTML before
 * any script runs).
 */
function waitingForHydration(context: BrowserContext, scripts: boolean): BrowserContext {
  // Actions, waits and navigations of every page: playwright's 30 s default, scaled for a loaded machine.
  context.setDefaultTimeout(patience(30_000));
  context.setDefaultNavigationTimeout(patience(30_000));
  if (!scripts) return context;
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      if (toTheLoad(args[1]?.waitUntil)) await untilHydrated(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      if (toTheLoad(args[0]?.waitUntil)) await untilHydrated(page);
      return response;
    };
    return page;
  };
  return context;
}

/**
 * Launches headless Chromium with {@link CHROMIUM_ARGS}. Its contexts' pages wait, after `goto` and `reload`, until a
 * server-rendered page is hydrated ({@link untilHydrated}).
 * @param executablePath the browser to launch; default {@link chromiumExecutable}().
 * @returns the playwright-core Browser (close it in afterAll).
 * @throws Error when Chromium is missing or fails to start.
 */
export async function launchChromium(executablePath: string = chromiumExecutable()): Promise<Browser> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: Parameters<Browser['newContext']>[0]) =>
    waitingForHydration(await newContext(options), options?.javaScriptEnabled !== false);
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options?: Parameters<Browser['newPage']>[0]) => {
    const context = waitingForHydration(await newContext(options), options?.javaScriptEnabled !== false);
    const page = await context.newPage();
    // browser.newPage's page owns its context: closing the page closes the context, as playwright does.
    page.on('close', () => void context.close().catch(() => {}));
    return page;
  };
  return browser;
}

/**
 * Fills the Estonian sign-in form (/login: "Kasutajanimi", "Parool") with `user`'s name and password and presses
 * "Logi sisse"; the caller waits for where the sign-in leads (the `next` screen, or an error).
 */
export async function submitSignInForm(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Kasutajanimi', { exact: true }).fill(user.username);
  await page.getByLabel('Parool', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Logi sisse' }).click();
}

/**
 * Waits until the page's timers scheduled so far have run: one `setTimeout(0)` turn in the page, which fires after
 * every 0 ms timer set before it. @dnd-kit's KeyboardSensor starts a keyboard drag on Space and adds its arrow-key
 * listener from such a timer, while the drag's first announcement may render before that timer has run: an arrow
 * key pressed as soon as the announcement shows can reach no listener (a person is never that fast; a loaded CI
 * machine is). Call this after the pick-up announcement, before the first arrow key.
 */
export async function pageTimersRun(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
