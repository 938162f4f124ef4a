import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. The library's default algorithm is argon2id.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** How long the latest password check took (ms): a refusal that checks nothing waits as long. */
let lastCheckMs = 50;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const start = performance.now();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  } finally {
    lastCheckMs = performance.now() - start;
  }
}

/**
 * Waits about as long as a password check, without its CPU: a login refused unchecked answers no
 * sooner than a checked one, so timing does not tell them apart (login-throttle.ts).
 */
export function waitAsLongAsACheck(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, lastCheckMs));
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(await decoyHash, password);
}
