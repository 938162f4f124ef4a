import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SOLD_STATES, type ReportResult } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  openDrawer,
  orderOf,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * A period's buyers ('Compradores por Produto' with inicio/fim) is summed from report_buyer_slots'
 * UTC days and hours and the lines of its partial hours (docs/reports-api.md, 'Pre-aggregation').
 * Whatever the period, it must answer what the paid lines of that period say, row for row.
 * The event's zone is America/Sao_Paulo (UTC-3): a local day spans two UTC days.
 */
let t: TestContext;
let eventId: number;
let reporter: StoreClerk;
/** The participant anonymised in the last test. */
let davi: number;

/** Minutes after the clock's start (2025-03-10 12:00 UTC, 09:00 local) of each sale. */
const SALES: {
  at: number;
  buyer: number;
  items: [product: number, quantity: number, discount: number][];
  refund?: 'folded' | 'at once';
}[] = [
  { at: 0, buyer: 0, items: [[0, 2, 10]] }, // 03-10 09:00 local
  { at: 40, buyer: 0, items: [[0, 1, 0]] }, // the same buyer and product, the same UTC hour
  {
    at: 65,
    buyer: 1,
    items: [
      [0, 1, 0],
      [1, 3, 0],
    ],
  },
  { at: 185, buyer: 0, items: [[1, 1, 0]], refund: 'folded' },
  { at: 710, buyer: 2, items: [[1, 2, 5]] }, // 03-10 20:50 local
  { at: 870, buyer: 0, items: [[0, 1, 0]] }, // 03-10 23:30 local, 03-11 02:30 UTC
  { at: 910, buyer: 1, items: [[0, 2, 0]] }, // 03-11 00:10 local
  { at: 1320, buyer: 2, items: [[0, 1, 0]], refund: 'at once' },
  { at: 1340, buyer: 2, items: [[1, 1, 0]] }, // 03-11 07:20 local
  {
    at: 1820,
    buyer: 0,
    items: [
      [0, 1, 0],
      [1, 1, 0],
    ],
  }, // 03-11 15:20 local
  { at: 2220, buyer: 1, items: [[1, 4, 0]] }, // 03-11 22:00 local, 03-12 01:00 UTC
  { at: 2745, buyer: 2, items: [[0, 1, 0]] }, // 03-12 10:45 local
  { at: 3255, buyer: 0, items: [[0, 2, 0]] }, // 03-12 19:15 local
];

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  const category = await createCategory(t.db, 'Produto', 'Período');
  const products = [
    (await createProduct(t.db, { categoryId: category, priceCents: 1000, name: 'Boné' })).id,
    (await createProduct(t.db, { categoryId: category, priceCents: 350, name: 'Agenda' })).id,
  ];
  const buyers = [];
  for (const name of ['Clara', 'Davi', 'Elisa']) {
    const person = await createParticipant(t.db, eventId, { name });
    buyers.push(person.cpf);
    if (name === 'Davi') davi = person.id;
  }
  let minutes = 0;
  for (const sale of SALES) {
    t.clock.advance((sale.at - minutes) * 60);
    minutes = sale.at;
    // Signed in at the sale's time: a token of the day before has expired.
    const seller = await storeClerk(t, ['Store']);
    const cashier = await openDrawer(await storeClerk(t, ['Checkout']));
    const card = (await paymentMethodIds(cashier))('Cartão de crédito');
    reporter = await storeClerk(t, ['Report', 'Participant']);
    const order = await finalizedOrder(
      seller,
      buyers[sale.buyer]!,
      sale.items.map(([product, quantidade, desconto]) => ({
        produto_id: products[product]!,
        quantidade,
        desconto,
      })),
    );
    orderOf(await cashier.pay(order.id, [{ id_forma_pagamento: card, valor: order.total }]));
    // Folded by a report before the refund: the fold takes it back from the summaries.
    if (sale.refund === 'folded') await figures({});
    if (sale.refund) {
      const manager = await storeClerk(t, ['System']);
      orderOf(
        await manager.call('POST', `/api/carrinho/estornar/${order.id}`, { motivo: 'Desistiu' }),
      );
    }
  }
}, 180_000); // a sign-in per sale: slow on a busy machine

afterAll(() => t.close());

async function figures(query: Record<string, string | number>) {
  const search = new URLSearchParams({ eventId: String(eventId), ...query } as never);
  const response = await reporter.call('GET', `/api/reports/compradores/por_produto?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResult>();
}

/** Local wall clock (UTC-3) as the ISO instant the lines are compared with. */
const instant = (local: string) =>
  new Date(`${local.replace(' ', 'T')}:00.000-03:00`).toISOString();

/** The period's buyers computed straight from the paid lines, as the page shows them. */
async function fromLines(inicio?: string, fim?: string) {
  const rows = await t.db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .where('o.event_id', '=', eventId)
    .where('o.state', 'in', SOLD_STATES)
    .$if(inicio !== undefined, (q) => q.where('o.paid_at', '>=', instant(inicio!)))
    .$if(fim !== undefined, (q) => q.where('o.paid_at', '<', instant(fim!)))
    .select([
      'p.name',
      'p.id',
      'o.cpf',
      'o.customer_name',
      sql<number>`sum(i.quantity)`.as('quantity'),
      sql<number>`sum(i.total_cents)`.as('total'),
    ])
    .groupBy(['p.id', 'p.name', 'o.customer_name', 'o.cpf'])
    .orderBy('p.name')
    .orderBy('p.id')
    .orderBy('o.customer_name')
    .orderBy('o.cpf')
    .execute();
  return {
    rows: rows.map((row) => ({
      produto: row.name,
      cpf: row.cpf,
      nome: row.customer_name,
      quantidade: Number(row.quantity),
      total: Number(row.total) / 100,
    })),
    totals: {
      quantidade: rows.reduce((sum, row) => sum + Number(row.quantity), 0),
      total: rows.reduce((sum, row) => sum + Number(row.total), 0) / 100,
    },
    total_linhas: rows.length,
  };
}

describe("a period's buyers from the summary by day and hour", () => {
  // [inicio, fim], local wall clock; each cuts the UTC days and hours another way.
  const periods: [string | undefined, string | undefined][] = [
    ['2025-03-10 09:00', '2025-03-12 23:00'], // whole hours over three UTC days
    ['2025-03-10 09:30', '2025-03-11 15:45'], // partial hours at both ends
    ['2025-03-11 00:00', '2025-03-12 00:00'], // a local day: 03:00 to 03:00 UTC
    ['2025-03-10 22:00', '2025-03-11 20:00'], // 01:00-23:00 UTC: a UTC day less two hours
    ['2025-03-10 10:00', '2025-03-10 23:00'], // one local evening over two UTC days
    ['2025-03-10 20:50', '2025-03-10 20:51'], // one minute: the lines alone
    ['2025-03-10 20:00', undefined], // from a moment on
    [undefined, '2025-03-11 07:00'], // up to a moment
    ['2025-03-12 20:00', '2025-03-13 00:00'], // after the last sale: no buyer
  ];

  it.each(periods)(
    '%s to %s: the same rows, totals and count as the paid lines',
    async (inicio, fim) => {
      const period = { ...(inicio ? { inicio } : {}), ...(fim ? { fim } : {}) };
      const expected = await fromLines(inicio, fim);
      const page = await figures({ ...period, ordem: 'produto', por_pagina: 100 });
      expect(page).toEqual(expected);
      // Its own order, and a page cut inside the rows, say the same.
      const unordered = await figures({ ...period, por_pagina: 100 });
      expect(unordered).toEqual(expected);
      const second = await figures({ ...period, ordem: 'produto', por_pagina: 2, pagina: 2 });
      expect(second.rows).toEqual(expected.rows.slice(2, 4));
      expect(second.total_linhas).toBe(expected.total_linhas);
    },
  );

  it('the periods are not all alike: sales on different days and hours are told apart', async () => {
    const counts = await Promise.all(periods.map(([inicio, fim]) => fromLines(inicio, fim)));
    expect(new Set(counts.map((one) => JSON.stringify(one.rows))).size).toBeGreaterThan(6);
    // The refunded sales are in no period.
    const everything = await figures({ inicio: '2025-03-01 00:00' });
    expect(everything.totals).toEqual((await fromLines('2025-03-01 00:00')).totals);
  });

  it('a period holding every sale is the report without a period; one leaving a sale out is not', async () => {
    // The first sale is at 09:00 local (12:00 UTC), the last at 15:15 local on 03-12: from the
    // first sale's hour to the end of the last's holds them all.
    for (const [inicio, fim] of [
      ['2025-03-10 09:00', '2025-03-12 16:00'],
      ['2025-03-01 00:00', '2025-04-01 00:00'],
    ] as const) {
      const pagings: Record<string, string | number>[] = [
        { ordem: 'produto', por_pagina: 100 },
        { ordem: 'total', direcao: 'desc', por_pagina: 3, pagina: 2 },
        { busca: 'clara', por_pagina: 100 },
      ];
      for (const paging of pagings) {
        const whole = await figures(paging);
        expect(await figures({ ...paging, inicio, fim })).toEqual(whole);
      }
      const csv = async (query: Record<string, string>) => {
        const search = new URLSearchParams({ eventId: String(eventId), ...query });
        const response = await reporter.call(
          'GET',
          `/api/reports/compradores/por_produto/csv?${search}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        return response.body;
      };
      expect(await csv({ inicio, fim })).toEqual(await csv({}));
      expect(await figures({ inicio, fim })).toEqual(await fromLines(inicio, fim));
    }
    // Inside the first or the last sale's hour: read from the summary and the lines, not whole.
    for (const [inicio, fim] of [
      ['2025-03-10 09:00', '2025-03-12 15:15'],
      ['2025-03-10 09:01', '2025-03-12 16:00'],
      ['2025-03-10 09:30', '2025-03-12 15:30'],
    ] as const) {
      const page = await figures({ inicio, fim, ordem: 'produto', por_pagina: 100 });
      expect(page).toEqual(await fromLines(inicio, fim));
      expect(page).not.toEqual(await fromLines());
    }
  });

  it("a period's page by product, by search, sorted by another column and as CSV: the lines' rows", async () => {
    for (const [inicio, fim] of [periods[1]!, periods[3]!] as [string, string][]) {
      const expected = await fromLines(inicio, fim);
      const product = await figures({ inicio, fim, ordem: 'produto', por_pagina: 100 });
      const boné = (
        await t.db.selectFrom('products').select('id').where('name', '=', 'Boné').execute()
      ).find(Boolean)!.id;
      const onlyBoné = await figures({ inicio, fim, productId: boné, por_pagina: 100 });
      expect(onlyBoné.rows).toEqual(expected.rows.filter((row) => row.produto === 'Boné'));
      expect(onlyBoné.total_linhas).toBe(onlyBoné.rows.length);
      const searched = await figures({ inicio, fim, busca: 'elisa', por_pagina: 100 });
      expect(searched.rows).toEqual(expected.rows.filter((row) => row.nome === 'Elisa'));
      expect(searched.total_linhas).toBe(searched.rows.length);
      const byTotal = await figures({
        inicio,
        fim,
        ordem: 'total',
        direcao: 'desc',
        por_pagina: 100,
      });
      expect(byTotal.total_linhas).toBe(expected.total_linhas);
      expect(byTotal.rows.map((row) => row.total)).toEqual(
        expected.rows.map((row) => row.total).sort((a, b) => Number(b) - Number(a)),
      );
      expect(product).toEqual(expected);
      const search = new URLSearchParams({ eventId: String(eventId), inicio, fim });
      const csv = await reporter.call('GET', `/api/reports/compradores/por_produto/csv?${search}`);
      expect(csv.statusCode, csv.body).toBe(200);
      // BOM and header, a line per row, the totals line.
      const lines = csv.body.trim().split(/\r?\n/);
      expect(lines.length).toBe(expected.rows.length + 2);
      expected.rows.forEach((row, index) => expect(lines[index + 1]).toContain(row.nome));
    }
  });

  it('a buyer and product whose only sale was refunded leaves no row behind in the summary', async () => {
    const empty = await t.db
      .selectFrom('report_buyer_slots')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('event_id', '=', eventId)
      .where('orders', '<=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(empty.n)).toBe(0);
  });

  it("an anonymised buyer's days and hours move to the new name: no period names him", async () => {
    const system = await storeClerk(t, ['System']);
    const response = await system.call('POST', `/api/participants/${davi}/anonymize`);
    expect(response.statusCode, response.body).toBe(200);
    for (const [inicio, fim] of [periods[0]!, periods[2]!, periods[3]!]) {
      const page = await figures({ inicio: inicio!, fim: fim!, por_pagina: 100 });
      expect(page).toEqual(await fromLines(inicio, fim));
      expect(page.rows.map((row) => row.nome)).not.toContain('Davi');
    }
  });
});
