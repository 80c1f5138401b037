/**
 * Sign-in latency under concurrency (`npm run bench:login`): `CONCURRENT` (default 20) staff users sign in
 * at once over real HTTP (POST /v1/login-session: argon2id verification m=19456 KiB, t=2, the session written to
 * Redis, UserSignedIn appended), `ROUNDS` times (default 10). Prints p50/p95/max in milliseconds of one sign-in
 * and the sign-ins per second. Figures only; it never fails on time.
 */
import { performance } from 'node:perf_hooks';
import { fmt, percentile, printTable } from './support.js';
import { startStaffBench } from './staff-setup.js';

const CONCURRENT = Number(process.env.CONCURRENT ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 10);

async function main() {
  const users = Array.from({ length: CONCURRENT }, (_, i) => `bench-user-${i}`);
  const bench = await startStaffBench('login', users);
  try {
    const times: number[] = [];
    await Promise.all(users.map((u) => bench.signIn(u))); // warm-up
    const t0 = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        users.map(async (u) => {
          const t = performance.now();
          await bench.signIn(u);
          times.push(performance.now() - t);
        }),
      );
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(`\n${CONCURRENT} concurrent sign-ins x ${ROUNDS} rounds (each: CSRF token + POST /v1/login-session), ms:`);
    printTable([{ 'sign-ins': times.length, p50: fmt(percentile(times, 50)), p95: fmt(percentile(times, 95)), max: fmt(Math.max(...times)), 'per s': fmt(times.length / seconds) }]);
  } finally {
    await bench.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
