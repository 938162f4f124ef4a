import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Kysely } from 'kysely';
import {
  CASH_METHOD_NAME,
  DRAWER_ALREADY_OPEN,
  DRAWER_NOT_OPEN,
  NO_SELECTED_EVENT_MESSAGE,
  drawerExpected,
  exactCents,
  toReais,
  type DrawerCloseRequest,
  type DrawerMethodDto,
  type DrawerSessionDto,
} from '@balcao/contract';
import { isPostgres } from '../../db/dialect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';
import { renderDrawerReceipt } from '../../printing/documents/index.ts';
import { printDocument, type PrintOutcome } from '../../printing/queue.ts';
import { selectedEventId } from '../events/index.ts';

/** The cash drawer (docs/orders-api.md, /api/caixa): open with a float, count and close. */

type Db = Kysely<Database>;

interface SessionRow {
  id: number;
  event_id: number;
  username: string;
  opening_float_cents: number;
  opened_at: string;
  closed_at: string | null;
}

interface MethodFigures {
  id: number;
  name: string;
  received: number;
  refunded: number;
  expected: number;
  counted: number | null;
}

/** Reais on the wire to cents; more than 2 decimals is refused, never rounded. */
function wireCents(valor: number, label: string): number {
  const cents = exactCents(valor);
  if (cents === null) throw invalidRequest(`${label} inválido: ${valor}.`);
  return cents;
}

function sessions(db: Db) {
  return db
    .selectFrom('drawer_sessions')
    .innerJoin('users', 'users.id', 'drawer_sessions.user_id')
    .select([
      'drawer_sessions.id',
      'drawer_sessions.event_id',
      'users.username',
      'drawer_sessions.opening_float_cents',
      'drawer_sessions.opened_at',
      'drawer_sessions.closed_at',
    ]);
}

/**
 * The id of the user's open drawer as a query: a subquery of the payment rows' insert. On
 * PostgreSQL it takes a share lock on the drawer's row, which its closing (an UPDATE) waits for;
 * a payment that waits for a closing re-checks `closed_at is null` (READ COMMITTED) and finds no
 * drawer. So each payment is either counted by the closing or belongs to no drawer. (SQLite runs
 * one transaction at a time.)
 */
export function openDrawerQuery(db: Db, userId: number) {
  return db
    .selectFrom('drawer_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .$if(isPostgres(db), (query) => query.forShare());
}

/**
 * An open drawer's running figures per payment method: the payments it took, less those refunded
 * until `until` (the closing instant, or now), plus the float on Dinheiro.
 */
async function liveFigures(db: Db, session: SessionRow, until: string): Promise<MethodFigures[]> {
  const [methods, payments] = await Promise.all([
    db.selectFrom('payment_methods').select(['id', 'name']).orderBy('name').execute(),
    db
      .selectFrom('order_payments')
      .innerJoin('orders', 'orders.id', 'order_payments.order_id')
      .select([
        'order_payments.payment_method_id',
        'order_payments.amount_cents',
        'orders.state',
        'orders.refunded_at',
      ])
      .where('order_payments.drawer_session_id', '=', session.id)
      .execute(),
  ]);
  return methods.map((method) => {
    const taken = payments.filter((payment) => payment.payment_method_id === method.id);
    const received = taken.reduce((sum, payment) => sum + payment.amount_cents, 0);
    const refunded = taken
      .filter((p) => p.state === 'ESTORNADO' && p.refunded_at !== null && p.refunded_at <= until)
      .reduce((sum, payment) => sum + payment.amount_cents, 0);
    const isCash = method.name === CASH_METHOD_NAME;
    return {
      id: method.id,
      name: method.name,
      received,
      refunded,
      expected: drawerExpected(received, refunded, session.opening_float_cents, isCash),
      counted: null,
    };
  });
}

/** A closed drawer's figures, as stored at closing. */
async function storedFigures(db: Db, sessionId: number): Promise<MethodFigures[]> {
  const rows = await db
    .selectFrom('drawer_counts')
    .innerJoin('payment_methods', 'payment_methods.id', 'drawer_counts.payment_method_id')
    .selectAll('drawer_counts')
    .select('payment_methods.name')
    .where('drawer_counts.session_id', '=', sessionId)
    .orderBy('payment_methods.name')
    .execute();
  return rows.map((row) => ({
    id: row.payment_method_id,
    name: row.name,
    received: row.received_cents,
    refunded: row.refunded_cents,
    expected: row.expected_cents,
    counted: row.counted_cents,
  }));
}

function toDto(
  session: SessionRow,
  figures: MethodFigures[],
  impressao: PrintOutcome | null = null,
): DrawerSessionDto {
  const closed = session.closed_at !== null;
  const sum = (pick: (figure: MethodFigures) => number) =>
    figures.reduce((total, figure) => total + pick(figure), 0);
  const formas: DrawerMethodDto[] = figures.map((figure) => ({
    id_forma_pagamento: figure.id,
    descricao: figure.name,
    recebido: toReais(figure.received),
    estornado: toReais(figure.refunded),
    esperado: toReais(figure.expected),
    contado: closed ? toReais(figure.counted ?? 0) : null,
    diferenca: closed ? toReais((figure.counted ?? 0) - figure.expected) : null,
  }));
  const expected = sum((figure) => figure.expected);
  const counted = sum((figure) => figure.counted ?? 0);
  return {
    id: session.id,
    eventId: session.event_id,
    operador: session.username,
    abertura: session.opened_at,
    fechamento: session.closed_at,
    troco: toReais(session.opening_float_cents),
    formas,
    esperado: toReais(expected),
    contado: closed ? toReais(counted) : null,
    diferenca: closed ? toReais(counted - expected) : null,
    impressao,
  };
}

async function sessionDto(db: Db, session: SessionRow, now: Date): Promise<DrawerSessionDto> {
  const figures =
    session.closed_at === null
      ? await liveFigures(db, session, now.toISOString())
      : await storedFigures(db, session.id);
  return toDto(session, figures);
}

/** POST /caixa/abrir: one open drawer per cashier, in the selected event. */
export async function openDrawer(
  db: Db,
  now: Date,
  actor: AuditActor,
  troco: number,
): Promise<DrawerSessionDto> {
  const cents = wireCents(troco, 'Valor de troco');
  const eventId = await selectedEventId(db);
  if (eventId === undefined) throw conflict(NO_SELECTED_EVENT_MESSAGE);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const values = {
        event_id: eventId,
        user_id: actor.id,
        opening_float_cents: cents,
        opened_at: now.toISOString(),
      };
      const opened = await trx
        .insertInto('drawer_sessions')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        entity: 'drawer_sessions',
        entityId: opened.id,
        action: 'abrir',
        after: values,
        at: now,
      });
      return opened.id;
    });
    const session = await sessions(db)
      .where('drawer_sessions.id', '=', id)
      .executeTakeFirstOrThrow();
    return sessionDto(db, session, now);
  } catch (error) {
    // The partial unique index keeps one open drawer per cashier, even from two desks at once.
    if (isUniqueViolation(error)) throw conflict(DRAWER_ALREADY_OPEN);
    throw error;
  }
}

/** GET /caixa/atual: the user's open drawer with its running figures. */
export async function currentDrawer(
  db: Db,
  now: Date,
  userId: number,
): Promise<{ sessao: DrawerSessionDto | null }> {
  const session = await sessions(db)
    .where('drawer_sessions.user_id', '=', userId)
    .where('drawer_sessions.closed_at', 'is', null)
    .executeTakeFirst();
  return { sessao: session ? await sessionDto(db, session, now) : null };
}

/**
 * POST /caixa/fechar: the figures computed now and the counts are stored with the guarded close
 * (a second close, from another desk, finds no open drawer), then the closing receipt is printed.
 */
export async function closeDrawer(
  db: Db,
  now: Date,
  actor: AuditActor,
  contado: DrawerCloseRequest['contado'],
  timeZone: string,
): Promise<DrawerSessionDto> {
  const counts = new Map<number, number>();
  for (const entry of contado) {
    const cents = wireCents(entry.valor, 'Valor contado');
    counts.set(entry.id_forma_pagamento, (counts.get(entry.id_forma_pagamento) ?? 0) + cents);
  }
  const at = now.toISOString();
  const closed = await db.transaction().execute(async (trx) => {
    const session = await sessions(trx)
      .where('drawer_sessions.user_id', '=', actor.id)
      .where('drawer_sessions.closed_at', 'is', null)
      .executeTakeFirst();
    if (!session) throw conflict(DRAWER_NOT_OPEN);
    // The UPDATE waits for the payments holding the drawer's row (`openDrawerQuery`); the
    // figures below are read after it, so they see every payment that went into the drawer.
    const updated = await trx
      .updateTable('drawer_sessions')
      .set({ closed_at: at })
      .where('id', '=', session.id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw conflict(DRAWER_NOT_OPEN);
    const known = new Set(
      (await trx.selectFrom('payment_methods').select('id').execute()).map((m) => m.id),
    );
    const unknown = [...counts.keys()].find((id) => !known.has(id));
    if (unknown !== undefined)
      throw invalidRequest(`Forma de pagamento não encontrada: ${unknown}.`);
    const figures = (await liveFigures(trx, session, at)).map((figure) => ({
      ...figure,
      counted: counts.get(figure.id) ?? 0,
    }));
    await trx
      .insertInto('drawer_counts')
      .values(
        figures.map((figure) => ({
          session_id: session.id,
          payment_method_id: figure.id,
          received_cents: figure.received,
          refunded_cents: figure.refunded,
          expected_cents: figure.expected,
          counted_cents: figure.counted,
        })),
      )
      .execute();
    await recordAudit(trx, actor, {
      entity: 'drawer_sessions',
      entityId: session.id,
      action: 'fechar',
      before: { closed_at: null },
      after: {
        closed_at: at,
        contagem: figures.map(({ id, expected, counted }) => ({
          id_forma_pagamento: id,
          expected_cents: expected,
          counted_cents: counted,
        })),
      },
      at: now,
    });
    return { session: { ...session, closed_at: at }, figures };
  });
  const event = await db
    .selectFrom('events')
    .select('name')
    .where('id', '=', closed.session.event_id)
    .executeTakeFirstOrThrow();
  const pdf = await renderDrawerReceipt({
    eventName: event.name,
    sessionId: closed.session.id,
    cashier: closed.session.username,
    openedAt: new Date(closed.session.opened_at),
    closedAt: now,
    float: closed.session.opening_float_cents,
    lines: closed.figures.map((figure) => ({
      method: figure.name,
      expected: figure.expected,
      counted: figure.counted,
    })),
    timeZone,
  });
  const impressao = await printDocument(db, now, {
    user: actor,
    service: 'CHECKOUT',
    kind: 'fechamento',
    title: `Fechamento de Caixa ${closed.session.id}`,
    pdf,
  });
  return toDto(closed.session, closed.figures, impressao);
}

/** GET /caixa/sessoes?eventId: an event's drawers, newest first, for managers. */
export async function eventDrawers(
  db: Db,
  now: Date,
  eventId: number,
): Promise<DrawerSessionDto[]> {
  const rows = await sessions(db)
    .where('drawer_sessions.event_id', '=', eventId)
    .orderBy('drawer_sessions.opened_at', 'desc')
    .orderBy('drawer_sessions.id', 'desc')
    .execute();
  return Promise.all(rows.map((session) => sessionDto(db, session, now)));
}
