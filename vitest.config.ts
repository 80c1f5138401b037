/**
 * Vitest configuration for the whole repository (`npm test`, `npx vitest run`).
 *
 * Projects
 * - `unit`: every `*.spec.ts` except integration / end-to-end specs; needs no services
 *   (`npm run test:unit`).
 * - `integration`: `*.int.spec.ts` and `*.e2e.spec.ts`; the global setup brings up PostgreSQL and
 *   Redis first (unless `npm test` already did) and each file creates its own database through
 *   platform/testing/database.ts.
 */
import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', 'web/dist/**', '.data/**', '**/dist/**', '.tmp/**'];
const integration = ['**/*.int.spec.ts', '**/*.e2e.spec.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // The reference machine has 2 cores; every worker may also hold database connections.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.spec.ts'],
          exclude: [...exclude, ...integration],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integration,
          exclude,
          globalSetup: ['platform/testing/global-setup.ts'],
        },
      },
    ],
  },
});
