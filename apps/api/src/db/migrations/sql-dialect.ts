/** The two databases Balcão runs on. Migrations receive it where the dialects' DDL differs. */
export type SqlDialect = 'sqlite' | 'postgres';

/** What a migration may need from the running server's configuration (not its code). */
export interface MigrationContext {
  /** Seals a TOTP secret with the server's BALCAO_TOTP_KEY. */
  sealTotpSecret(secret: string): string;
}
