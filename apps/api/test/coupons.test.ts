import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_ALREADY_USED,
  COUPON_EXPIRATION_PAST,
  COUPON_EXPIRED,
  COUPON_FILL_FIELDS,
  COUPON_INVALIDATED,
  COUPON_NAME_TOO_LONG,
  COUPON_NOT_FOUND,
  COUPON_NO_ALLOWED_PRODUCT,
  COUPON_NO_CATEGORY,
  COUPON_NO_EXPIRATION,
  COUPON_NO_MATCHING_ITEM,
  COUPON_OTHER_EVENT,
  COUPON_PERCENT_OVER_100,
  COUPON_START_BEFORE_NOW,
  COUPON_USED_CANNOT_CHANGE,
  formatCouponCode,
  type CouponConfigDto,
  type CouponDto,
  type CouponTemplateDto,
  type CouponTemplateInput,
  type OrderDto,
} from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import { createEvent, createPrinter, mapPrinter } from './helpers/fixtures.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  orderOf,
  paymentMethodIds,
  printedText,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { readPdf } from './helpers/pdf-text.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * Coupons through the real API and database (docs/coupons-api.md): every template validation,
 * the list rules against a plain reference, expiry at the UTC instant, the automatic coupon at
 * its minimum, and one coupon paid by 20 orders at once.
 */
let t: TestContext;
let eventId: number;
let admin: StoreClerk;
let seller: StoreClerk;
let cashier: StoreClerk;
let cpf: string;
let cash: number;
/** 3 products of a 'Produto' category and 2 of a 'Curso' one, R$ 10,00 to R$ 50,00. */
let products: { id: number; type: 'Produto' | 'Curso'; priceCents: number }[];

const DAY = 86_400_000;
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

function form(overrides: Partial<CouponTemplateInput> = {}): CouponTemplateInput {
  return {
    name: 'Cupom de teste',
    value: 10,
    categories: ['Produto', 'Curso'],
    startDate: null,
    expirationDate: later(DAY),
    whiteList: [],
    blackList: [],
    propagate: false,
    ...overrides,
  };
}

async function createTemplate(overrides: Partial<CouponTemplateInput> = {}) {
  const response = await admin.call('POST', '/api/coupons/templates', form(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CouponTemplateDto>();
}

async function generate(templateId: number): Promise<CouponDto> {
  const response = await admin.call('POST', `/api/coupons/templates/${templateId}/generate`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ coupon: CouponDto }>().coupon;
}

/** A finalized order with these products (quantity 1 unless given). */
async function openOrder(lines: { id: number; quantidade?: number; desconto?: number }[]) {
  return finalizedOrder(
    seller,
    cpf,
    lines.map((line) => ({
      produto_id: line.id,
      quantidade: line.quantidade ?? 1,
      desconto: line.desconto ?? 0,
    })),
  );
}

const apply = (orderId: number, code: string | null) =>
  cashier.call('POST', `/api/carrinho/cupom/${orderId}`, { id_cupom: code });
const payInFull = (order: OrderDto, clerk = cashier) =>
  clerk.pay(order.id, [{ id_forma_pagamento: cash, valor: order.total }]);

async function couponsOf(event = eventId): Promise<CouponDto[]> {
  const response = await admin.call('GET', `/api/coupons/select?eventId=${event}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CouponDto[]>();
}

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  cpf = (await createParticipant(t.db, eventId)).cpf;
  const produto = await createCategory(t.db, 'Produto');
  const curso = await createCategory(t.db, 'Curso');
  products = [];
  for (const [type, categoryId, priceCents] of [
    ['Produto', produto, 1000],
    ['Produto', produto, 2550],
    ['Produto', produto, 3333],
    ['Curso', curso, 4999],
    ['Curso', curso, 5000],
  ] as const) {
    const { id } = await createProduct(t.db, { categoryId, priceCents, inventory: 100_000 });
    products.push({ id, type, priceCents });
  }
  admin = await storeClerk(t, ['Coupons']);
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  cash = (await paymentMethodIds(cashier))('Dinheiro');
});
afterAll(() => t.close());

describe('coupon templates', () => {
  it('refuses each invalid form with its pt-BR message', async () => {
    const cursoOnly = products.find((product) => product.type === 'Produto')!;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...form(), name: '' }, COUPON_FILL_FIELDS],
      [{ ...form(), name: undefined }, COUPON_FILL_FIELDS],
      [{ ...form(), value: null }, COUPON_FILL_FIELDS],
      [form({ value: 0 }), COUPON_FILL_FIELDS],
      [form({ name: 'x'.repeat(256) }), COUPON_NAME_TOO_LONG],
      [form({ value: 100.5 }), COUPON_PERCENT_OVER_100],
      [form({ categories: [] }), COUPON_NO_CATEGORY],
      [{ ...form(), expirationDate: null }, COUPON_NO_EXPIRATION],
      [form({ expirationDate: later(-1000) }), COUPON_EXPIRATION_PAST],
      [form({ startDate: later(-60_001) }), COUPON_START_BEFORE_NOW],
      // Only courses, and the whitelist holds only a product: nothing left to discount.
      [
        form({ categories: ['Curso'], whiteList: [{ id: cursoOnly.id }] }),
        COUPON_NO_ALLOWED_PRODUCT,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await admin.call('POST', '/api/coupons/templates', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error_description).toBe(message);
    }
    expect(await admin.call('GET', '/api/coupons/templates')).toMatchObject({ statusCode: 200 });
  });

  it('is reserved to Coupons; applying is for cashiers', async () => {
    expect((await cashier.call('GET', '/api/coupons/templates')).statusCode).toBe(403);
    expect((await seller.call('POST', '/api/coupons/templates', form())).statusCode).toBe(403);
    expect((await cashier.call('GET', '/api/coupons/select')).statusCode).toBe(403);
    expect((await cashier.call('GET', '/api/coupons/config')).statusCode).toBe(403);
    expect((await admin.call('POST', '/api/carrinho/cupom/1', { id_cupom: null })).statusCode).toBe(
      403,
    );
  });

  it('prints a coupon whose random code is on the paper and counts it', async () => {
    const template = await createTemplate({ name: 'Impressão', value: 12.5 });
    const first = await generate(template.id);
    const second = await generate(template.id);
    expect(first.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(first.code).not.toBe(second.code);
    expect(first.code).not.toBe(String(first.id));
    expect(first).toMatchObject({
      value: 12.5,
      state: 'available',
      template: { name: 'Impressão' },
    });
    const printed = await admin.call('POST', `/api/coupons/templates/${template.id}/generate`);
    const { filename } = printed.json<{ filename: string }>();
    const text = await printedText(t.db, filename);
    expect(text).toContain('Impressão');
    expect(text).toContain(formatCouponCode(printed.json<{ coupon: CouponDto }>().coupon.code));
    const [listed] = (await admin.call('GET', '/api/coupons/templates'))
      .json<CouponTemplateDto[]>()
      .filter((row) => row.id === template.id);
    expect(listed).toMatchObject({ generated: 3, available: 3, used: 0 });
  });

  it('prints a batch of coupons as one PDF, a page each, and refuses more than 30 at once', async () => {
    const template = await createTemplate({ name: 'Lote', value: 10 });
    const url = `/api/coupons/templates/${template.id}/generate`;
    const printed = await admin.call('POST', url, { quantity: 3 });
    expect(printed.statusCode).toBe(200);
    const { filename, coupons } = printed.json<{ filename: string; coupons: CouponDto[] }>();
    expect(new Set(coupons.map((coupon) => coupon.code)).size).toBe(3);
    const file = await t.db
      .selectFrom('print_files')
      .select('content')
      .where('filename', '=', filename)
      .executeTakeFirstOrThrow();
    const { pages } = await readPdf(Buffer.from(file.content));
    expect(pages.map((page) => page.text.includes('Lote'))).toEqual([true, true, true]);
    coupons.forEach((coupon, index) =>
      expect(pages[index]!.text).toContain(formatCouponCode(coupon.code)),
    );
    for (const quantity of [0, 31, 'três']) {
      const refused = await admin.call('POST', url, { quantity });
      expect(refused.statusCode).toBe(400);
    }
    const [listed] = (await admin.call('GET', '/api/coupons/templates'))
      .json<CouponTemplateDto[]>()
      .filter((row) => row.id === template.id);
    expect(listed).toMatchObject({ generated: 3, available: 3 });
  });

  it('propagates edits to unused coupons only when asked', async () => {
    const template = await createTemplate({ name: 'Propaga', value: 10 });
    const coupon = await generate(template.id);
    const edit = (body: CouponTemplateInput) =>
      admin.call('POST', `/api/coupons/templates/${template.id}`, body);
    expect((await edit(form({ name: 'Propaga', value: 20 }))).statusCode).toBe(200);
    const valueOf = async () => (await couponsOf()).find((row) => row.id === coupon.id)!.value;
    expect(await valueOf()).toBe(10);
    const saved = await edit(form({ name: 'Propaga', value: 30, propagate: true }));
    expect(saved.json()).toMatchObject({ value: 30, propagate: true });
    expect(await valueOf()).toBe(30);
  });

  it('deletes a template (not the one automatic coupons use)', async () => {
    const template = await createTemplate({ name: 'Apagar' });
    expect((await admin.call('DELETE', `/api/coupons/templates/${template.id}`)).statusCode).toBe(
      200,
    );
    const listed = (await admin.call('GET', '/api/coupons/templates')).json<CouponTemplateDto[]>();
    expect(listed.map((row) => row.id)).not.toContain(template.id);
    expect((await admin.call('DELETE', `/api/coupons/templates/${template.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('coupons', () => {
  it('removes and invalidates unused coupons only; removed ones leave the list', async () => {
    const template = await createTemplate({ name: 'Estados' });
    const [kept, removed, invalid] = [
      await generate(template.id),
      await generate(template.id),
      await generate(template.id),
    ];
    const remove = await admin.call(
      'POST',
      `/api/coupons/delete/${removed!.id}?eventId=${eventId}`,
    );
    expect(remove.statusCode, remove.body).toBe(200);
    const invalidate = await admin.call('POST', `/api/coupons/invalidate/${invalid!.id}`);
    expect(invalidate.json()).toMatchObject({ isValid: false, state: 'invalidated' });
    const listed = await couponsOf();
    expect(listed.map((row) => row.id)).not.toContain(removed!.id);
    expect(listed.find((row) => row.id === kept!.id)?.state).toBe('available');
    const order = await openOrder([{ id: products[0]!.id }]);
    const refused = await apply(order.id, invalid!.code);
    expect(refused.json().error_description).toBe(COUPON_INVALIDATED);
    expect((await apply(order.id, removed!.code)).statusCode).toBe(400);
    // Used: it stays used, neither removed nor invalidated.
    orderOf(await apply(order.id, kept!.code));
    orderOf(await payInFull(orderOf(await cashier.call('GET', `/api/carrinho/info/${order.id}`))));
    const again = await admin.call('POST', `/api/coupons/invalidate/${kept!.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toBe(COUPON_USED_CANNOT_CHANGE);
    const [counters] = (await admin.call('GET', '/api/coupons/templates'))
      .json<CouponTemplateDto[]>()
      .filter((row) => row.id === template.id);
    expect(counters).toMatchObject({ generated: 3, used: 1, invalidated: 1, removed: 1 });
    expect((await couponsOf()).find((row) => row.id === kept!.id)).toMatchObject({
      state: 'used',
      usedOrderId: order.id,
    });
  });

  it('is expired after its expiration instant (UTC), not at it', async () => {
    const expiration = new Date(t.clock.now().getTime() + 3_600_000);
    const template = await createTemplate({
      name: 'Expira',
      expirationDate: expiration.toISOString(),
    });
    const coupon = await generate(template.id);
    const order = await openOrder([{ id: products[0]!.id }]);
    t.clock.advance(3600); // exactly the expiration instant: still valid
    expect((await couponsOf()).find((row) => row.id === coupon.id)?.state).toBe('available');
    orderOf(await apply(order.id, coupon.code));
    t.clock.advance(0.001); // one millisecond later
    expect((await couponsOf()).find((row) => row.id === coupon.id)?.state).toBe('expired');
    const late = await apply(order.id, coupon.code);
    expect(late.statusCode).toBe(400);
    expect(late.json().error_description).toBe(COUPON_EXPIRED);
    // The order still holds it: paying now is refused, and nothing is paid.
    const paid = await payInFull(
      orderOf(await cashier.call('GET', `/api/carrinho/info/${order.id}`)),
    );
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error_description).toBe(COUPON_EXPIRED);
    orderOf(await apply(order.id, null));
  });
});

describe('applying a coupon at the cashier', () => {
  it('discounts each item, takes a typed code with dashes, and is removed by an empty code', async () => {
    const template = await createTemplate({ name: 'Caixa', value: 15 });
    const coupon = await generate(template.id);
    const order = await openOrder([
      { id: products[1]!.id, quantidade: 2, desconto: 5 },
      { id: products[3]!.id },
    ]);
    const applied = orderOf(await apply(order.id, formatCouponCode(coupon.code).toLowerCase()));
    expect(applied.coupon).toEqual({ name: 'Caixa', value: 15 });
    // 2 × 25,50 = 51,00 at 15 % = 7,65; 49,99 at 15 % = 7,4985 → 7,50
    expect(applied.items.map((item) => [item.desconto, item.valor_desconto, item.total])).toEqual([
      [15, 7.65, 43.35],
      [15, 7.5, 42.49],
    ]);
    expect(applied.total).toBe(85.84);
    // Saving the lines again (a quantity changed at the cashier) keeps the coupon's percent.
    const saved = orderOf(
      await cashier.call('POST', `/api/carrinho/atualizar/${order.id}`, {
        items: [
          { produto_id: products[1]!.id, quantidade: 1, desconto: 5 },
          { produto_id: products[3]!.id, quantidade: 1, desconto: 0 },
        ],
      }),
    );
    // 25,50 at 15 % = 3,825 → 3,83; 49,99 → 7,50
    expect(saved.items.map((item) => [item.desconto, item.valor_desconto])).toEqual([
      [15, 3.83],
      [15, 7.5],
    ]);
    expect(saved.total).toBe(64.16);
    const removed = orderOf(await apply(order.id, ''));
    expect(removed.coupon).toBeNull();
    // The seller's own discount is back.
    expect(removed.items.map((item) => item.desconto)).toEqual([5, 0]);
    expect(removed.total).toBe(74.21); // 25,50 − 1,28 (5 %, 1,275 rounded up) + 49,99
  });

  it('refuses unknown codes, other events and orders with no item it covers', async () => {
    const order = await openOrder([{ id: products[3]!.id }]);
    const unknown = await apply(order.id, 'ZZZZZZZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_description).toBe(COUPON_NOT_FOUND);
    const productsOnly = await generate((await createTemplate({ categories: ['Produto'] })).id);
    const mismatch = await apply(order.id, productsOnly.code);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error_description).toBe(COUPON_NO_MATCHING_ITEM);
    const other = await createEvent(t.db);
    const elsewhere = await admin.call('POST', `/api/coupons/templates?eventId=${other}`, form());
    const foreign = await generate(elsewhere.json<CouponTemplateDto>().id);
    const refused = await apply(order.id, foreign.code);
    expect(refused.json().error_description).toBe(COUPON_OTHER_EVENT);
    expect((await couponsOf(other)).map((row) => row.id)).toEqual([foreign.id]);
  });

  it('follows the list rules of SPEC.md section 4 for any lists (property)', async () => {
    /** The plain reference: whitelist → only listed; blacklist → listed get 0; categories first. */
    const reference = (
      product: (typeof products)[number],
      rule: {
        value: number;
        categories: readonly string[];
        white: readonly number[];
        black: readonly number[];
      },
    ) => {
      if (!rule.categories.includes(product.type)) return 0;
      if (rule.white.length > 0) return rule.white.includes(product.id) ? rule.value : 0;
      if (rule.black.includes(product.id)) return 0;
      return rule.value;
    };
    const ids = products.map((product) => product.id);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }).map((bp) => bp / 100),
        fc.subarray(['Produto', 'Curso'] as ('Produto' | 'Curso')[], { minLength: 1 }),
        fc.oneof(
          fc.constant({ white: [] as number[], black: [] as number[] }),
          fc.record({ white: fc.constant([] as number[]), black: fc.subarray(ids) }),
          fc.record({
            white: fc.subarray(ids, { minLength: 1 }),
            black: fc.constant([] as number[]),
          }),
        ),
        fc.subarray(products, { minLength: 1 }),
        async (value, categories, lists, lines) => {
          const rule = { value, categories, ...lists };
          const allowed = products.filter((product) => reference(product, rule) > 0);
          const body = form({
            value,
            categories,
            whiteList: lists.white.map((id) => ({ id })),
            blackList: lists.black.map((id) => ({ id })),
          });
          const response = await admin.call('POST', '/api/coupons/templates', body);
          if (allowed.length === 0) {
            expect(response.json().error_description).toBe(COUPON_NO_ALLOWED_PRODUCT);
            return;
          }
          const coupon = await generate(response.json<CouponTemplateDto>().id);
          const order = await openOrder(lines.map((line) => ({ id: line.id, quantidade: 3 })));
          const applied = await apply(order.id, coupon.code);
          const expected = lines.map((line) => reference(line, rule));
          if (expected.every((percent) => percent === 0)) {
            expect(applied.json().error_description).toBe(COUPON_NO_MATCHING_ITEM);
            return;
          }
          const items = orderOf(applied).items;
          expect(items.map((item) => item.desconto)).toEqual(expected);
          expect(items.map((item) => item.valor_desconto)).toEqual(
            lines.map((line, index) => {
              const gross = line.priceCents * 3;
              return (
                Math.min(
                  gross,
                  Math.floor((gross * Math.round(expected[index]! * 100) + 5000) / 10_000),
                ) / 100
              );
            }),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('is used by the first order paid with it; 20 payments at once: exactly one', async () => {
    const coupon = await generate((await createTemplate({ name: 'Corrida', value: 20 })).id);
    const orders: OrderDto[] = [];
    for (let i = 0; i < 20; i++) {
      const order = await openOrder([{ id: products[0]!.id }]);
      orders.push(orderOf(await apply(order.id, coupon.code)));
    }
    const cashiers = [cashier, await openDrawer(await storeClerk(t, ['StoreCheckout']))];
    const answers = await Promise.all(
      orders.map((order, index) => payInFull(order, cashiers[index % 2])),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().error_description).toBe(COUPON_ALREADY_USED);
    }
    const winner = orders[statuses.indexOf(200)]!;
    const used = (await couponsOf()).find((row) => row.id === coupon.id)!;
    expect(used).toMatchObject({ state: 'used', usedOrderId: winner.id });
    const paid = await t.db
      .selectFrom('orders')
      .select('id')
      .where(
        'id',
        'in',
        orders.map((order) => order.id),
      )
      .where('state', '=', 'PAGO')
      .execute();
    expect(paid.map((row) => row.id)).toEqual([winner.id]);
    // A refund frees nothing: the coupon stays used.
    const system = await storeClerk(t, ['System']);
    const refund = await system.call('POST', `/api/carrinho/estornar/${winner.id}`, {
      motivo: 'teste',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await couponsOf()).find((row) => row.id === coupon.id)?.state).toBe('used');
  });
});

describe('automatic coupons', () => {
  it('saves the settings and checks them', async () => {
    const template = await createTemplate({ name: 'Automático' });
    const save = (body: CouponConfigDto) =>
      admin.call('POST', `/api/coupons/config?eventId=${eventId}`, body);
    expect((await save({ enabled: true, templateId: null, minValue: 100 })).statusCode).toBe(400);
    expect((await save({ enabled: true, templateId: template.id, minValue: 0 })).statusCode).toBe(
      400,
    );
    expect((await save({ enabled: true, templateId: 999_999, minValue: 10 })).statusCode).toBe(404);
    const saved = await save({ enabled: true, templateId: template.id, minValue: 6000 });
    expect(saved.json()).toEqual({ enabled: true, templateId: template.id, minValue: 6000 });
    expect((await admin.call('GET', '/api/coupons/config')).json()).toEqual(saved.json());
    const del = await admin.call('DELETE', `/api/coupons/templates/${template.id}`);
    expect(del.statusCode).toBe(409);
  });

  it('earns a coupon at exactly the minimum, not one cent below, printed with the receipt', async () => {
    // Minimum R$ 60,00 (above): 50,00 + 10,00 reaches it; 49,99 + 10,00 does not.
    const origin = async (orderId: number) =>
      (await couponsOf()).filter((row) => row.originOrderId === orderId);
    const below = await openOrder([
      { id: products[4]!.id, desconto: 0.02 },
      { id: products[0]!.id },
    ]);
    expect(below.total).toBe(59.99);
    orderOf(await payInFull(below));
    expect(await origin(below.id)).toEqual([]);
    const exact = await openOrder([{ id: products[4]!.id }, { id: products[0]!.id }]);
    expect(exact.total).toBe(60);
    orderOf(await payInFull(exact));
    const [earned] = await origin(exact.id);
    expect(earned).toMatchObject({ state: 'available', template: { name: 'Automático' } });
    const before = await t.db.selectFrom('print_files').select('id').execute();
    const receipt = await cashier.call('GET', `/api/carrinho/imprimir/recibo/${exact.id}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    const files = await t.db
      .selectFrom('print_files')
      .select('filename')
      .where(
        'id',
        'not in',
        before.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(files.map((file) => file.filename.split('-')[0])).toEqual(['recibo', 'cupom']);
    expect(await printedText(t.db, files[1]!.filename)).toContain(formatCouponCode(earned!.code));
    // No printer mapped: the answer hands the browser both files, and the coupon's code.
    expect(receipt.json()).toEqual({
      filename: files[0]!.filename,
      coupons: [{ code: earned!.code, filename: files[1]!.filename }],
    });
    // A refund invalidates the coupon the order earned.
    const system = await storeClerk(t, ['System']);
    orderOf(await system.call('POST', `/api/carrinho/estornar/${exact.id}`, { motivo: 'teste' }));
    expect((await origin(exact.id))[0]?.state).toBe('invalidated');
    await admin.call('POST', `/api/coupons/config?eventId=${eventId}`, {
      enabled: false,
      templateId: null,
      minValue: 0,
    });
  });

  it("queues the receipt and the coupon on the cashier's printer and answers both", async () => {
    const template = await createTemplate({ name: 'Automático na fila' });
    await admin.call('POST', `/api/coupons/config?eventId=${eventId}`, {
      enabled: true,
      templateId: template.id,
      minValue: 6000,
    });
    const printer = await createPrinter(t.db, 'Caixa do cupom');
    await mapPrinter(t.db, cashier.username, printer.id, 'CHECKOUT');
    const order = await openOrder([{ id: products[4]!.id }, { id: products[1]!.id }]);
    orderOf(await payInFull(order));
    const [earned] = (await couponsOf()).filter((row) => row.originOrderId === order.id);
    const receipt = await cashier.call('GET', `/api/carrinho/imprimir/recibo/${order.id}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    const jobs = await t.db
      .selectFrom('print_jobs')
      .select(['id', 'kind', 'status'])
      .where('printer_id', '=', printer.id)
      .orderBy('id')
      .execute();
    expect(jobs.map((job) => [job.kind, job.status])).toEqual([
      ['recibo', 'queued'],
      ['cupom', 'queued'],
    ]);
    expect(receipt.json()).toEqual({
      jobId: jobs[0]!.id,
      printer: 'Caixa do cupom',
      coupons: [{ code: earned!.code, jobId: jobs[1]!.id, printer: 'Caixa do cupom' }],
    });
    // An order that earned nothing answers an empty list.
    const small = await openOrder([{ id: products[0]!.id }]);
    orderOf(await payInFull(small));
    const plain = await cashier.call('GET', `/api/carrinho/imprimir/recibo/${small.id}`);
    expect(plain.json()).toEqual({
      jobId: expect.any(Number),
      printer: 'Caixa do cupom',
      coupons: [],
    });
    await t.db.deleteFrom('print_mappings').where('printer_id', '=', printer.id).execute();
    await admin.call('POST', `/api/coupons/config?eventId=${eventId}`, {
      enabled: false,
      templateId: null,
      minValue: 0,
    });
  });
});
