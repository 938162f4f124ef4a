import { CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';
import type { Database } from './types.ts';

/**
 * Writes sent together. On PostgreSQL they become one statement (each but the last a
 * data-modifying CTE): one round trip instead of one each, and a round trip costs more than a
 * small insert. On SQLite they run one after another: a call into the same process costs no round
 * trip. Given `last`, it is the statement whose rows (its RETURNING) come back.
 *
 * The writes run on one snapshot, as PostgreSQL runs any statement: none may read what another
 * writes (they are inserts into different tables). Each must be a plain INSERT, UPDATE or DELETE
 * (PostgreSQL takes data-modifying CTEs only at the top level) whose values are all parameters,
 * as Kysely compiles them: their `$n` are renumbered in turn.
 */
export async function writeTogether<Row>(
  db: Kysely<Database>,
  writes: readonly (CompiledQuery | undefined)[],
  last?: CompiledQuery<Row>,
): Promise<Row[]> {
  const present = [...writes, last].filter((write) => write !== undefined);
  if (present.length < 2 || !isPostgres(db)) {
    let rows: unknown[] = [];
    for (const write of present) rows = (await db.executeQuery(write)).rows;
    return rows as Row[];
  }
  const parameters: unknown[] = [];
  const statements = present.map((write) => {
    const offset = parameters.length;
    parameters.push(...write.parameters);
    return write.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const main = statements.pop()!;
  const ctes = statements.map((statement, index) => `w${index} as (${statement})`);
  const together = CompiledQuery.raw(`with ${ctes.join(', ')} ${main}`, parameters);
  return (await db.executeQuery(together)).rows as Row[];
}
