/**
 * `npm run user:create -- --username NAME [--email ADDRESS] [--password TEXT] [--role ADMIN] [--role CLIENT]`:
 * creates a staff account for scripts and deployments. `--email` is where a forgot-password link is sent
 * (optional; one address). The password comes from `--password` or, when absent, ADMIN_PASSWORD
 * (there is no prompt: CI has no terminal); it must pass the policy (at least 8 characters, not a common password).
 * Without `--role` the user gets CLIENT (the shop's staff role, spec 6). Uses DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/shop).
 *
 * Exit codes: 0 created; 1 refused (the codes and fields are printed, e.g. `username: user.username_taken`);
 * 2 usage or infrastructure error.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { registerUser } from '../commands/user/user-accounts.js';
import { DomainError } from '../domain/shared/errors.js';
import { isRole, type Role } from '../domain/user/permissions.js';
import { loadConfig } from '../platform/config.js';
import { usernameTaken } from '../projections/users/queries.js';
import { openRuntime } from './runtime.js';

const USAGE = 'usage: npm run user:create -- --username NAME [--email ADDRESS] [--password TEXT (else ADMIN_PASSWORD)] [--role ADMIN] [--role CLIENT]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', multiple: true }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  const roles = (values.role ?? ['CLIENT']).map((r) => r.toUpperCase());
  if (!values.username || !password || !roles.every(isRole)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const rt = await openRuntime(loadConfig(), 'import');
  try {
    const ctx = { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() };
    const { userId } = await registerUser(rt.store, { username: values.username, email: values.email, password, confirm: password, roles: roles as Role[] }, ctx, {
      usernameTaken: (name) => usernameTaken(rt.db, name).catch(() => false), // no read model yet: the stream decides
    });
    process.stdout.write(`user ${values.username.trim().toLowerCase()} created (id ${userId}, roles ${roles.join(', ') || 'none'})\n`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      const problems = error.details?.problems ?? [{ code: error.code, field: error.field }];
      for (const p of problems) process.stderr.write(`${p.field ?? 'user'}: ${p.code}${p.message ? ` (${p.message})` : ''}\n`);
      return 1;
    }
    throw error;
  } finally {
    await rt.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`user:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
