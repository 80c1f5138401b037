/**
 * Vitest configuration for the whole repository (`npm test`, `npx vitest run`).
 *
 * Projects
 * - `unit`: every `*.spec.ts` except integration / end-to-end specs; needs no services
 *   (`npm run test:unit`); its global setup installs Debian's fonts-dejavu-core for the PDF tests when missing.
 * - `integration`: `*.int.spec.ts` and `*.e2e.spec.ts`; the global setup brings up PostgreSQL and
 *   Redis first (unless `npm test` already did) and installs Debian's chromium for the browser tests when missing
 *   (unless `npm test` already did), and each file creates its own database through platform/testing/database.ts.
 * Waits and limits are scaled by TEST_PATIENCE (tests/support/patience.ts).
 * Global setups run in the main vitest process, one after the other, before any test file starts: nothing is
 * installed from inside the (parallel) test files.
 */
import { defineConfig } from 'vitest/config';
import { PATIENCE, patience } from './tests/support/patience.js';

const exclude = ['**/node_modules/**', 'web/dist/**', '.data/**', '**/dist/**', '.tmp/**'];
const integration = ['**/*.int.spec.ts', '**/*.e2e.spec.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // The reference machine has 2 cores; every worker may also hold database connections.
    maxWorkers: 2,
    // Limits, not durations: a passing test ends when what it waits for is there. Scaled for a loaded machine
    // (tests/support/patience.ts: CI shares 2 cores with other work).
    testTimeout: patience(60_000),
    hookTimeout: patience(120_000),
    // expect.poll waits 1 s by default: too little for a projection to catch up on a loaded machine.
    expect: { poll: { timeout: patience(5_000), interval: 50 } },
    // A write's answer waits for its read model (api/plugins/read-model-wait.ts): as long again as the tests' waits.
    env: { READ_MODEL_WAIT_SCALE: String(PATIENCE) },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.spec.ts'],
          exclude: [...exclude, ...integration],
          globalSetup: ['platform/testing/os-packages-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integration,
          exclude,
          globalSetup: ['platform/testing/global-setup.ts', 'platform/testing/os-packages-setup.ts', 'tests/support/web-build-setup.ts'],
        },
      },
    ],
  },
});
