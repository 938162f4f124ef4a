import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern matching `text` anywhere, its wildcards escaped (with `escape '\\'`). */
export const likePattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** `text` found in any of `columns`, ignoring case, the same way in both dialects. */
export function containsText(
  columns: readonly Expression<unknown>[],
  text: string,
): RawBuilder<SqlBool> {
  const pattern = likePattern(text);
  const matches = columns.map((column) => sql`lower(${column}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
}
