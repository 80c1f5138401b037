/**
 * Redis for the shop (see ensure-services.ts for the order every `ensure*` follows): `ensureRedis` finds a server
 * answering PING on 127.0.0.1:6379 or starts one (installing Debian's redis-server when needed); `pingRedis` speaks
 * RESP over a raw socket, without a client library.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from './apt.js';
import { redactUrl } from './postgres.js';
import { findExecutable, type Log, run, sleep } from './process-runner.js';

const LOCAL_REDIS_HOST = '127.0.0.1';
const LOCAL_REDIS_PORT = 6379;

type PingResult = { ok: true } | { ok: false; listening: boolean; message: string };

/** Sends a RESP `PING` over a raw socket (no client library needed). */
export function pingRedis(host: string, port: number, timeoutMs = 2_000): Promise<PingResult> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host, port });
    let reply = '';
    let connected = false;
    let settled = false;
    const finish = (result: PingResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, listening: connected, message: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    socket.on('connect', () => {
      connected = true;
      socket.write('*1\r\n$4\r\nPING\r\n');
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (!reply.includes('\r\n')) return;
      const line = reply.split('\r\n')[0];
      if (line === '+PONG') finish({ ok: true });
      else finish({ ok: false, listening: true, message: `unexpected reply to PING: ${line}` });
    });
    socket.on('error', (error) => finish({ ok: false, listening: connected, message: error.message }));
    socket.on('close', () => finish({ ok: false, listening: connected, message: 'connection closed' }));
  });
}

async function startRedisServer(log: Log): Promise<void> {
  const redisServer = findExecutable('redis-server');
  if (!redisServer) throw new Error('redis-server is not installed');
  const logFile = path.join(os.tmpdir(), `redis-${LOCAL_REDIS_PORT}.log`);
  log(`[setup] starting redis-server on ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} (log: ${logFile}) ...`);
  await run(
    redisServer,
    [
      '--daemonize', 'yes',
      '--bind', LOCAL_REDIS_HOST,
      '--port', String(LOCAL_REDIS_PORT),
      '--save', '',
      '--appendonly', 'no',
      '--dir', os.tmpdir(),
      '--logfile', logFile,
    ],
    { timeoutMs: 15_000 },
  );
}

async function waitForRedis(timeoutMs: number): Promise<PingResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await pingRedis(LOCAL_REDIS_HOST, LOCAL_REDIS_PORT);
    if (result.ok || Date.now() >= deadline) return result;
    await sleep(250);
  }
}

/**
 * Makes sure a Redis server is reachable: `REDIS_URL` when set (returned as is, not probed);
 * else a server answering PING on 127.0.0.1:6379; else an installed `redis-server` is started
 * (daemonized, bound to 127.0.0.1, no persistence); else (root + apt-get) the package
 * redis-server is installed and started. Waits up to 20 s for PING to answer.
 *
 * @returns the Redis URL (REDIS_URL, or `redis://127.0.0.1:6379`).
 * @throws Error when something on 6379 answers but not with PONG (e.g. a password is required —
 *   set REDIS_URL), when Redis cannot be installed (not root, no apt-get, apt failure), or when the
 *   started server does not answer within 20 s.
 */
export async function ensureRedis(log: Log): Promise<string> {
  const fromEnv = process.env.REDIS_URL?.trim();
  if (fromEnv) {
    log(`[setup] Redis: using REDIS_URL (${redactUrl(fromEnv)})`);
    return fromEnv;
  }
  const localUrl = `redis://${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT}`;
  log(`[setup] Redis: looking for a server on ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} ...`);
  let result = await pingRedis(LOCAL_REDIS_HOST, LOCAL_REDIS_PORT);
  if (result.ok) {
    log(`[setup] Redis ready at ${localUrl}`);
    return localUrl;
  }
  if (result.listening) {
    throw new Error(
      `something listens on ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} but does not answer PING (${result.message}); ` +
        'if it is a Redis with a password, set REDIS_URL (redis://:password@host:port)',
    );
  }
  if (!findExecutable('redis-server')) {
    log('[setup] Redis is not installed; installing redis-server from the Debian packages ...');
    await aptInstall(['redis-server'], log);
    // The package's own service may already have started (with /etc/redis/redis.conf).
    result = await waitForRedis(3_000);
    if (result.ok) {
      log(`[setup] Redis ready at ${localUrl}`);
      return localUrl;
    }
  } else {
    log('[setup] Redis is installed but not running');
  }
  await startRedisServer(log);
  result = await waitForRedis(20_000);
  if (!result.ok) {
    throw new Error(
      `redis-server was started but ${LOCAL_REDIS_HOST}:${LOCAL_REDIS_PORT} does not answer PING within 20 s ` +
        `(${result.message}); see ${path.join(os.tmpdir(), `redis-${LOCAL_REDIS_PORT}.log`)}`,
    );
  }
  log(`[setup] Redis ready at ${localUrl}`);
  return localUrl;
}
