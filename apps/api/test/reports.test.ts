import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_TRANSITIONS,
  formatCouponCode,
  formatCpf,
  type ReportResult,
} from '@balcao/contract';
import { createCourse, createCourseware, createParticipant } from './helpers/accreditation.ts';
import { createCenter, createUser, bearer, login } from './helpers/fixtures.ts';
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

/**
 * A hand-computed event (zone America/Sao_Paulo, UTC-3):
 * - A, paid 09:00 local by P1 (center Norte), cash: 2 × Camiseta R$ 10,00 at 10 % off = 18,00,
 *   1 × Caneca R$ 5,00 = 5,00 → 23,00.
 * - B, paid 09:00 local by P2 (center Sul), PIX: 1 × Camiseta = 10,00, then refunded.
 * - C, paid 11:00 local by P2, cash: 1 × Camiseta = 10,00 with a 50 % coupon → 5,00.
 * - D, finalized by P2 and not paid: 3 × Caneca = 15,00.
 * The seller belongs to center Norte.
 */
let t: TestContext;
let eventId: number;
let reporter: Record<string, string>;
let roupas: number;
let camiseta: number;
let norte: number;
let curso: number;
let anaCpf: string;
let brunoCpf: string;
/** Sells one Camiseta to a new participant and refunds it (the last test's own data). */
/** The 50 % coupon applied to C. */
let couponCode: string;
let soldAndRefunded: (name: string) => Promise<string>;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  norte = await createCenter(t.db, 'Norte', 901);
  const sul = await createCenter(t.db, 'Sul', 902);
  const p1 = await createParticipant(t.db, eventId, { name: 'Ana', center_id: norte });
  const p2 = await createParticipant(t.db, eventId, { name: '=Bruno', center_id: sul });
  anaCpf = p1.cpf;
  brunoCpf = p2.cpf;
  roupas = await createCategory(t.db, 'Produto', 'Roupas');
  const louca = await createCategory(t.db, 'Produto', 'Louça');
  camiseta = (await createProduct(t.db, { categoryId: roupas, priceCents: 1000, name: 'Camiseta' }))
    .id;
  const caneca = (await createProduct(t.db, { categoryId: louca, priceCents: 500, name: 'Caneca' }))
    .id;
  const seller = await storeClerk(t, ['Store']);
  await t.db
    .updateTable('users')
    .set({ center_id: norte })
    .where('id', '=', seller.userId)
    .execute();
  const cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  const method = await paymentMethodIds(cashier);

  const order = async (clerk: StoreClerk, cpf: string, items: [number, number, number][]) => {
    const lines = items.map(([produto_id, quantidade, desconto]) => ({
      produto_id,
      quantidade,
      desconto,
    }));
    return (await finalizedOrder(clerk, cpf, lines)).id;
  };
  const a = await order(seller, p1.cpf, [
    [camiseta, 2, 10],
    [caneca, 1, 0],
  ]);
  orderOf(await cashier.pay(a, [{ id_forma_pagamento: method('Dinheiro'), valor: 23 }]));
  const b = await order(seller, p2.cpf, [[camiseta, 1, 0]]);
  orderOf(await cashier.pay(b, [{ id_forma_pagamento: method('PIX'), valor: 10 }]));
  // Refunded through the screens' route: the pre-aggregated sales take it back.
  const manager = await storeClerk(t, ['System']);
  orderOf(await manager.call('POST', `/api/carrinho/estornar/${b}`, { motivo: 'Desistiu' }));
  t.clock.advance(2 * 3600);
  const c = await order(seller, p2.cpf, [[camiseta, 1, 0]]);
  // A real 50 % coupon, printed from a template and applied at the cashier.
  const admin = await storeClerk(t, ['Coupons']);
  const template = await admin.call('POST', `/api/coupons/templates?eventId=${eventId}`, {
    name: 'METADE',
    value: 50,
    categories: ['Produto'],
    startDate: null,
    expirationDate: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    whiteList: [],
    blackList: [],
    propagate: false,
  });
  expect(template.statusCode, template.body).toBe(200);
  const printed = await admin.call(
    'POST',
    `/api/coupons/templates/${template.json<{ id: number }>().id}/generate`,
  );
  const { code } = printed.json<{ coupon: { code: string } }>().coupon;
  couponCode = code;
  orderOf(await cashier.call('POST', `/api/carrinho/cupom/${c}`, { id_cupom: code }));
  orderOf(await cashier.pay(c, [{ id_forma_pagamento: method('Dinheiro'), valor: 5 }]));
  await order(seller, p2.cpf, [[caneca, 3, 0]]);
  soldAndRefunded = async (name) => {
    const buyer = await createParticipant(t.db, eventId, { name, center_id: sul });
    const id = await order(seller, buyer.cpf, [[camiseta, 1, 0]]);
    orderOf(await cashier.pay(id, [{ id_forma_pagamento: method('PIX'), valor: 10 }]));
    orderOf(await manager.call('POST', `/api/carrinho/estornar/${id}`, { motivo: 'Desistiu' }));
    return buyer.cpf;
  };

  // Coursewares: course 7, Norte has a printed one held by Ana and an issued one; Sul a returned one.
  curso = await createCourse(t.db, 7, 'Curso Básico');
  const held = await createCourseware(t.db, curso, norte, 42, 'ASSOCIATED');
  await t.db
    .updateTable('participants')
    .set({ courseware_id: held })
    .where('id', '=', p1.id)
    .execute();
  await createCourseware(t.db, curso, norte, 43, 'ISSUED');
  await createCourseware(t.db, curso, sul, 1, 'RETURNED');

  // Participant too: the reports' figures here name buyers by full CPF (masking: privacy.test.ts).
  const user = await createUser(t.db, { permissions: ['Report', 'Participant'] });
  reporter = bearer((await login(t.app, user)).access_token);
});
afterAll(() => t.close());

async function report(path: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams({ eventId: String(eventId), ...query } as never);
  return t.app.inject({ method: 'GET', url: `/api/reports/${path}?${search}`, headers: reporter });
}
async function figures(path: string, query: Record<string, string | number> = {}) {
  const response = await report(path, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResult>();
}

describe('reports', () => {
  it('dashboard: total, paid and to receive, refunds left out', async () => {
    const response = await report('dashboard');
    expect(response.json()).toEqual({ total: 43, pago: 28, a_receber: 15 });
  });

  it('vendas/total by category, discount and coupon subtracted', async () => {
    const result = await figures('vendas/total');
    expect(result.rows).toEqual([
      { categoria: 'Louça', pedidos: 1, quantidade: 1, bruto: 5, descontos: 0, total: 5 },
      { categoria: 'Roupas', pedidos: 2, quantidade: 3, bruto: 30, descontos: 7, total: 23 },
    ]);
    // A holds a shirt and a mug, on both rows: the totals count it once (A and C, not 3).
    expect(result.totals).toEqual({
      pedidos: 2,
      quantidade: 4,
      bruto: 35,
      descontos: 7,
      total: 28,
    });
  });

  it("vendas/por_produtos: the totals' Pedidos counts each paid order once", async () => {
    const result = await figures('vendas/por_produtos');
    expect(result.rows.map((row) => [row.produto, row.pedidos])).toEqual([
      ['Camiseta', 2],
      ['Caneca', 1],
    ]);
    expect(result.totals.pedidos).toBe(2);
    expect((await figures('vendas/por_produtos', { productId: camiseta })).totals.pedidos).toBe(2);
  });

  it('filters by category and product', async () => {
    expect((await figures('vendas/total', { categoryId: roupas })).totals.total).toBe(23);
    const byProduct = await figures('vendas/por_produtos', { productId: camiseta });
    expect(byProduct.rows).toEqual([
      {
        produto: 'Camiseta',
        categoria: 'Roupas',
        pedidos: 2,
        quantidade: 3,
        bruto: 30,
        descontos: 7,
        total: 23,
      },
    ]);
  });

  it('sales of the centers (seller) and purchases of the centers (participant)', async () => {
    const sellers = await figures('vendas/dos_nucleos');
    expect(sellers.rows.map((row) => [row.nucleo, row.total])).toEqual([['Norte', 28]]);
    const buyers = await figures('vendas/por_nucleos');
    expect(buyers.rows.map((row) => [row.nucleo, row.total])).toEqual([
      ['Norte', 23],
      ['Sul', 5],
    ]);
    const onlyNorte = await figures('vendas/por_nucleos', { centerId: norte });
    expect(onlyNorte.totals.total).toBe(23);
  });

  it('sales by payment method count what was received, refunds left out', async () => {
    const result = await figures('vendas/por_pagamentos');
    // A: 23,00 and C: 5,00 (10,00 with its 50 % coupon), both in cash.
    expect(result.rows).toEqual([{ forma_pagamento: 'Dinheiro', pagamentos: 2, total: 28 }]);
  });

  it('cupons: the paid orders each coupon was applied to and what it took off', async () => {
    const result = await figures('cupons');
    expect(result.rows).toEqual([
      {
        cupom: 'METADE',
        // The printed code: two coupons of one template are two rows told apart by it.
        codigo: formatCouponCode(couponCode),
        percentual: 50,
        pedidos: 1,
        desconto: 5,
        total: 5,
      },
    ]);
  });

  it('amount per hour slot with the running total', async () => {
    const result = await figures('vendas');
    expect(result.rows).toEqual([
      { hora: '2025-03-10T12:00:00.000Z', total: 23, acumulado: 23 },
      { hora: '2025-03-10T14:00:00.000Z', total: 5, acumulado: 28 },
    ]);
  });

  it('buyers per product and paid carts', async () => {
    const buyers = await figures('compradores/por_produto', { productId: camiseta });
    expect(buyers.rows.map((row) => [row.nome, row.quantidade, row.total])).toEqual([
      ['=Bruno', 1, 5],
      ['Ana', 2, 18],
    ]);
    const carts = await figures('carrinhos/pagos');
    expect(carts.rows.map((row) => [row.cliente, row.quantidade, row.total])).toEqual([
      ['Ana', 3, 23],
      ['=Bruno', 1, 5],
    ]);
    expect(carts.rows[0]!.pago_em).toBe('2025-03-10T12:00:00.000Z');
  });

  it('inicio and fim are wall clock in the event zone; fim is exclusive', async () => {
    // 09:00 in São Paulo is 12:00 UTC: order A is paid exactly then.
    expect((await figures('vendas/total', { inicio: '2025-03-10 09:00' })).totals.total).toBe(28);
    expect((await figures('vendas/total', { fim: '2025-03-10 09:00' })).totals.total).toBe(0);
    const later = await figures('vendas/total', {
      inicio: '2025-03-10 09:01',
      fim: '2025-03-10 11:01',
    });
    expect(later.totals.total).toBe(5);
  });

  it('answers 400 in Portuguese for bad filters', async () => {
    const badDate = await report('vendas/total', { inicio: '31/02/2025 10:00' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error_description).toBe('Data inicial inválida: use AAAA-MM-DD HH:mm.');
    const reversed = await report('vendas/total', {
      inicio: '2025-03-10 10:00',
      fim: '2025-03-10 09:00',
    });
    expect(reversed.json().error_description).toBe(
      'A data inicial deve ser anterior à data final.',
    );
    const noEvent = await t.app.inject({
      method: 'GET',
      url: '/api/reports/vendas/total',
      headers: reporter,
    });
    expect(noEvent.statusCode).toBe(400);
  });

  it('is refused without the Report permission', async () => {
    const seller = await createUser(t.db, { permissions: ['Store'] });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reports/vendas/total?eventId=${eventId}`,
      headers: bearer((await login(t.app, seller)).access_token),
    });
    expect(response.statusCode).toBe(403);
  });

  it('downloads a CSV: BOM, ";", decimal comma, formulas neutralised, totals line', async () => {
    // A reporter without Participant: the CPF column is masked (issue #17).
    const masked = await createUser(t.db, { permissions: ['Report'] });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reports/compradores/por_produto/csv?eventId=${eventId}&productId=${camiseta}`,
      headers: bearer((await login(t.app, masked)).access_token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="compradores-por-produto.csv"',
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Produto;CPF;Nome;Quantidade;Total');
    expect(lines[1]).toMatch(/^Camiseta;\*\*\*\.\d{3}\.\d{3}-\*\*;'=Bruno;1;5,00$/);
    expect(lines[2]).toMatch(/^Camiseta;\*\*\*\.\d{3}\.\d{3}-\*\*;Ana;2;18,00$/);
    expect(lines[3]).toBe('Total;;;3;23,00');
  });

  it('writes CPFs as 000.000.000-00 in a CSV, so a spreadsheet keeps their leading zeros', async () => {
    const response = await report('compradores/por_produto/csv', { productId: camiseta });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[1]).toBe(`Camiseta;${formatCpf(brunoCpf)};'=Bruno;1;5,00`);
    expect(lines[2]).toBe(`Camiseta;${formatCpf(anaCpf)};Ana;2;18,00`);
    const carts = await report('carrinhos/pagos/csv');
    expect(carts.rawPayload.toString('utf8')).toContain(`;${formatCpf(anaCpf)};Ana;`);
  });

  it("distribuicao_valores: each category's share of the net sales", async () => {
    const result = await figures('distribuicao_valores');
    expect(result.rows).toEqual([
      { categoria: 'Roupas', quantidade: 3, total: 23, percentual: 82.14 },
      { categoria: 'Louça', quantidade: 1, total: 5, percentual: 17.86 },
    ]);
    expect(result.totals).toEqual({ quantidade: 4, total: 28 });
  });

  it('paged reports answer one page, sorted as asked, with totals over every row', async () => {
    const first = await figures('carrinhos/pagos', { por_pagina: 1 });
    expect(first.rows.map((row) => row.cliente)).toEqual(['Ana']);
    expect(first.total_linhas).toBe(2);
    expect(first.totals).toEqual({ quantidade: 4, total: 28 });
    const sorted = await figures('carrinhos/pagos', {
      por_pagina: 1,
      pagina: 1,
      ordem: 'total',
      direcao: 'asc',
    });
    expect(sorted.rows.map((row) => row.total)).toEqual([5]);
    const second = await figures('compradores/por_produto', { por_pagina: 2, pagina: 2 });
    expect(second.total_linhas).toBe(3);
    expect(second.rows.map((row) => row.produto)).toEqual(['Caneca']);
    const bad = await report('carrinhos/pagos', { ordem: 'senha' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe('Coluna de ordenação desconhecida: senha.');
  });

  it('a sale paid mid-hour is counted by a period starting or ending inside that hour', async () => {
    // C was paid at 11:00 local (14:00 UTC); A at 09:00 local.
    const edge = await figures('vendas/por_produtos', {
      inicio: '2025-03-10 10:59',
      fim: '2025-03-10 11:30',
    });
    expect(edge.rows.map((row) => [row.produto, row.total])).toEqual([['Camiseta', 5]]);
    const before = await figures('vendas/dos_nucleos', { fim: '2025-03-10 10:30' });
    expect(before.totals.total).toBe(23);
    // The payments per method: partial hours from the payment rows, whole ones pre-aggregated.
    const paidEdge = await figures('vendas/por_pagamentos', {
      inicio: '2025-03-10 10:59',
      fim: '2025-03-10 11:30',
    });
    expect(paidEdge.rows).toEqual([{ forma_pagamento: 'Dinheiro', pagamentos: 1, total: 5 }]);
    const paidWhole = await figures('vendas/por_pagamentos', {
      inicio: '2025-03-10 09:00',
      fim: '2025-03-10 11:00',
    });
    expect(paidWhole.rows).toEqual([{ forma_pagamento: 'Dinheiro', pagamentos: 1, total: 23 }]);
    const paidNone = await figures('vendas/por_pagamentos', { fim: '2025-03-10 08:30' });
    expect(paidNone.rows).toEqual([]);
  });

  it('selos: coursewares per center and course, counted per status', async () => {
    const result = await figures('selos', { courseId: curso });
    expect(result.rows).toEqual([
      {
        nucleo: 'Norte',
        curso: 'Curso Básico',
        emitido: 1,
        impresso: 0,
        associado: 1,
        devolvido: 0,
        trocado: 0,
        cancelado: 0,
        total: 2,
      },
      {
        nucleo: 'Sul',
        curso: 'Curso Básico',
        emitido: 0,
        impresso: 0,
        associado: 0,
        devolvido: 1,
        trocado: 0,
        cancelado: 0,
        total: 1,
      },
    ]);
    expect(result.totals.total).toBe(3);
    expect((await figures('selos', { courseId: curso, centerId: norte })).totals.total).toBe(2);
  });

  it('apostilas: one row per courseware with its label code and holder; needs Courseware', async () => {
    const clerk = await createUser(t.db, { permissions: ['Courseware'] });
    const headers = bearer((await login(t.app, clerk)).access_token);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reports/apostilas?eventId=${eventId}&courseId=${curso}&centerId=${norte}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ReportResult>();
    expect(result.rows.map((row) => [row.codigo, row.situacao, row.participante])).toEqual([
      ['07-901-000042', 'Associado', 'Ana'],
      ['07-901-000043', 'Emitido', null],
    ]);
    expect(result.total_linhas).toBe(2);
    expect((await report('apostilas', { courseId: curso })).statusCode).toBe(403);
  });

  it('the courseware reports are not served outside the production mode', async () => {
    const sge = await startTestApp({ config: { appMode: 'FULL_SGE' } });
    try {
      const admin = await createUser(sge.db, { permissions: ['Report', 'Courseware'] });
      const headers = bearer((await login(sge.app, admin)).access_token);
      for (const path of ['selos', 'apostilas']) {
        const response = await sge.app.inject({
          method: 'GET',
          url: `/api/reports/${path}?eventId=1`,
          headers,
        });
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await sge.close();
    }
  });

  it("lists every product for the reports' Produto filter", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/reports/produtos',
      headers: reporter,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { id: camiseta, name: 'Camiseta' },
        expect.objectContaining({ name: 'Caneca' }),
      ]),
    );
  });
  it('compradores/por_produto: report_buyers and the lines of a period agree, page by page', async () => {
    const everything = { inicio: '2025-03-01 00:00', fim: '2025-04-01 00:00' };
    const summary = await figures('compradores/por_produto');
    // Refund of B taken back, discount (A) and coupon (C) subtracted; product, then name.
    expect(summary.rows).toEqual([
      { produto: 'Camiseta', cpf: brunoCpf, nome: '=Bruno', quantidade: 1, total: 5 },
      { produto: 'Camiseta', cpf: anaCpf, nome: 'Ana', quantidade: 2, total: 18 },
      { produto: 'Caneca', cpf: anaCpf, nome: 'Ana', quantidade: 1, total: 5 },
    ]);
    expect(summary.totals).toEqual({ quantidade: 4, total: 28 });
    expect(summary.total_linhas).toBe(3);
    for (const ordem of ['produto', 'cpf', 'nome', 'quantidade', 'total']) {
      for (const direcao of ['asc', 'desc']) {
        // Pages of 1 start inside a product; a page of 2 sorted desc spans two products; a page
        // past the last has no rows to count with, and still says how many there are.
        for (const [pagina, por_pagina] of [
          [1, 2],
          [2, 2],
          [2, 1],
          [5, 2],
        ]) {
          const asked = { ordem, direcao, pagina: pagina!, por_pagina: por_pagina! };
          const fromSummary = await figures('compradores/por_produto', asked);
          const fromLines = await figures('compradores/por_produto', { ...asked, ...everything });
          expect(fromLines, `${ordem} ${direcao} ${pagina}/${por_pagina}`).toEqual(fromSummary);
        }
      }
    }
    const byTotal = await figures('compradores/por_produto', { ordem: 'total', direcao: 'desc' });
    // Ties (5 and 5) by product (id), name and cpf, the same direction: Caneca before Camiseta.
    expect(byTotal.rows.map((row) => [row.produto, row.total])).toEqual([
      ['Camiseta', 18],
      ['Caneca', 5],
      ['Camiseta', 5],
    ]);
    const clothes = await figures('compradores/por_produto', { categoryId: roupas });
    expect(clothes.total_linhas).toBe(2);
    const oneProduct = await figures('compradores/por_produto', { productId: camiseta });
    expect(oneProduct.total_linhas).toBe(2);
    const period = await figures('compradores/por_produto', { inicio: '2025-03-10 10:00' });
    expect(period.rows).toEqual([
      { produto: 'Camiseta', cpf: brunoCpf, nome: '=Bruno', quantidade: 1, total: 5 },
    ]);
    expect(period.total_linhas).toBe(1);
  });

  it('busca looks a buyer up by name or CPF on the buyers and the paid carts', async () => {
    const ana = await figures('compradores/por_produto', { busca: ' aNA ' });
    expect(ana.rows.map((row) => [row.produto, row.nome])).toEqual([
      ['Camiseta', 'Ana'],
      ['Caneca', 'Ana'],
    ]);
    expect(ana.total_linhas).toBe(2);
    expect(ana.totals).toEqual({ quantidade: 3, total: 23 });
    const typedCpf = `${brunoCpf.slice(0, 3)}.${brunoCpf.slice(3, 6)}.${brunoCpf.slice(6, 9)}-${brunoCpf.slice(9)}`;
    const bruno = await figures('compradores/por_produto', {
      busca: typedCpf,
      inicio: '2025-03-01 00:00',
    });
    expect(bruno.rows.map((row) => row.nome)).toEqual(['=Bruno']);
    const carts = await figures('carrinhos/pagos', { busca: 'bru' });
    expect(carts.rows.map((row) => [row.cliente, row.quantidade, row.total])).toEqual([
      ['=Bruno', 1, 5],
    ]);
    expect(carts.total_linhas).toBe(1);
    expect(carts.totals).toEqual({ quantidade: 1, total: 5 });
    // A LIKE wildcard is looked for as typed.
    expect((await figures('carrinhos/pagos', { busca: '%' })).total_linhas).toBe(0);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/reports/carrinhos/pagos/csv?eventId=${eventId}&busca=ana`,
      headers: reporter,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Ana');
    expect(csv.body).not.toContain('Bruno');
  });

  it("a buyer's refunded only purchase leaves the buyers report", async () => {
    const cpf = await soldAndRefunded('Carla');
    const camisetas = await figures('compradores/por_produto', { productId: camiseta });
    expect(camisetas.rows.map((row) => row.cpf)).not.toContain(cpf);
    expect(camisetas.total_linhas).toBe(2);
    const rows = await t.db
      .selectFrom('report_buyers')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('cpf', '=', cpf)
      .execute();
    expect(rows).toEqual([]);
  });

  it('only the payment and the refund make or unmake a sale (they alone keep the summaries)', () => {
    const sale = new Set(['PAGO', 'ENTREGUE']);
    const crossing = Object.values(ORDER_TRANSITIONS)
      .filter((step) => step.from.some((from) => sale.has(from) !== sale.has(step.to ?? from)))
      .map((step) => step.action)
      .sort();
    expect(crossing).toEqual(['estornar', 'pagar']);
  });
});
