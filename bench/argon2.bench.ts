/**
 * argon2id hash time on this machine (`npm run bench:argon2`): the median, min and max of `HASHES` (default 20)
 * sequential `hashPassword` calls (platform/security/passwords.ts: m = 19456 KiB, t = 2, p = 1, OWASP's first
 * choice) and of as many `verifyPassword` calls, in milliseconds, after 2 warm-up hashes. A sign-in costs one
 * verification of one core; the figure says how many sign-ins per second and core the api can take.
 * A figure, never a pass/fail test.
 */
import { performance } from 'node:perf_hooks';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../platform/security/passwords.js';
import { fmt, median } from './support.js';

const HASHES = Number(process.env.HASHES ?? 20);

async function main(): Promise<void> {
  for (let i = 0; i < 2; i++) await hashPassword(`warm-up-${i}`);
  const hashTimes: number[] = [];
  const hashes: string[] = [];
  for (let i = 0; i < HASHES; i++) {
    const t0 = performance.now();
    hashes.push(await hashPassword(`bench-password-${i}`));
    hashTimes.push(performance.now() - t0);
  }
  const verifyTimes: number[] = [];
  for (let i = 0; i < HASHES; i++) {
    const t0 = performance.now();
    if (!(await verifyPassword(hashes[i], `bench-password-${i}`))) throw new Error('verification failed');
    verifyTimes.push(performance.now() - t0);
  }
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  process.stdout.write(`argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}; ${HASHES} sequential calls each\n`);
  process.stdout.write(`hash:   median ${fmt(median(hashTimes))} ms (min ${fmt(Math.min(...hashTimes))}, max ${fmt(Math.max(...hashTimes))})\n`);
  process.stdout.write(`verify: median ${fmt(median(verifyTimes))} ms (min ${fmt(Math.min(...verifyTimes))}, max ${fmt(Math.max(...verifyTimes))})\n`);
}

main().catch((error) => {
  process.stderr.write(`bench:argon2 failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
