import { sql, type Kysely } from 'kysely';
import { formatCpf } from '@balcao/contract';
import type { Database } from '../../db/types.ts';

/** What an erasure takes out of the audit log (and stored answers), and what takes its place. */
export interface AuditErasure {
  cpf: string;
  name: string;
  placeholderCpf: string;
  placeholderName: string;
  /** Other personal values (badge name, e-mail, phone, ...): where a value is one of them, null. */
  others: readonly string[];
  /** Fields that held the person's data, whatever their value was then (an earlier name): new value. */
  fields: Readonly<Record<string, string | null>>;
  /** The records that are this person's: their rows are rewritten even without the CPF in them. */
  records: readonly { entity: string; ids: readonly (number | string)[] }[];
}

const likeOf = (value: string): string =>
  `%${JSON.stringify(value)
    .slice(1, -1)
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A CPF, formatted or in digits, replaced wherever it appears in a text. */
export function replaceCpf(text: string, cpf: string, placeholder: string): string {
  if (cpf === '') return text;
  return text.split(formatCpf(cpf)).join(formatCpf(placeholder)).split(cpf).join(placeholder);
}

/**
 * A person's data taken out of a JSON text (an audit row's values, a stored idempotent answer):
 * a field named in `fields` takes its new value (so an earlier name goes too), the CPF (digits or
 * formatted) and the name become the placeholders wherever they appear in another value, and a
 * value equal to one of `others` becomes null.
 */
export function jsonEraser(erasure: AuditErasure): (json: string) => string {
  const others = new Set(erasure.others.filter((value) => value.trim() !== ''));
  const replaceIn = (text: string): string => {
    const withoutCpf = replaceCpf(text, erasure.cpf, erasure.placeholderCpf);
    return erasure.name === ''
      ? withoutCpf
      : withoutCpf.split(erasure.name).join(erasure.placeholderName);
  };
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return others.has(value) ? null : replaceIn(value);
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, v]) => [
          key,
          v !== null && Object.hasOwn(erasure.fields, key) ? erasure.fields[key] : scrub(v),
        ]),
      );
    }
    return value;
  };
  return (json) => JSON.stringify(scrub(JSON.parse(json)));
}

/**
 * Rewrites the audit rows that hold a person's data ('Anonimizar participante', LGPD): every row
 * whose values contain the CPF, and every row about one of `records`, through `jsonEraser`.
 * Who, when, from where, which record and what was done stay.
 * Runs in the caller's transaction, so the erasure and the anonymisation commit together.
 */
export async function eraseFromAudit(
  trx: Kysely<Database>,
  erasure: AuditErasure,
): Promise<number> {
  const cpfs = [erasure.cpf, formatCpf(erasure.cpf)];
  const rows = await trx
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where((eb) =>
      eb.or([
        ...cpfs.flatMap((cpf) => [
          sql<boolean>`${sql.ref('before')} like ${likeOf(cpf)} escape '\\'`,
          sql<boolean>`${sql.ref('after')} like ${likeOf(cpf)} escape '\\'`,
        ]),
        ...erasure.records
          .filter((record) => record.ids.length > 0)
          .map((record) =>
            eb.and([
              eb('entity', '=', record.entity),
              eb('entity_id', 'in', record.ids.map(String)),
            ]),
          ),
      ]),
    )
    .execute();
  const erase = jsonEraser(erasure);
  const rewrite = (text: string | null): string | null => (text === null ? null : erase(text));
  let changed = 0;
  for (const row of rows) {
    const before = rewrite(row.before);
    const after = rewrite(row.after);
    if (before === row.before && after === row.after) continue;
    await trx.updateTable('audit_log').set({ before, after }).where('id', '=', row.id).execute();
    changed += 1;
  }
  return changed;
}
