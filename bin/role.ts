/**
 * One role per process, for production (`npm run api`, `npm run projector`, `npm run worker`). Needs DATABASE_URL
 * and REDIS_URL, and PUBLIC_URL for the api and worker (see README.md); starts no servers and imports nothing. The
 * sandbox bank is off here unless PAYMENT_SANDBOX=on (with a warning when HOST is beyond loopback). Exits 1 with the variable's name when a setting is missing.
 * The api role creates the first administrator when no user exists (spec 6 "Roles"; ADMIN_USERNAME / ADMIN_PASSWORD, else
 * user `admin` with a generated password printed once; several replicas starting at once create one).
 * With API_PROCESSES=N (> 1) the api role is N processes on one port (Node's cluster: this process forks them, hands
 * each connection to one in turn, and starts another when one dies); each is a replica as on several machines.
 */
import cluster from 'node:cluster';
import { ensureFirstAdministrator } from '../commands/user/ensure-first-administrator.js';
import { assertRoleConfig, ConfigError, loadConfig, sandboxExposureWarning } from '../platform/config.js';
import { openRuntime, startApi, startProjectors, startWorker } from './runtime.js';

const role = process.argv[2];
const log = (line: string) => process.stdout.write(`[${role}] ${line}\n`);

async function main(): Promise<void> {
  if (!['api', 'projector', 'worker'].includes(role)) throw new Error('usage: role.ts api|projector|worker');
  // Refused before anything connects: a role run alone is a deployment (platform/config.ts, run mode production).
  const config = loadConfig(process.env, 'production');
  assertRoleConfig(config, role);
  if (role === 'api' && config.apiProcesses > 1 && cluster.isPrimary) return superviseApiProcesses(config.apiProcesses);
  // PAYMENT_SANDBOX=on on an interface beyond loopback: said plainly before anything starts.
  const exposed = role === 'api' ? sandboxExposureWarning(config) : null;
  if (exposed) log(exposed);
  const rt = await openRuntime(config, role);
  if (role === 'api') await ensureFirstAdministrator(rt.store, rt.db, { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD }, log);
  const stop =
    role === 'api' ? await startApi(rt, log) : role === 'projector' ? (await startProjectors(rt, log)).stop : (await startWorker(rt, log)).stop;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    await rt.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/**
 * The primary of API_PROCESSES > 1: forks `count` api processes (this script again, as cluster workers) and keeps that
 * many running; SIGINT/SIGTERM stop them all, then this process. It opens no connection of its own.
 */
function superviseApiProcesses(count: number): void {
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(`api process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  log(`${count} api processes on one port`);
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker?.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      worker?.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  // A configuration error is the operator's to fix: its message alone says what to set.
  const text = error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`[${role}] failed: ${text}\n`);
  process.exit(1);
});
