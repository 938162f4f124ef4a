import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// TOTP secrets at rest (issue #17): AES-256-GCM under BALCAO_TOTP_KEY (docs/deploy.md). A stored
// secret is `v1.` + base64url(iv 12 bytes | tag 16 bytes | ciphertext): a copy of the database
// alone (a backup, a dump) does not give anyone the codes.

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const TOTP_KEY_BYTES = 32;

/**
 * The key used without BALCAO_TOTP_KEY (development, and servers set up before it existed): the
 * same on every machine, derived from a fixed label, so it protects nothing and the server warns.
 */
export const DEVELOPMENT_TOTP_KEY = Buffer.from(
  hkdfSync('sha256', 'balcao-totp-development-key', 'balcao', 'totp-secret', TOTP_KEY_BYTES),
);

/** BALCAO_TOTP_KEY's 32 bytes, written as 64 hex digits or in base64; undefined if not that. */
export function parseTotpKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  return key.length === TOTP_KEY_BYTES ? key : undefined;
}

export function sealTotpSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export const isSealedTotpSecret = (stored: string): boolean => stored.startsWith(PREFIX);

/**
 * The secret of a stored value, trying each key in turn (the configured one, then the
 * development one, so secrets sealed before BALCAO_TOTP_KEY was set keep working).
 */
export function openTotpSecret(keys: readonly Buffer[], stored: string): string {
  if (!isSealedTotpSecret(stored)) throw new Error('Segredo TOTP guardado sem cifra.');
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const sealed = bytes.subarray(IV_BYTES + TAG_BYTES);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      // not this key
    }
  }
  throw new Error('Segredo TOTP: nenhuma chave o abre (BALCAO_TOTP_KEY mudou?).');
}

/** The keys a stored secret is opened with: the configured one first. */
export const totpKeys = (key: Buffer): Buffer[] =>
  key.equals(DEVELOPMENT_TOTP_KEY) ? [key] : [key, DEVELOPMENT_TOTP_KEY];
