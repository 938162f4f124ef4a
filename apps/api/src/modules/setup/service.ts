import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/api-error.ts';

/** Answers only when the database does, so a load balancer can drop an instance that lost it. */
export async function checkHealth(db: Kysely<Database>): Promise<{ status: 'ok' }> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    throw new ApiError(503, 'service_unavailable', 'Banco de dados indisponível.');
  }
  return { status: 'ok' };
}
