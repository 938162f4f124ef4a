import { CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from './database.ts';
import type { Database } from './types.ts';

/**
 * Writes whose results nobody reads, sent together. On PostgreSQL they become one statement (each
 * but the last a data-modifying CTE): one round trip instead of one each, and a round trip costs
 * more than a small insert. On SQLite they run one after another: a call into the same process
 * costs no round trip.
 *
 * The writes run on one snapshot, as PostgreSQL runs any statement: none may read what another
 * writes (they are inserts into different tables). Each must be a plain INSERT, UPDATE or DELETE
 * (PostgreSQL takes data-modifying CTEs only at the top level) whose values are all parameters,
 * as Kysely compiles them: their `$n` are renumbered in turn.
 */
export async function writeTogether(
  db: Kysely<Database>,
  writes: readonly (CompiledQuery | undefined)[],
): Promise<void> {
  const present = writes.filter((write) => write !== undefined);
  if (present.length < 2 || !isPostgres(db)) {
    for (const write of present) await db.executeQuery(write);
    return;
  }
  const parameters: unknown[] = [];
  const statements = present.map((write) => {
    const offset = parameters.length;
    parameters.push(...write.parameters);
    return write.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = statements.pop()!;
  const ctes = statements.map((statement, index) => `w${index} as (${statement})`);
  await db.executeQuery(CompiledQuery.raw(`with ${ctes.join(', ')} ${last}`, parameters));
}
