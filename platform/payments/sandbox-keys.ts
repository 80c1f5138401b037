/**
 * The key pairs of the local sandbox bank and of the shop's account at it: two RSA 2048 keys, generated
 * on first use and kept as PKCS#8 PEM files in one directory (default `.data/sandbox-bank/` under the repository,
 * gitignored), so a restart keeps them and the shop's adapter and the bank agree without configuration.
 *
 * Files: `bank-private.pem` (the bank signs answers), `shop-private.pem` (the shop signs requests); public keys are
 * derived from them. Creation is race-free across processes: each key is written to a temporary file and
 * hard-linked into place; whoever loses the race reads the winner's key.
 */
import { createPublicKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadPrivateKey } from './ipizza.js';

/** `.data/sandbox-bank` under the repository root. */
export const DEFAULT_SANDBOX_KEY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/sandbox-bank');

export interface SandboxKeys {
  bankPrivateKey: KeyObject;
  bankPublicKey: KeyObject;
  shopPrivateKey: KeyObject;
  shopPublicKey: KeyObject;
}

const generate = promisify(generateKeyPair);
const loaded = new Map<string, Promise<SandboxKeys>>();

/**
 * The sandbox keys in `dir` (created with mode 0700, keys 0600), generating missing ones. Loaded once per
 * directory and process.
 * @throws Error when the directory cannot be created or a key file is unreadable.
 */
export function loadSandboxKeys(dir: string = DEFAULT_SANDBOX_KEY_DIR): Promise<SandboxKeys> {
  const key = path.resolve(dir);
  let keys = loaded.get(key);
  if (!keys) {
    keys = (async () => {
      await mkdir(key, { recursive: true, mode: 0o700 });
      const [bank, shop] = await Promise.all([privateKeyFile(path.join(key, 'bank-private.pem')), privateKeyFile(path.join(key, 'shop-private.pem'))]);
      return { bankPrivateKey: bank, bankPublicKey: createPublicKey(bank), shopPrivateKey: shop, shopPublicKey: createPublicKey(shop) };
    })();
    keys.catch(() => loaded.delete(key));
    loaded.set(key, keys);
  }
  return keys;
}

async function privateKeyFile(file: string): Promise<KeyObject> {
  try {
    return loadPrivateKey(await readFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generate('rsa', { modulusLength: 2048 });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  try {
    await link(tmp, file);
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadPrivateKey(await readFile(file));
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}
