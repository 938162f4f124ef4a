import type { Instant } from './columns.ts';

/** The participants' passes (passes); each participant's version is `participants.pass_version`. */

/** The installation's pass-signing key pair (one row, id 1; docs/passes-api.md). */
export interface PassKeyTable {
  id: number;
  /** The Ed25519 public key, 64 hex digits: the offline replica carries it. */
  public_key: string;
  /** The private key's hex, sealed (totp-secret-box.ts). */
  private_key_sealed: string;
  created_at: Instant;
}
