import { createHash } from 'node:crypto';
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { writeTogether } from '../../db/write-together.ts';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';

export const KEY_REUSED = 'Esta Idempotency-Key já foi usada em outro pagamento.';

/** A request sent with an `Idempotency-Key` header: the key and what it was sent with. */
export interface IdempotentRequest {
  key: string;
  /** Keys are each user's own: another user's same key is another request (issue 23). */
  userId: number;
  /** SHA-256 of the call's target and body: the same key must always mean the same request. */
  hash: string;
}

export const KEY_LENGTH = 'O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres.';

export function idempotentRequest(
  key: string | string[] | undefined,
  userId: number,
  target: unknown,
): IdempotentRequest | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    throw invalidRequest(KEY_LENGTH);
  }
  const hash = createHash('sha256').update(JSON.stringify(target)).digest('hex');
  return { key, userId, hash };
}

/**
 * The answer stored for this user's key, as Stripe's API does: undefined when the key is new, the
 * first answer when it was used for the same request, 409 when it was used for another one.
 */
export async function storedAnswer<T>(
  db: Kysely<Database>,
  request: IdempotentRequest,
): Promise<T | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', request.userId)
    .where('key', '=', request.key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.request_hash !== request.hash) throw conflict(KEY_REUSED);
  return JSON.parse(row.response) as T;
}

/** What a keyed write answers: the order it acted on. */
export interface OrderAnswer {
  id: number;
}

/** The first answer's row, stored in the same transaction as the writes it reports. */
function answerInsert(
  trx: Transaction<Database>,
  request: IdempotentRequest,
  answer: OrderAnswer,
  now: Date,
): CompiledQuery {
  return trx
    .insertInto('idempotency_keys')
    .values({
      user_id: request.userId,
      key: request.key,
      order_id: answer.id,
      request_hash: request.hash,
      status_code: 200,
      response: JSON.stringify(answer),
      created_at: now.toISOString(),
    })
    .compile();
}

export interface KeyedWrite<T> {
  /** The write and its answer. */
  work: (trx: Transaction<Database>) => Promise<T>;
  /**
   * Writes to rows every desk shares (stock), done after the answer, just before the commit:
   * another payment waits on these rows only from here to the commit, not through the whole
   * transaction. The writes it returns are sent with the stored answer (one round trip on
   * PostgreSQL).
   */
  last?: (trx: Transaction<Database>, answer: T) => Promise<readonly (CompiledQuery | undefined)[]>;
  /** May turn the failure into a better one when there is no stored answer. */
  onError?: (error: unknown) => Promise<unknown>;
}

/**
 * Runs a keyed write (payment, refund) in one transaction that also stores its answer. A retry is
 * not looked up first: it fails like any second attempt (the order moved on, or the key is
 * taken) and then finds the stored answer, which also serves a retry that raced the first.
 */
export async function idempotently<T extends OrderAnswer>(
  db: Kysely<Database>,
  request: IdempotentRequest | undefined,
  now: Date,
  { work, last, onError = async (error) => error }: KeyedWrite<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      const answer = await work(trx);
      const lastWrites = (await last?.(trx, answer)) ?? [];
      await writeTogether(trx, [request && answerInsert(trx, request, answer, now), ...lastWrites]);
      return answer;
    });
  } catch (error) {
    const stored = request && (await storedAnswer<T>(db, request));
    if (stored) return stored;
    throw await onError(error);
  }
}

/**
 * 'Anonimizar participante': the stored answers about these orders are rewritten by `erase`, not
 * dropped, so a client's retry still gets its first answer (now without the person) instead of
 * the 409 a second payment of a paid order earns. Either way a retry never pays twice.
 */
export async function eraseStoredAnswers(
  trx: Transaction<Database>,
  orderIds: readonly number[],
  erase: (json: string) => string,
): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await trx
    .selectFrom('idempotency_keys')
    .select(['user_id', 'key', 'response'])
    .where('order_id', 'in', orderIds)
    .execute();
  for (const row of rows) {
    await trx
      .updateTable('idempotency_keys')
      .set({ response: erase(row.response) })
      .where('user_id', '=', row.user_id)
      .where('key', '=', row.key)
      .execute();
  }
}
