/**
 * Production defaults, through the real entry point: `npm run api` (bin/role.ts api) started as a
 * deployment would start it, without PUBLIC_URL, exits 1 naming PUBLIC_URL before it connects to anything; with
 * PUBLIC_URL it stops at SESSION_SECRET; with both it gets past the checks (and here fails later, on the unreachable database this test gives it).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { patience } from './support/patience.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runRole(role: string, env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['PUBLIC_URL', 'MAIL_SHOP_URL', 'PAYMENT_SANDBOX', 'SESSION_SECRET', 'HOST'].includes(k)));
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bin/role.ts', role], {
    cwd: repoRoot,
    // Port 1 of 127.0.0.1: nothing listens there, so a role that gets past the configuration fails fast.
    env: { ...clean, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1', ...env },
    encoding: 'utf8',
    timeout: patience(60_000),
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('starting a role alone (production)', () => {
  it('the api refuses to start without PUBLIC_URL, naming it', () => {
    const r = runRole('api', {});
    expect(r.status).toBe(1);
    expect(r.output).toContain('PUBLIC_URL is not set');
    expect(r.output).not.toContain('ECONNREFUSED');
  });

  it('the api refuses to start without SESSION_SECRET, naming it', () => {
    const r = runRole('api', { PUBLIC_URL: 'https://shop.example.ee' });
    expect(r.status).toBe(1);
    expect(r.output).toContain('SESSION_SECRET is not set');
    expect(r.output).not.toContain('ECONNREFUSED');
  });

  it('the api with PAYMENT_SANDBOX=on beyond loopback says plainly that the sandbox bank is on; on 127.0.0.1 it does not', () => {
    const env = { PUBLIC_URL: 'https://shop.example.ee', SESSION_SECRET: 'x'.repeat(32), PAYMENT_SANDBOX: 'on' };
    const open = runRole('api', { ...env, HOST: '0.0.0.0' });
    expect(open.output).toMatch(/WARNING: the sandbox bank is ON and the shop listens on 0\.0\.0\.0/);
    const local = runRole('api', { ...env, HOST: '127.0.0.1' });
    expect(local.status).toBe(1);
    expect(local.output).not.toContain('sandbox bank is ON');
  });

  it('the api with PUBLIC_URL and SESSION_SECRET gets past the check (and fails on the unreachable database)', () => {
    const r = runRole('api', { PUBLIC_URL: 'https://shop.example.ee', SESSION_SECRET: 'x'.repeat(32) });
    expect(r.status).toBe(1);
    expect(r.output).not.toContain('PUBLIC_URL');
    expect(r.output).toMatch(/ECONNREFUSED|connect/);
  });
});
