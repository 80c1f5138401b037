/**
 * The process runner of the service setup (platform/services/): runs an external command without a shell and with a
 * time limit, so a broken machine produces an error message instead of a hang, and finds executables. Used by the
 * apt installer (apt.ts), PostgreSQL (postgres.ts), Redis (redis.ts) and Chromium (chromium.ts).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Receives one human-readable progress line (no trailing newline). */
export type Log = (line: string) => void;

export interface RunOptions {
  /** Kill the command (SIGTERM, then SIGKILL 5 s later) after this many milliseconds. */
  timeoutMs: number;
  /** Extra environment variables (merged over `process.env`). */
  env?: Record<string, string>;
  /** Working directory; defaults to the OS temp directory (some tools dislike unreadable cwds). */
  cwd?: string;
  /** When given, every output line is passed here as it arrives (prefixed with `prefix`). */
  stream?: Log;
  prefix?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs a command without a shell, stdin closed.
 * @returns its captured stdout and stderr.
 * @throws Error when the command cannot be started, exits non-zero, is killed, or exceeds
 *   `timeoutMs`; the message names the command and carries the tail of its output.
 */
export function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const display = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(command, args, {
        cwd: options.cwd ?? os.tmpdir(),
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      reject(new Error(`could not run "${display}": ${(error as Error).message}`));
      return;
    }
    let stdout = '';
    let stderr = '';
    let pending = '';
    const onData = (target: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (target === 'stdout') stdout += text;
      else stderr += text;
      if (options.stream) {
        pending += text;
        const lines = pending.split(/\r?\n|\r/);
        pending = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) options.stream(`${options.prefix ?? ''}${line}`);
      }
    };
    child.stdout!.on('data', onData('stdout'));
    child.stderr!.on('data', onData('stderr'));

    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      killTimer.unref();
    }, options.timeoutMs);

    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const reason = error.code === 'ENOENT' ? 'command not found' : error.message;
      reject(new Error(`could not run "${display}": ${reason}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      if (options.stream && pending.trim()) options.stream(`${options.prefix ?? ''}${pending}`);
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const tail = (stderr.trim() || stdout.trim()).split('\n').slice(-15).join('\n');
      const how = timedOut
        ? `timed out after ${Math.round(options.timeoutMs / 1000)} s`
        : signal
          ? `was killed by ${signal}`
          : `exited with code ${code}`;
      reject(new Error(`"${display}" ${how}${tail ? `:\n${tail}` : ''}`));
    });
  });
}

/** @returns the absolute path of an executable found on PATH (plus the sbin directories), or null. */
export function findExecutable(name: string): string | null {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const extra of ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
    if (!dirs.includes(extra)) dirs.push(extra);
  }
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** @returns whether `file` exists and this process may execute it. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @returns whether this process runs as root (installing OS packages and starting servers need it). */
export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Resolves after `ms` milliseconds (between polls of a server that is starting). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
