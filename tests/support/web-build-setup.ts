/**
 * Vitest global setup of the integration project (vitest.config.ts): builds the web app when it is missing or older
 * than its sources (bin/web-build.ts), once, in the main vitest process, before any test file runs. The browser
 * tests and the server-render specs each ask for it too (a stat when it is current); left to them, two test files
 * starting in parallel workers both found it stale and built, and the second build replaced the bundles a third file
 * was rendering with (a lazily imported chunk of the old build was gone).
 * @throws Error from the build when it fails; vitest then runs no tests.
 */
import { buildWebIfStale } from '../../bin/web-build';

export default function setup(): void {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
}
