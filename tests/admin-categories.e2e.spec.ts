/**
 * The category tree editor in Debian's Chromium: a staff member signs in, opens /admin/product/categories,
 * creates a top-level category, renames it in English, moves it under another category with the parent picker and
 * the position field (the keyboard way), reaches it with the arrow keys in the tree, and the storefront's category
 * tree shows it under its new parent at the URL of spec 9; the parent picker offers no subcategory of the open one;
 * a delete the api refuses shows its message as a danger message; a drag to the top level and a delete; axe-core finds no serious or critical violation in both themes
 * (screenshots in /tmp/admin-categories-e2e-*.png).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { registerUser } from '../commands/user/user-accounts.js';
import type { CategoryNode } from '../api/contracts/catalog.js';
import { accessibilityCheck } from './support/axe.js';
import { chromiumExecutable, launchChromium, submitSignInForm } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { serveStorefront } from './support/storefront-server.js';
import { patience } from './support/patience.js';

const expectAccessibleInBothThemes = accessibilityCheck('admin-categories-e2e');

const repoRoot = path.resolve(__dirname, '..');
const STAFF = { username: 'kati.kategooria', password: 'Puu-Oks-Leht-2026' };

let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('admin_categories_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  const now = new Date().toISOString();
  h.clock.now = now;
  await registerUser(h.store, { ...STAFF, confirm: STAFF.password, roles: ['CLIENT'] }, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now }, { usernameTaken: async () => false });
  await h.settle();
  ({ app, base } = await serveStorefront(h, { api: { now: () => new Date().toISOString() } }));
  browser = await launchChromium(executablePath);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

const eventually = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: patience(15_000), interval: 50 });
const tree = () => page.getByRole('tree');
const treeItem = (name: string) => tree().getByRole('treeitem', { name: new RegExp(`^${name}\\b`) });
const heading = () => page.locator('#category-title');

/** The storefront's tree as GET /v1/categories answers it. */
async function storefrontTree(): Promise<CategoryNode[]> {
  const res = await fetch(`${base}/v1/categories`);
  return ((await res.json()) as { data: CategoryNode[] }).data;
}
const findByName = (nodes: CategoryNode[], et: string): CategoryNode | undefined => {
  for (const n of nodes) {
    if (n.name.et === et) return n;
    const inner = findByName(n.children, et);
    if (inner) return inner;
  }
  return undefined;
};

describe('the category tree editor', () => {
  it('creates, renames and moves a category by the parent picker; the storefront tree follows', async () => {
    await page.goto(`${base}/login?next=${encodeURIComponent('/admin/product/categories')}`);
    await submitSignInForm(page, STAFF);
    await eventually(() => page.locator('h1').innerText()).toBe('Kategooriad');

    // Two top-level categories: the parent-to-be, and the one that moves.
    for (const [et, en] of [
      ['Jahutus', 'Cooling'],
      ['Radiaatorid', 'Radiators'],
    ]) {
      await page.getByRole('button', { name: 'Lisa kategooria', exact: true }).click();
      await page.getByLabel('Nimi eesti keeles').fill(et);
      await page.getByLabel('Nimi inglise keeles').fill(en);
      await page.getByRole('button', { name: 'Loo', exact: true }).click();
      await eventually(() => heading().innerText()).toBe(et);
    }
    await eventually(() => treeItem('Radiaatorid').getAttribute('aria-selected')).toBe('true');

    // Rename in English.
    await page.getByLabel('Nimi inglise keeles').fill('Radiators and coolers');
    await page.getByRole('button', { name: 'Salvesta nimi' }).click();
    await eventually(async () => (await storefrontTree()).find((n) => n.name.et === 'Radiaatorid')?.name.en).toBe('Radiators and coolers');

    // Move under Jahutus with the parent picker and the position (keyboard users' way).
    await page.getByLabel('Ülemkategooria').selectOption({ label: 'Jahutus' });
    await page.getByLabel('Järjekoht').fill('1');
    await page.getByRole('button', { name: 'Teisalda' }).click();
    await eventually(() => page.locator('.staff-breadcrumb').last().innerText()).toBe('Jahutus › Radiaatorid');
    await eventually(() => treeItem('Jahutus').getAttribute('aria-expanded')).toBe('true');
    await eventually(() => treeItem('Radiaatorid').getAttribute('aria-level')).toBe('2');

    // The storefront's tree: under Jahutus, with the URL of spec 9; its page shows it as the current category.
    await eventually(async () => {
      const node = findByName(await storefrontTree(), 'Jahutus')?.children.find((c) => c.name.et === 'Radiaatorid');
      return node ? [node.parent_id !== null, node.url] : null;
    }).toEqual([true, { et: '/et/jahutus/radiaatorid', en: '/en/cooling/radiators-and-coolers' }]);
    const shop = await browser.newPage();
    try {
      await shop.goto(`${base}/et/jahutus/radiaatorid`);
      const current = shop.locator('nav.category-tree a[aria-current="page"] .category-tree__name');
      await expect.poll(() => current.innerText(), { timeout: patience(15_000), interval: 50 }).toBe('Radiaatorid');
      expect(await shop.locator('nav.category-tree').innerText()).toMatch(/Jahutus[\s\S]*Radiaatorid/);
    } finally {
      await shop.close();
    }

    // The keyboard: from Jahutus, ArrowDown reaches Radiaatorid, Enter opens it.
    await treeItem('Jahutus').focus();
    await page.keyboard.press('ArrowDown');
    await eventually(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Radiaatorid/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await eventually(() => heading().innerText()).toBe('Jahutus');

    // Jahutus cannot go under its own subcategory: the picker does not offer it (the api refuses it too).
    expect(await page.getByLabel('Ülemkategooria').locator('option', { hasText: 'Radiaatorid' }).count()).toBe(0); // the picker does not offer it
    await expectAccessibleInBothThemes(page, 'tree');

    // The audit timeline of the open category names the staff member.
    await treeItem('Radiaatorid').click();
    await eventually(() => page.getByRole('region', { name: 'Ajalugu' }).locator('.history__row').first().locator('.history__who').innerText()).toBe(STAFF.username);
  });

  it('lists the api errors as danger messages (a delete refused while a subcategory remains)', async () => {
    await page.goto(`${base}/admin/product/categories`);
    await treeItem('Jahutus').click();
    await eventually(() => heading().innerText()).toBe('Jahutus');
    await page.getByRole('button', { name: 'Kustuta' }).click(); // the confirmation is accepted
    await eventually(() => page.locator('.category-editor__panel .staff-alert').innerText()).toBe('Kategoorial on alamkategooriad. Viige need enne kustutamist mujale või kustutage need.');
    expect(findByName(await storefrontTree(), 'Jahutus')).toBeDefined();

    // Drag Radiaatorid to the top level; then Jahutus has no subcategory and is deleted.
    await treeItem('Radiaatorid').dragTo(page.locator('.category-editor__root-drop'));
    await eventually(() => treeItem('Radiaatorid').getAttribute('aria-level')).toBe('1');
    await eventually(async () => findByName(await storefrontTree(), 'Radiaatorid')?.parent_id).toBeNull();
    await treeItem('Jahutus').click();
    await eventually(() => heading().innerText()).toBe('Jahutus');
    await page.getByRole('button', { name: 'Kustuta' }).click();
    await eventually(() => tree().getByRole('treeitem', { name: /^Jahutus\b/ }).count()).toBe(0);
    await eventually(async () => findByName(await storefrontTree(), 'Jahutus')).toBeUndefined();
  });
});
