import { describe, expect, it } from 'vitest';
import { assertRoleConfig, ConfigError, isLoopbackHost, loadConfig, sandboxExposureWarning } from './config.js';

describe('run modes (production defaults)', () => {
  it('npm start listens on 127.0.0.1 unless HOST says otherwise; a role run alone on 0.0.0.0', () => {
    expect(loadConfig({}, 'one-machine').host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }, 'one-machine').host).toBe('0.0.0.0');
    expect(loadConfig({}, 'production').host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.0.0.5' }, 'production').host).toBe('10.0.0.5');
  });

  it('warns plainly whenever the sandbox bank is on and the shop listens beyond loopback', () => {
    expect(sandboxExposureWarning(loadConfig({}, 'one-machine'))).toBeNull();
    expect(sandboxExposureWarning(loadConfig({ HOST: '0.0.0.0' }, 'one-machine'))).toMatch(/sandbox bank is ON.*0\.0\.0\.0:3000.*without paying/);
    expect(sandboxExposureWarning(loadConfig({ HOST: '0.0.0.0', PAYMENT_SANDBOX: 'off' }, 'one-machine'))).toBeNull();
    expect(sandboxExposureWarning(loadConfig({}, 'production'))).toBeNull();
    expect(sandboxExposureWarning(loadConfig({ PAYMENT_SANDBOX: 'on' }, 'production'))).toMatch(/sandbox bank is ON/);
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', 'shop.example.ee']) expect(isLoopbackHost(h)).toBe(false);
  });

  it('npm start (one-machine): localhost address and the sandbox bank on, unless PAYMENT_SANDBOX=off', () => {
    const c = loadConfig({ PORT: '3950' }, 'one-machine');
    expect(c).toMatchObject({ runMode: 'one-machine', publicUrl: 'http://localhost:3950', paymentSandbox: true });
    expect(c.mail.shopUrl).toBe('http://localhost:3950');
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' }, 'one-machine').paymentSandbox).toBe(false);
    expect(() => assertRoleConfig(c, 'api', {})).not.toThrow();
  });

  it('a role run alone (production): no localhost fallback, the sandbox bank off unless PAYMENT_SANDBOX=on', () => {
    const c = loadConfig({}, 'production');
    expect(c).toMatchObject({ runMode: 'production', publicUrl: null, paymentSandbox: false });
    expect(loadConfig({}).runMode).toBe('production');
    expect(loadConfig({ PAYMENT_SANDBOX: 'on' }).paymentSandbox).toBe(true);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'maybe' })).toThrow(/PAYMENT_SANDBOX/);
  });

  it('refuses an api (and a worker without MAIL_SHOP_URL) without PUBLIC_URL; a projector needs none', () => {
    const c = loadConfig({}, 'production');
    expect(() => assertRoleConfig(c, 'api', {})).toThrow(ConfigError);
    expect(() => assertRoleConfig(c, 'api', {})).toThrow(/PUBLIC_URL is not set/);
    expect(() => assertRoleConfig(c, 'worker', {})).toThrow(/PUBLIC_URL/);
    expect(() => assertRoleConfig(c, 'worker', { MAIL_SHOP_URL: 'https://shop.example.ee' })).not.toThrow();
    expect(() => assertRoleConfig(c, 'projector', {})).not.toThrow();
    const set = loadConfig({ PUBLIC_URL: 'https://shop.example.ee/' }, 'production');
    expect(set.publicUrl).toBe('https://shop.example.ee');
    expect(set.mail.shopUrl).toBe('https://shop.example.ee');
    expect(() => assertRoleConfig(set, 'api', {})).toThrow(/SESSION_SECRET is not set/);
    expect(() => assertRoleConfig(loadConfig({ PUBLIC_URL: 'https://shop.example.ee', SESSION_SECRET: 's'.repeat(32) }), 'api', {})).not.toThrow();
  });

  it('reads the staff session settings: SESSION_SECRET of 32+ characters, idle and absolute lifetimes', () => {
    const c = loadConfig({}, 'one-machine');
    expect(c.session).toEqual({ secret: null, idleMs: 30 * 60_000, maxAgeMs: 12 * 60 * 60_000 });
    expect(() => assertRoleConfig(c, 'api', {})).not.toThrow();
    expect(loadConfig({ SESSION_IDLE_MS: '60000', SESSION_MAX_AGE_MS: '3600000' }).session).toMatchObject({ idleMs: 60_000, maxAgeMs: 3_600_000 });
    expect(() => loadConfig({ SESSION_IDLE_MS: '0' })).toThrow(/SESSION_IDLE_MS/);
    expect(() => assertRoleConfig(loadConfig({ SESSION_SECRET: 'short' }, 'one-machine'), 'api', {})).toThrow(/at least 32/);
  });

  it.each(['shop.example.ee', 'ftp://shop.example.ee', 'https://shop.example.ee/?x=1', 'https://user@shop.example.ee'])('refuses PUBLIC_URL=%j', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL must be an absolute http\(s\) URL/);
  });

  it('reads API_PROCESSES: 1 by default, a whole number from 1 to 64, else a ConfigError naming it', () => {
    expect(loadConfig({}, 'production').apiProcesses).toBe(1);
    expect(loadConfig({ API_PROCESSES: '2' }, 'production').apiProcesses).toBe(2);
    for (const bad of ['0', '65', '1.5', '-1']) expect(() => loadConfig({ API_PROCESSES: bad }, 'production'), bad).toThrow(/API_PROCESSES must be a whole number from 1 to 64/);
  });

  it('reads TRUST_PROXY as Fastify takes it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });
});
