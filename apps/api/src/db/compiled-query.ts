import type { Compilable, CompiledQuery, Kysely } from 'kysely';

interface Bound<Row> {
  query: CompiledQuery<Row>;
  /** For each compiled parameter, the index of the argument it takes, or -1 to keep it. */
  slots: number[];
}

/**
 * A hot query built and compiled once per database, then run with each call's values: building
 * and compiling a Kysely query costs more than running a small indexed one. `build` gets one
 * placeholder string per argument; the compiled parameters holding them are rebound by position.
 */
export function compiledOnce<DB, Row>(
  arity: number,
  build: (db: Kysely<DB>, ...placeholders: string[]) => Compilable<Row>,
): (db: Kysely<DB>, ...args: string[]) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000placeholder-${i}`);
  const compiled = new WeakMap<Kysely<DB>, Bound<Row>>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
      if (placeholders.some((_, i) => !slots.includes(i))) {
        throw new Error('compiledOnce: um argumento não chegou aos parâmetros da consulta');
      }
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i] ?? -1;
      return slot === -1 ? value : args[slot];
    });
    const bound: CompiledQuery<Row> = { ...query, parameters };
    return (await db.executeQuery(bound)).rows;
  };
}
