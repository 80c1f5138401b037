/**
 * One role per process, for production (`npm run api`, `npm run projector`, `npm run worker`). Needs DATABASE_URL
 * and REDIS_URL (see README.md); starts no servers and imports nothing.
 */
import { loadConfig } from '../platform/config.js';
import { openRuntime, startApi, startProjectors, startWorker } from './runtime.js';

const role = process.argv[2];
const log = (line: string) => process.stdout.write(`[${role}] ${line}\n`);

async function main(): Promise<void> {
  if (!['api', 'projector', 'worker'].includes(role)) throw new Error('usage: role.ts api|projector|worker');
  const rt = await openRuntime(loadConfig(), role);
  const stop =
    role === 'api' ? await startApi(rt, log) : role === 'projector' ? (await startProjectors(rt, log)).stop : await startWorker(rt, log);
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

main().catch((error) => {
  process.stderr.write(`[${role}] failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
