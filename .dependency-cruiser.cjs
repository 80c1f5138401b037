/**
 * Import rules of the design brief (../shared/design/ARCHITECTURE.md "Folders"),
 * checked by dependency-cruiser in `npm test` (tests/architecture.unit.spec.ts).
 *
 * | folder       | may import                                                       |
 * |--------------|------------------------------------------------------------------|
 * | domain/      | domain/ and zod (nothing else: no node:, no npm package)         |
 * | commands/    | domain/, platform/ (and its own folder)                          |
 * | projections/ | domain/, platform/                                               |
 * | analytics/   | domain/, platform/, projections/ (the read-model mechanism)      |
 * | workers/     | domain/, commands/, platform/                                    |
 * | api/         | commands/, projections/, analytics/ (queries), platform/, domain/ (pure rules and types) |
 * | web/         | its own code, api/contracts (zod contracts), domain/ (pure rules); no feature imports another; |
 * |              | react-i18next only in the i18n set-up (components use lib/translation.tsx)            |
 * | platform/    | none of domain, commands, projections, api, workers, web, bin    |
 * | tests/, bench/, bin/, data/ | anything                                          |
 *
 * Across every folder: no import cycle (`no-circular`), type-only imports included.
 *
 * Spec files (`*.spec.ts`) may import test support from anywhere, so they are not the `from` side of any rule.
 *
 * How it runs: the installed TypeScript is 7 (the native compiler, no JavaScript API), which dependency-cruiser 17
 * cannot use, so tests/support/import-graph.ts writes a mirror of the sources as JavaScript (esbuild, the same
 * transform tsx runs the code with) and cruises that. A type-only import (`import type`, or names used only as
 * types, which esbuild drops) is written into the mirror as a call `typeOnly('specifier')`, seen here through
 * `exoticRequireStrings` as dependency type `exotic-require`, so type-only imports count like any other (a rule
 * may exempt them with `dependencyTypesNot: ['exotic-require']`). Paths in the rules are the mirror's, which keeps
 * the source layout.
 *
 * Departure from the brief's table (docs/architecture.md "Departures"): api/ and web/ may call domain/'s pure rules
 * (checkout fields, delivery providers, VAT, site menu rules), so the server, the form and the api apply one rule.
 */
const SPEC = '\\.spec\\.[cm]?[jt]sx?$';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'domain-is-pure',
    comment: 'domain/ imports only domain/ and zod: no I/O, no clock, no framework (design brief "Folders").',
    severity: 'error',
    from: { path: '^domain/', pathNot: SPEC },
    to: { pathNot: ['^domain/', '^node_modules/zod/'] },
  },
  {
    name: 'platform-imports-no-layer',
    comment: 'platform/ holds mechanisms only; it imports none of domain, commands, projections, api, workers, web, bin.',
    severity: 'error',
    from: { path: '^platform/', pathNot: SPEC },
    to: { path: '^(domain|commands|projections|analytics|api|workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'commands-import-domain-platform',
    comment: 'commands/ import domain/ and platform/ only.',
    severity: 'error',
    from: { path: '^commands/', pathNot: SPEC },
    to: { path: '^(projections|analytics|api|workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'projections-import-domain-platform',
    comment: 'projections/ import domain/ (event types) and platform/ only; never api/.',
    severity: 'error',
    from: { path: '^projections/', pathNot: SPEC },
    to: { path: '^(commands|analytics|api|workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'analytics-import-domain-platform-projections',
    comment: 'analytics/ (analyses: pure mappings run as read models) import domain/, platform/ and projections/ (the read-model mechanism) only.',
    severity: 'error',
    from: { path: '^analytics/', pathNot: SPEC },
    to: { path: '^(commands|api|workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'workers-import-domain-commands-platform',
    comment: 'workers/ import domain/, commands/ and platform/ only (read models reach them as functions passed in).',
    severity: 'error',
    from: { path: '^workers/', pathNot: SPEC },
    to: { path: '^(projections|analytics|api|web|bin|tests|bench|data)/' },
  },
  {
    name: 'api-imports-commands-projections-platform',
    comment: 'api/ imports commands/, projections/ (queries) and platform/.',
    severity: 'error',
    from: { path: '^api/', pathNot: SPEC },
    to: { path: '^(workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'web-imports-contracts-and-domain-rules-only',
    comment:
      'web/ imports its own code, the zod contracts in api/contracts, and the pure rules of domain/ (checkout fields, ' +
      'delivery, VAT), so the form and the server apply one rule, never a copy; nothing with I/O.',
    severity: 'error',
    from: { path: '^web/', pathNot: SPEC },
    to: { path: '^(domain|commands|projections|analytics|api|workers|platform|bin|tests|bench|data)/', pathNot: ['^api/contracts/', '^domain/'] },
  },
  {
    name: 'no-circular',
    comment:
      'No module reaches itself through its imports, type-only ones included: a cycle means two modules are one ' +
      'concern split in two (or a registry that imports what it registers), and it decides import order at run time. ' +
      'Types point one way (domain/<aggregate>/events.ts imports the aggregate, the aggregate never the events); ' +
      'plugins and routes are registered from above (api/app.ts, api/routes/staff.ts), never imported back.',
    severity: 'error',
    from: { pathNot: SPEC },
    to: { circular: true },
  },
  {
    name: 'web-features-are-independent',
    comment: 'No web feature imports another feature (conventions 8, bulletproof-react).',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/', pathNot: SPEC },
    to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
  },
  {
    name: 'web-texts-through-lib-translation',
    comment:
      "web/ takes its texts from lib/translation.tsx's useTranslation: one language subscription for the app and one " +
      "shared t per language and namespace (docs/architecture.md \"Server rendering: compression and hydration\"); " +
      "react-i18next's own hook copies the i18next instance into every component that calls it. Only the i18n " +
      'set-up (lib/translation.tsx, lib/i18n.ts, entry-server.tsx) imports react-i18next.',
    severity: 'error',
    from: { path: '^web/src/', pathNot: [SPEC, '^web/src/lib/(translation|i18n)\\.js$', '^web/src/entry-server\\.js$'] },
    to: { path: '(^|/)node_modules/react-i18next/' },
  },
];

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/dist/', '^web/dist-server/', '^\\.data/'] },
    exoticRequireStrings: ['typeOnly'],
    moduleSystems: ['es6', 'cjs'],
  },
};
