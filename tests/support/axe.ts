/**
 * Accessibility check for browser tests: injects axe-core (the npm package) into the page and returns the
 * violations of impact serious or critical (the storefront's accessibility bar), each as "rule-id: help (n nodes: selectors)";
 * `accessibilityCheck` runs it on a staff screen in both themes.
 * The source is evaluated through the DevTools protocol (page.evaluate), not added as an inline <script>, so the
 * shop's Content-Security-Policy (script-src without 'unsafe-inline') does not block it.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { patience } from './patience.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The staff screens' accessibility check in both themes, for one spec file: `accessibilityCheck('admin-orders-e2e')`
 * returns `(page, name) => Promise<void>`, which waits for a loading spinner to go, then for dark and light in turn
 * switches the theme with the header's theme button (or, on a screen without one such as sign-in, sets `data-theme`
 * as lib/theme.ts applyTheme does), saves a full-page screenshot `/tmp/{shotPrefix}-{name}-{theme}.png` and expects no
 * serious or critical axe violation. Fails through vitest's expect (the theme not applied within the test patience,
 * or the violations listed).
 */
export function accessibilityCheck(shotPrefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    await page.locator('.spinner').waitFor({ state: 'detached' }).catch(() => {});
    for (const theme of ['dark', 'light'] as const) {
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
        const toggle = page.getByRole('button', { name: /theme|teema/i });
        if (await toggle.count()) await toggle.first().click();
        else await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        await expect.poll(() => page.locator('html').getAttribute('data-theme'), { timeout: patience(15_000), interval: 50 }).toBe(theme);
      }
      await page.screenshot({ path: `/tmp/${shotPrefix}-${name}-${theme}.png`, fullPage: true });
      expect(await seriousAxeViolations(page), `${name} (${theme})`).toEqual([]);
    }
  };
}
