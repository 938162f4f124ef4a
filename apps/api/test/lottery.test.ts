import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOTTERY_ALL_DRAWN,
  LOTTERY_DRAW_NOT_FOUND,
  LOTTERY_EMPTY_POOL,
  LOTTERY_STALE,
  type LotteryAuditDrawDto,
  type LotteryAuditDto,
  type LotteryHoldersPageDto,
  type LotteryDrawDto,
  type LotteryGameDto,
  type LotteryGameSummaryDto,
  type LotteryProductsDto,
} from '@balcao/contract';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  orderOf,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { rebuildPool } from '../src/modules/lottery/kept-pool.ts';

let t: TestContext;
let eventId: number;
let seller: StoreClerk;
let cashier: StoreClerk;
let manager: StoreClerk;
let operator: JsonCaller;
let cash: number;
let categoryId: number;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  categoryId = await createCategory(t.db, 'Produto');
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  manager = await storeClerk(t, ['System']);
  operator = await jsonCaller(t, ['Lottery']);
  cash = (await paymentMethodIds(cashier))('Dinheiro');
});
afterAll(() => t.close());

/** An order of `quantity` units (R$ 10,00 each) for the participant, finalized and maybe paid. */
async function order(cpf: string, productId: number, quantity: number, paid = true) {
  const { id } = await finalizedOrder(seller, cpf, [
    { produto_id: productId, desconto: 0, quantidade: quantity },
  ]);
  if (paid) orderOf(await cashier.pay(id, [{ id_forma_pagamento: cash, valor: 10 * quantity }]));
  return id;
}

const refund = async (id: number) =>
  orderOf(await manager.call('POST', `/api/carrinho/estornar/${id}`, { motivo: 'Desistiu' }));

async function person(name: string) {
  const participant = await createParticipant(t.db, eventId, { name });
  return { ...participant, name };
}

async function checkIn(participantId: number) {
  await t.db
    .insertInto('check_ins')
    .values({
      participant_id: participantId,
      event_id: eventId,
      user_id: operator.userId,
      desk: '10.0.0.1',
      created_at: t.clock.now().toISOString(),
    })
    .execute();
  await t.db
    .updateTable('participants')
    .set({ badge: true })
    .where('id', '=', participantId)
    .execute();
}

function ok<T>(response: { statusCode: number; body: string; json: () => unknown }): T {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json() as T;
}

const newGame = async (products: number[], prizesCount = 1) =>
  ok<LotteryGameDto>(
    await operator.post(`/api/sorteio/${eventId}/novo`, { products, prizesCount }),
  );
const draw = (game: LotteryGameDto | LotteryDrawDto['game'], winners?: number[]) =>
  operator.post(`/api/sorteio/atualizar/${game.id}`, {
    winners: winners ?? game.winners.map((winner) => winner.participantId),
  });
const drawOk = async (game: LotteryGameDto) => ok<LotteryDrawDto>(await draw(game));
const drawAudit = async (gameId: number, position: number) =>
  ok<LotteryAuditDrawDto>(await operator.get(`/api/sorteio/${gameId}/auditoria/${position}`));
const holders = async (gameId: number, position: number, query = '') =>
  ok<LotteryHoldersPageDto>(
    await operator.get(`/api/sorteio/${gameId}/auditoria/${position}/participantes${query}`),
  );
const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('the lottery pool', () => {
  it('with products: one ticket per unit bought in paid orders; unpaid and refunded orders do not count', async () => {
    const book = await createProduct(t.db, { categoryId, name: 'Livro do sorteio' });
    const other = await createProduct(t.db, { categoryId, name: 'Outro produto' });
    const ana = await person('Ana Lima');
    const bia = await person('Bia Rocha');
    const caio = await person('Caio Dias');
    const davi = await person('Davi Melo');
    await order(ana.cpf, book.id, 3);
    await order(bia.cpf, book.id, 1);
    await refund(await order(caio.cpf, book.id, 5));
    await order(davi.cpf, book.id, 2, false); // waiting for payment
    await order(davi.cpf, other.id, 4);

    const products = ok<LotteryProductsDto>(await operator.get('/api/sorteio/produtos'));
    expect(products.eventId).toBe(eventId);
    expect(products.products.find((p) => p.id === book.id)).toEqual({
      id: book.id,
      name: 'Livro do sorteio',
      sold: 4,
      participants: 2,
    });

    const game = await newGame([book.id]);
    expect(game).toMatchObject({
      criteria: 'PRODUTOS',
      products: [{ id: book.id, name: 'Livro do sorteio' }],
      prizesCount: 1,
      winners: [],
      poolSize: 4,
      candidates: ['Ana Lima', 'Bia Rocha'],
    });
    const both = await newGame([book.id, other.id]);
    expect(both.poolSize).toBe(8);
    expect(both.candidates).toEqual(['Ana Lima', 'Bia Rocha', 'Davi Melo']);
  });

  it('without products: every participant accredited with a badge, one ticket each', async () => {
    await selectNewEvent(t.db).then((id) => (eventId = id));
    const eva = await person('Eva Nunes');
    const fabio = await person('Fábio Reis');
    await person('Gil Sem Crachá');
    await checkIn(eva.id);
    await checkIn(fabio.id);
    await checkIn(fabio.id); // a reprint is still one ticket

    const products = ok<LotteryProductsDto>(await operator.get('/api/sorteio/produtos'));
    expect(products.accredited).toBe(2);
    const game = await newGame([]);
    expect(game).toMatchObject({ criteria: 'CREDENCIADOS', poolSize: 2 });
    expect(game.candidates).toEqual(['Eva Nunes', 'Fábio Reis']);
  });
});

describe('the kept pool', () => {
  /** The kept tables of the event, in a stable order, to compare with a rebuild from the orders. */
  const kept = async () => ({
    tickets: await t.db
      .selectFrom('lottery_tickets')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('item_id')
      .execute(),
    holders: await t.db
      .selectFrom('lottery_holders')
      .select(['product_id', 'participant_id', 'tickets'])
      .where('event_id', '=', eventId)
      .where('tickets', '>', 0)
      .orderBy('product_id')
      .orderBy('participant_id')
      .execute(),
    products: await t.db
      .selectFrom('lottery_products')
      .select(['product_id', 'sold', 'participants'])
      .where('event_id', '=', eventId)
      .where('sold', '<>', 0)
      .orderBy('product_id')
      .execute(),
  });

  it('follows sales, refunds and deliveries: the same as rebuilt from the orders, and each draw sees its instant', async () => {
    eventId = await selectNewEvent(t.db);
    const mug = await createProduct(t.db, { categoryId, name: 'Caneca' });
    const cap = await createProduct(t.db, { categoryId, name: 'Boné' });
    const nina = await person('Nina Alves');
    const otto = await person('Otto Braga');
    const products = async () =>
      ok<LotteryProductsDto>(await operator.get('/api/sorteio/produtos')).products.find(
        (p) => p.id === mug.id,
      );
    const ninas = await order(nina.cpf, mug.id, 2);
    const ninasSecond = await order(nina.cpf, mug.id, 1);
    const ottos = await order(otto.cpf, mug.id, 4);
    await order(otto.cpf, cap.id, 1);
    expect(await products()).toMatchObject({ sold: 7, participants: 2 });
    const game = await newGame([mug.id], 2);
    expect(game).toMatchObject({ poolSize: 7, candidates: ['Nina Alves', 'Otto Braga'] });

    // A delivery changes nothing; one of Nina's two orders refunded leaves her in the pool.
    const desk = await storeClerk(t, ['Delivery']);
    orderOf(await desk.call('POST', `/api/carrinho/entregar/${ottos}`));
    t.clock.advance(60);
    await refund(ninas);
    expect(await products()).toMatchObject({ sold: 5, participants: 2 });
    t.clock.advance(60);
    const first = await drawOk(ok<LotteryGameDto>(await operator.get(`/api/sorteio/${game.id}`)));
    expect(first.winner.poolSize).toBe(5);
    expect(first.game.poolSize).toBe(first.winner.participantId === nina.id ? 4 : 1);

    // Her last one refunded: she leaves the product's participants and the game's pool.
    t.clock.advance(60);
    await refund(ninasSecond);
    expect(await products()).toMatchObject({ sold: 4, participants: 1 });
    const now = ok<LotteryGameDto>(await operator.get(`/api/sorteio/${game.id}`));
    expect(now.poolSize).toBe(first.winner.participantId === nina.id ? 4 : 0);

    // What the payments and refunds kept is what a rebuild from the orders gives.
    const before = await kept();
    await rebuildPool(t.db, eventId);
    expect(await kept()).toEqual(before);
    // The first draw's pool, recomputed as of its instant, still holds Nina's other order.
    const audit = ok<LotteryAuditDrawDto>(
      await operator.get(`/api/sorteio/${game.id}/auditoria/1`),
    );
    expect(audit).toMatchObject({ recomputedPoolMatches: true, storedPoolMatches: true });
  });
});

describe('drawing', () => {
  it('draws every prize once, never the same person twice, and excludes earlier winners', async () => {
    eventId = await selectNewEvent(t.db);
    const people = [await person('Hugo'), await person('Iara'), await person('João')];
    for (const p of people) await checkIn(p.id);
    for (let round = 0; round < 5; round++) {
      let game = await newGame([], 3);
      const seen: number[] = [];
      for (let i = 0; i < 3; i++) {
        const result = await drawOk(game);
        expect(result.winner.position).toBe(i + 1);
        expect(seen).not.toContain(result.winner.participantId);
        seen.push(result.winner.participantId);
        expect(result.game.poolSize).toBe(2 - i);
        expect(result.game.candidates).not.toContain(result.winner.name);
        game = result.game;
      }
      expect(seen.sort()).toEqual(people.map((p) => p.id).sort());
      expect(errorOf(await draw(game))).toEqual({
        status: 409,
        body: { error: 'conflict', error_description: LOTTERY_ALL_DRAWN },
      });
    }
  });

  it('refuses a screen behind the record, so a reload cannot draw a recorded prize again', async () => {
    const game = await newGame([], 2);
    const first = await drawOk(game);
    // The stale screen still shows no winner.
    expect(errorOf(await draw(game, []))).toEqual({
      status: 409,
      body: { error: 'conflict', error_description: LOTTERY_STALE },
    });
    const reloaded = ok<LotteryGameDto>(await operator.get(`/api/sorteio/${game.id}`));
    expect(reloaded.winners).toEqual([first.winner]);
    expect((await drawOk(reloaded)).game.winners).toHaveLength(2);
  });

  it('records one winner per prize when two screens draw at once', async () => {
    const game = await newGame([], 1);
    const answers = await Promise.all([draw(game, []), draw(game, []), draw(game, [])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const recorded = ok<LotteryGameDto>(await operator.get(`/api/sorteio/${game.id}`));
    expect(recorded.winners).toHaveLength(1);
  });

  it('answers 409 when nobody is left to draw', async () => {
    eventId = await selectNewEvent(t.db);
    const only = await person('Única Pessoa');
    await checkIn(only.id);
    const game = await newGame([], 2);
    const first = await drawOk(game);
    expect(first.winner.name).toBe('Única Pessoa');
    expect(errorOf(await draw(first.game))).toEqual({
      status: 409,
      body: { error: 'conflict', error_description: LOTTERY_EMPTY_POOL },
    });
  });

  it('validates input in pt-BR and guards the routes with Lottery', async () => {
    const zero = await operator.post(`/api/sorteio/${eventId}/novo`, {
      products: [],
      prizesCount: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ error: string }>().error).toBe('invalid_request');
    const unknown = await operator.post(`/api/sorteio/${eventId}/novo`, {
      products: [999999],
      prizesCount: 1,
    });
    expect(errorOf(unknown)).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Produto não encontrado: 999999.' },
    });
    expect((await operator.get('/api/sorteio/999999')).statusCode).toBe(404);
    expect(
      (await operator.post('/api/sorteio/999999/novo', { products: [], prizesCount: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await seller.call('POST', `/api/sorteio/${eventId}/novo`, { products: [], prizesCount: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the audit', () => {
  it('stores the pool hash, time and operator; the pool recomputed later reproduces the hash', async () => {
    eventId = await selectNewEvent(t.db);
    const prize = await createProduct(t.db, { categoryId, name: 'Kit auditado' });
    const lia = await person('Lia Prado');
    const max = await person('Max Silva');
    const lias = await order(lia.cpf, prize.id, 2);
    await order(max.cpf, prize.id, 1);

    const game = await newGame([prize.id], 2);
    t.clock.advance(60);
    const drawnAt = t.clock.now().toISOString();
    const first = await drawOk(game);
    t.clock.advance(60);
    const second = await drawOk(first.game);
    // After the draws, a refund and a new sale change today's pool, not the draws' pools.
    t.clock.advance(60);
    await refund(lias);
    await order(max.cpf, prize.id, 3);

    const audit = ok<LotteryAuditDto>(await operator.get(`/api/sorteio/${game.id}/auditoria`));
    expect(audit.draws).toEqual([first.winner, second.winner]);
    const one = await drawAudit(game.id, 1);
    expect(one).toMatchObject({
      position: 1,
      drawnAt,
      drawnBy: operator.username,
      poolSize: 3,
      storedPoolMatches: true,
      recomputedPoolMatches: true,
      holdersCount: 2,
    });
    // The stored tickets download as a file whose SHA-256 is the pool's hash.
    const file = await operator.get(`/api/sorteio/${game.id}/auditoria/1/bilhetes`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    const tickets = file.body.split('\n');
    expect(tickets).toHaveLength(3);
    expect(one.poolHash).toBe(createHash('sha256').update(file.body).digest('hex'));
    expect(one.poolHash).toBe(first.winner.poolHash);
    expect(one.winningTicket).toBe(tickets[one.randomIndex]);
    // Stored gzipped: a client that takes gzip gets those bytes, the same text once gunzipped.
    const gzipped = await t.app.inject({
      method: 'GET',
      url: `/api/sorteio/${game.id}/auditoria/1/bilhetes`,
      headers: { ...operator.headers, 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(file.body);
    expect(one.winningTicket).toMatch(new RegExp(`^p${one.participantId}:`));
    expect(await holders(game.id, 1)).toEqual({
      total: 2,
      rows: [
        { participantId: lia.id, name: 'Lia Prado', tickets: 2 },
        { participantId: max.id, name: 'Max Silva', tickets: 1 },
      ],
    });
    // The second draw's pool holds only the person the first did not pick.
    expect(await drawAudit(game.id, 2)).toMatchObject({
      position: 2,
      recomputedPoolMatches: true,
      storedPoolMatches: true,
      holdersCount: 1,
    });
    expect((await holders(game.id, 2)).rows.map((h) => h.participantId)).toEqual([
      first.winner.participantId === lia.id ? max.id : lia.id,
    ]);
    expect(second.winner.participantId).not.toBe(first.winner.participantId);

    // A row stored before the gzip (its text in `pool`, converted by the migration) audits alike.
    const stored = tickets.join('\n');
    const firstDraw = t.db
      .updateTable('lottery_draws')
      .where('game_id', '=', game.id)
      .where('position', '=', 1);
    await firstDraw.set({ pool: stored, pool_gzip: null }).execute();
    expect(await drawAudit(game.id, 1)).toEqual(one);
    expect((await operator.get(`/api/sorteio/${game.id}/auditoria/1/bilhetes`)).body).toBe(stored);
    // Tampering with a stored pool shows: its text, or its gzip (altered, or no gzip at all).
    await firstDraw.set({ pool: 'p1' }).execute();
    expect(await drawAudit(game.id, 1)).toMatchObject({
      storedPoolMatches: false,
      recomputedPoolMatches: true,
    });
    await firstDraw.set({ pool: '', pool_gzip: gzipSync(`p${lia.id}`) }).execute();
    expect(await drawAudit(game.id, 1)).toMatchObject({
      storedPoolMatches: false,
      recomputedPoolMatches: true,
      holdersCount: 1,
    });
    await firstDraw.set({ pool_gzip: Buffer.from('not gzip') }).execute();
    expect(await drawAudit(game.id, 1)).toMatchObject({
      storedPoolMatches: false,
      recomputedPoolMatches: true,
      winningTicket: '',
      holdersCount: 0,
    });
    // A prize not drawn yet, or a game that does not exist, is 404.
    expect(errorOf(await operator.get(`/api/sorteio/${game.id}/auditoria/3`))).toEqual({
      status: 404,
      body: { error: 'not_found', error_description: LOTTERY_DRAW_NOT_FOUND },
    });
    expect((await operator.get('/api/sorteio/999999/auditoria/1')).statusCode).toBe(404);
  });

  it('pages who could have won, most tickets first, and checks its paging in pt-BR', async () => {
    eventId = await selectNewEvent(t.db);
    const prize = await createProduct(t.db, { categoryId, name: 'Kit paginado' });
    const people = [];
    for (let i = 1; i <= 4; i++) {
      const someone = await person(`Pessoa ${i}`);
      await order(someone.cpf, prize.id, i);
      people.push(someone);
    }
    const game = await newGame([prize.id]);
    await drawOk(game);
    const page = await holders(game.id, 1, '?inicio=1&quantidade=2');
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => row.tickets)).toEqual([3, 2]);
    const ascending = await holders(game.id, 1, '?quantidade=1&direcao=asc');
    expect(ascending.rows).toEqual([
      { participantId: people[0]!.id, name: 'Pessoa 1', tickets: 1 },
    ]);
    const tooMany = await operator.get(
      `/api/sorteio/${game.id}/auditoria/1/participantes?quantidade=1000`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: string }>().error).toBe('invalid_request');
    expect((await seller.call('GET', `/api/sorteio/${game.id}/auditoria/1`)).statusCode).toBe(403);
  });
});

describe('the list of games', () => {
  it("lists the selected event's games newest first, with their winners so far", async () => {
    eventId = await selectNewEvent(t.db);
    const prize = await createProduct(t.db, { categoryId, name: 'Brinde listado' });
    const rui = await person('Rui Costa');
    await order(rui.cpf, prize.id, 1);
    await checkIn(rui.id);
    const byProduct = await newGame([prize.id], 2);
    t.clock.advance(60);
    const accredited = await newGame([], 3);
    await drawOk(accredited);

    const list = ok<LotteryGameSummaryDto[]>(await operator.get('/api/sorteio'));
    expect(list).toEqual([
      {
        id: accredited.id,
        createdAt: accredited.createdAt,
        criteria: 'CREDENCIADOS',
        products: [],
        prizesCount: 3,
        winnersCount: 1,
        createdBy: operator.username,
      },
      {
        id: byProduct.id,
        createdAt: byProduct.createdAt,
        criteria: 'PRODUTOS',
        products: [{ id: prize.id, name: 'Brinde listado' }],
        prizesCount: 2,
        winnersCount: 0,
        createdBy: operator.username,
      },
    ]);
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThan(Date.parse(list[1]!.createdAt));

    // Another event's games are not listed; with no selected event the list is empty.
    eventId = await selectNewEvent(t.db);
    expect(ok<LotteryGameSummaryDto[]>(await operator.get('/api/sorteio'))).toEqual([]);
    await t.db.updateTable('events').set({ selected: false }).execute();
    expect(ok<LotteryGameSummaryDto[]>(await operator.get('/api/sorteio'))).toEqual([]);
  });

  it('needs a login (401) and the Lottery permission (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sorteio' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ error: string }>().error).toBe('invalid_grant');
    const forbidden = await seller.call('GET', '/api/sorteio');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ error: string }>().error).toBe('forbidden');
  });
});
