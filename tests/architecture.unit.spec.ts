/**
 * Import rules of the design brief ("Folders" table) and no import cycle, type-only imports included, encoded in
 * `.dependency-cruiser.cjs` and checked over the whole repository on every `npm test`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImportRules } from './support/import-graph.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('import rules', () => {
  it('hold in the repository: zero violations', async () => {
    const violations = await checkImportRules(root);
    for (const v of violations) console.error(`import rule ${v.rule}: ${v.from} -> ${v.to} (${v.kind})`);
    expect(violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 120_000);

  it('catch each kind of forbidden import (a repository with one of each)', async () => {
    // A tiny repository with the real rules: every rule must fire once, allowed imports must not.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'import-rules-'));
    try {
      const files: Record<string, string> = {
        '.dependency-cruiser.cjs': `module.exports = require(${JSON.stringify(path.join(root, '.dependency-cruiser.cjs'))});`,
        'domain/order/order.ts': "import { z } from 'zod';\nimport { rate } from '../../platform/config.js';\nimport { fold } from '../shared/decider.js';\nexport const x = [z, rate, fold];",
        'domain/shared/decider.ts': 'export const fold = 1;',
        'domain/order/order.unit.spec.ts': "import { spec } from '../../tests/support/gwt.js';\nexport const s = spec;",
        'tests/support/gwt.ts': 'export const spec = 1;',
        'platform/config.ts': "import { fold } from '../domain/shared/decider.js';\nexport const rate = fold;",
        'commands/a.ts': "import { q } from '../projections/q.js';\nimport { fold } from '../domain/shared/decider.js';\nexport const a = [q, fold];",
        'projections/q.ts': "import { r } from '../api/r.js';\nexport const q = r;",
        'workers/w.ts': "import { q } from '../projections/q.js';\nimport { a } from '../commands/a.js';\nexport const w = [q, a];",
        'api/r.ts': "import type { Fold } from '../domain/types.js';\nimport { fold } from '../domain/shared/decider.js';\nexport const r: Fold = fold;",
        'api/s.ts': "import { w } from '../workers/w.js';\nexport const s = w;",
        'domain/types.ts': 'export type Fold = number;',
        'web/src/features/cart/x.tsx': "import { y } from '../checkout/y';\nimport { c } from '../../../../api/contracts/c.js';\nimport { p } from '../../../../platform/config.js';\nimport { fold } from '../../../../domain/shared/decider.js';\nexport const x = [y, c, p, fold];",
        'web/src/features/checkout/y.ts': "import { useTranslation } from 'react-i18next';\nexport const y = useTranslation;",
        'web/src/lib/translation.tsx': "import { I18nContext } from 'react-i18next';\nexport const useTranslation = I18nContext;",
        'api/contracts/c.ts': 'export const c = 1;',
        // A cycle of values (a routes module that registers another which imports a helper back) ...
        'api/routes/session.ts': "import { admin } from './admin.js';\nexport const staffContext = 1;\nexport const session = admin;",
        'api/routes/admin.ts': "import { staffContext } from './session.js';\nexport const admin = staffContext;",
        // ... and one of types only (esbuild drops both imports; the rule sees them as type-only).
        'domain/cart/events.ts': "import type { CartEvent } from './cart.js';\nexport type CartLine = number;\nexport const schemas: CartEvent[] = [];",
        'domain/cart/cart.ts': "import type { CartLine } from './events.js';\nexport type CartEvent = { line: CartLine };",
      };
      for (const [file, code] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), code);
      }
      await mkdir(path.join(dir, 'node_modules/zod'), { recursive: true });
      await writeFile(path.join(dir, 'node_modules/zod/package.json'), '{"name":"zod","main":"index.js"}');
      await writeFile(path.join(dir, 'node_modules/zod/index.js'), 'export const z = 1;');
      await mkdir(path.join(dir, 'node_modules/react-i18next'), { recursive: true });
      await writeFile(path.join(dir, 'node_modules/react-i18next/package.json'), '{"name":"react-i18next","main":"index.js"}');
      await writeFile(path.join(dir, 'node_modules/react-i18next/index.js'), 'export const useTranslation = 1;\nexport const I18nContext = 2;');
      const violations = await checkImportRules(dir);
      expect(violations.map((v) => `${v.rule}: ${v.from} -> ${v.to} (${v.kind})`)).toEqual([
        'api-imports-commands-projections-platform: api/s.ts -> workers/w.ts (value)',
        'commands-import-domain-platform: commands/a.ts -> projections/q.ts (value)',
        'domain-is-pure: domain/order/order.ts -> platform/config.ts (value)',
        'no-circular: api/routes/admin.ts -> api/routes/session.ts (value)',
        'no-circular: domain/cart/cart.ts -> domain/cart/events.ts (type-only)',
        'platform-imports-no-layer: platform/config.ts -> domain/shared/decider.ts (value)',
        'projections-import-domain-platform: projections/q.ts -> api/r.ts (value)',
        'web-features-are-independent: web/src/features/cart/x.tsx -> web/src/features/checkout/y.ts (value)',
        'web-imports-contracts-and-domain-rules-only: web/src/features/cart/x.tsx -> platform/config.ts (value)',
        'web-texts-through-lib-translation: web/src/features/checkout/y.ts -> node_modules/react-i18next/index.js (value)',
        'workers-import-domain-commands-platform: workers/w.ts -> projections/q.ts (value)',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
