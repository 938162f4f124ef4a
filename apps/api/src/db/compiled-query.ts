import type { Compilable, CompiledQuery, Kysely } from 'kysely';

interface Bound<Row> {
  query: CompiledQuery<Row>;
  /** For each compiled parameter, the index of the argument it takes, or -1 to keep it. */
  slots: number[];
}

/**
 * A hot query built and compiled once per database, then run with each call's values: building
 * and compiling a Kysely query costs more than running a small indexed one. `build` gets one
 * placeholder per argument (typed `never`, so it stands for a value of any type); the compiled
 * parameters holding them are rebound by position. A transaction reuses its database's query.
 */
export function compiledOnce<DB, Row>(
  arity: number,
  build: (db: Kysely<DB>, ...placeholders: never[]) => Compilable<Row>,
): (db: Kysely<DB>, ...args: unknown[]) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000placeholder-${i}`);
  // Keyed by the dialect's adapter, which a database shares with its transactions.
  const compiled = new WeakMap<object, Bound<Row>>();
  return async (db, ...args) => {
    const { adapter } = db.getExecutor();
    let entry = compiled.get(adapter);
    if (!entry) {
      const query = build(db, ...(placeholders as never[])).compile();
      const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
      if (placeholders.some((_, i) => !slots.includes(i))) {
        throw new Error('compiledOnce: um argumento não chegou aos parâmetros da consulta');
      }
      entry = { query, slots };
      compiled.set(adapter, entry);
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
