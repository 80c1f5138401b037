/**
 * Password hashing of staff accounts (design brief "The staff side": argon2id hashes).
 *
 * argon2id through `@node-rs/argon2` (a maintained Rust binding, prebuilt for Linux, macOS and Windows) with the
 * parameters OWASP's Password Storage Cheat Sheet gives as its first choice: m = 19 MiB (19456 KiB), t = 2
 * iterations, p = 1 lane; a random 16-byte salt per hash, 32-byte output, the PHC string form
 * (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) that carries its own parameters, so a later change of parameters
 * still verifies the old hashes. `npm run bench:argon2` prints the median hash time on this machine.
 *
 * The common-password list is zxcvbn-ts's (`@zxcvbn-ts/language-common`, `passwords-common`: 49,233 passwords
 * from breach corpora, most used first), compared case-insensitively (OWASP ASVS 5.0 V6.2.4: refuse the most
 * common passwords).
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id parameters: memory in KiB, iterations, lanes. */
export const ARGON2_OPTIONS = {
  // `Algorithm` is a const enum of the binding's types (not readable with isolatedModules): 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * A fixed argon2id hash of a random text nobody knows, with ARGON2_OPTIONS: verifying against it takes as long as
 * verifying a real user's password, so a sign-in with an unknown username answers in the same time. Exported for
 * the test that holds its parameters equal to hashPassword's.
 */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$xfavBm4hrTQTLbCwUYilkA$B1OOal+0mfyXKWdisVLXNLRDEnjO6Vy6fmPT3xBiz2I';

/** The argon2id hash (PHC string) of `plain`, with a fresh random salt. Takes tens of ms of one core. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/**
 * True when `plain` is the password `hash` was made from. A hash that is not an argon2 PHC string (damaged data)
 * answers false rather than throwing.
 */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await verify(hash, plain);
  } catch {
    return false;
  }
}

/** Spends the time of one verification and answers false (a sign-in with an unknown username). */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, plain);
  return false;
}

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    // The package's type says string[]; some builds ship it as an object of rank -> password: take the values.
    const list = dictionary['passwords-common'] as unknown as string[] | Record<string, string>;
    common = new Set(Object.values(list).map((p) => String(p).toLowerCase()));
  }
  return common;
}

/** True when `plain` (any letter case) is in the common-password list. */
export function isCommonPassword(plain: string): boolean {
  return commonPasswords().has(plain.toLowerCase());
}
