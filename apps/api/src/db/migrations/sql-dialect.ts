/** The two databases Balcão runs on. Migrations receive it where the dialects' DDL differs. */
export type SqlDialect = 'sqlite' | 'postgres';
