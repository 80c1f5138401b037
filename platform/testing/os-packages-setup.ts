/**
 * Vitest global setup of both projects (runs once per project in the main vitest process, one after the other,
 * before any test file starts): installs the Debian packages the tests need (platform/testing/os-packages.ts:
 * Chromium for the integration project's browser tests, DejaVu fonts for the PDF tests) when a bare
 * `npx vitest run` is used. Under `npm test`, bin/test.ts has already done it and set TEST_OS_PACKAGES_CHECKED, so
 * this does nothing. Worker processes inherit CHROMIUM_PATH from here.
 *
 * @throws Error only when CHROMIUM_PATH is set to something that is not an executable file; a package that cannot
 *   be installed is reported and fails only the tests that need it.
 */
import type { TestProject } from 'vitest/node';
import { ensureTestPackages, OS_PACKAGES_CHECKED_ENV } from './os-packages.js';

const log = (line: string) => process.stderr.write(`${line}\n`);

export default async function setup(project: TestProject): Promise<void> {
  const browser = project.name === 'integration';
  const checked = process.env[OS_PACKAGES_CHECKED_ENV];
  if (checked === 'browser' || (checked === 'fonts' && !browser)) return;
  await ensureTestPackages(log, { browser });
}
