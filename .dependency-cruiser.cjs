/**
 * Import rules of the design brief (../shared/design/ARCHITECTURE.md "Folders"; issue 9 "Import rules as a test"),
 * checked by dependency-cruiser in `npm test` (tests/architecture.unit.spec.ts).
 *
 * | folder       | may import                                                       |
 * |--------------|------------------------------------------------------------------|
 * | domain/      | domain/ and zod (nothing else: no node:, no npm package)         |
 * | commands/    | domain/, platform/ (and its own folder)                          |
 * | projections/ | domain/, platform/                                               |
 * | workers/     | domain/, commands/, platform/                                    |
 * | api/         | commands/, projections/, platform/; domain/ for types (and DomainError) |
 * | web/         | its own code and api/contracts (zod contracts); no feature imports another feature |
 * | platform/    | none of domain, commands, projections, api, workers, web, bin    |
 * | tests/, bench/, bin/, data/ | anything                                          |
 *
 * Spec files (`*.spec.ts`) may import test support from anywhere, so they are not the `from` side of any rule.
 *
 * How it runs: the installed TypeScript is 7 (the native compiler, no JavaScript API), which dependency-cruiser 17
 * cannot use, so tests/support/import-graph.ts writes a mirror of the sources as JavaScript (esbuild, the same
 * transform tsx runs the code with) and cruises that. A type-only import (`import type`, or names used only as
 * types, which esbuild drops) is written into the mirror as a call `typeOnly('specifier')`, seen here through
 * `exoticRequireStrings` as dependency type `exotic-require`; so "domain/ for types only" reads
 * `dependencyTypesNot: ['exotic-require']`. Paths in the rules are the mirror's, which keeps the source layout.
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
    to: { path: '^(domain|commands|projections|api|workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'commands-import-domain-platform',
    comment: 'commands/ import domain/ and platform/ only.',
    severity: 'error',
    from: { path: '^commands/', pathNot: SPEC },
    to: { path: '^(projections|api|workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'projections-import-domain-platform',
    comment: 'projections/ import domain/ (event types) and platform/ only; never api/.',
    severity: 'error',
    from: { path: '^projections/', pathNot: SPEC },
    to: { path: '^(commands|api|workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'workers-import-domain-commands-platform',
    comment: 'workers/ import domain/, commands/ and platform/ only (read models reach them as functions passed in).',
    severity: 'error',
    from: { path: '^workers/', pathNot: SPEC },
    to: { path: '^(projections|api|web|bin|tests|bench|data)/' },
  },
  {
    name: 'api-imports-commands-projections-platform',
    comment: 'api/ imports commands/, projections/ (queries) and platform/.',
    severity: 'error',
    from: { path: '^api/', pathNot: SPEC },
    to: { path: '^(workers|web|bin|tests|bench|data)/' },
  },
  {
    name: 'api-imports-domain-types-only',
    comment:
      'api/ may name domain types; domain behaviour reaches it through commands/ and projections/. The one error ' +
      'shape (domain/shared/errors.ts, conventions 4) is the exception: the error handler maps DomainError by instanceof.',
    severity: 'error',
    from: { path: '^api/', pathNot: SPEC },
    to: { path: '^domain/', pathNot: '^domain/shared/errors\\.js$', dependencyTypesNot: ['exotic-require'] },
  },
  {
    name: 'web-imports-api-contracts-only',
    comment: 'web/ imports its own code and the zod contracts in api/contracts only.',
    severity: 'error',
    from: { path: '^web/', pathNot: SPEC },
    to: { path: '^(domain|commands|projections|api|workers|platform|bin|tests|bench|data)/', pathNot: '^api/contracts/' },
  },
  {
    name: 'web-features-are-independent',
    comment: 'No web feature imports another feature (conventions 8, bulletproof-react).',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/', pathNot: SPEC },
    to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
  },
];

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^web/dist/', '^\\.data/'] },
    exoticRequireStrings: ['typeOnly'],
    moduleSystems: ['es6', 'cjs'],
  },
};
