import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPageDto, AuditRowDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import { createEvent } from './helpers/fixtures.ts';
import {
  createCategory,
  createProduct,
  orderOf,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { form, tableCaller, type TableCaller } from './helpers/tables.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
let eventId: number;
let customer: { id: number; cpf: string };
let shirt: { id: number; name: string };
let seller: StoreClerk;
let cashier: StoreClerk;
/** System: reads the audit log, edits tables, refunds. */
let admin: StoreClerk;
let tables: TableCaller;
let cash: number;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  customer = await createParticipant(t.db, eventId, { name: 'Rita Alves' });
  shirt = await createProduct(t.db, {
    categoryId: await createCategory(t.db, 'Produto'),
    priceCents: 5000,
    inventory: 100,
  });
  seller = await storeClerk(t, ['Store'], { remoteAddress: '10.0.0.11' });
  cashier = await openDrawer(await storeClerk(t, ['Checkout'], { remoteAddress: '10.0.0.22' }));
  admin = await storeClerk(t, ['System', 'Coupons', 'Participant'], {
    remoteAddress: '10.0.0.33',
  });
  tables = await tableCaller(t, ['System', 'Participant']);
  cash = (await paymentMethodIds(cashier))('Dinheiro');
});
afterAll(() => t.close());

async function auditPage(query = ''): Promise<AuditPageDto> {
  const response = await admin.call('GET', `/api/audit${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPageDto>();
}

/** The rows about one record, oldest first. */
async function rowsOf(entity: string, id: number | string): Promise<AuditRowDto[]> {
  const { rows } = await auditPage(`entidade=${entity}&por_pagina=500`);
  return rows.filter((row) => row.registro === String(id)).reverse();
}

async function finalizedOrder(): Promise<number> {
  const id = await seller.newCart();
  orderOf(await seller.update(id, [{ produto_id: shirt.id, desconto: 0, quantidade: 2 }]));
  orderOf(await seller.finalize(id, customer.cpf));
  return id;
}

describe('money', () => {
  it('a payment leaves the order change and the payment, with who and from where', async () => {
    const id = await finalizedOrder();
    orderOf(await cashier.pay(id, [{ id_forma_pagamento: cash, valor: 100 }]));

    const order = (await rowsOf('orders', id)).find((row) => row.acao === 'pagar');
    expect(order).toMatchObject({
      usuario_id: cashier.userId,
      usuario: cashier.username,
      ip: '10.0.0.22',
      antes: { state: 'AGUARDANDO_PAGAMENTO', cashier_id: null, paid_at: null },
      depois: { state: 'PAGO', cashier_id: cashier.userId, paid_at: t.clock.now().toISOString() },
    });
    const [payment] = await rowsOf('order_payments', id);
    expect(payment).toMatchObject({
      acao: 'pagar',
      antes: null,
      depois: { pagamentos: [{ id_forma_pagamento: cash, amount_cents: 10000 }] },
    });
  });

  it('a refund leaves PAGO → ESTORNADO and its reason', async () => {
    const id = await finalizedOrder();
    orderOf(await cashier.pay(id, [{ id_forma_pagamento: cash, valor: 100 }]));
    orderOf(await admin.call('POST', `/api/carrinho/estornar/${id}`, { motivo: 'Tamanho errado' }));
    const refund = (await rowsOf('orders', id)).find((row) => row.acao === 'estornar');
    expect(refund).toMatchObject({
      usuario: admin.username,
      ip: '10.0.0.33',
      antes: { state: 'PAGO', refund_reason: null },
      depois: { state: 'ESTORNADO', refund_reason: 'Tamanho errado' },
    });
  });

  it("a cart's new lines leave the old total and the new one", async () => {
    const id = await seller.newCart();
    const two = orderOf(
      await seller.update(id, [{ produto_id: shirt.id, desconto: 0, quantidade: 2 }]),
    );
    const three = orderOf(
      await seller.update(id, [{ produto_id: shirt.id, desconto: 0, quantidade: 3 }]),
    );
    const changes = (await rowsOf('orders', id)).filter((row) => row.acao === 'atualizar');
    expect(changes.at(-1)).toMatchObject({
      antes: { total_cents: Math.round(two.total * 100) },
      depois: { total_cents: Math.round(three.total * 100) },
    });
  });

  it('a payment refused (rolled back) leaves no row', async () => {
    const id = await finalizedOrder();
    const before = (await auditPage()).total_linhas;
    // R$ 90 for a R$ 100 order: refused after the state change, inside the transaction.
    const refused = await cashier.pay(id, [{ id_forma_pagamento: cash, valor: 90 }]);
    expect(refused.statusCode).toBe(400);
    expect((await rowsOf('orders', id)).map((row) => row.acao)).toEqual(['atualizar', 'finalizar']);
    expect(await rowsOf('order_payments', id)).toEqual([]);
    expect((await auditPage()).total_linhas).toBe(before);
  });

  it('opening and closing a drawer are logged', async () => {
    const till = await storeClerk(t, ['Checkout'], { remoteAddress: '10.0.0.23' });
    const opened = await till.call('POST', '/api/caixa/abrir', { troco: 50 });
    expect(opened.statusCode, opened.body).toBe(200);
    const closed = await till.call('POST', '/api/caixa/fechar', {
      contado: [{ id_forma_pagamento: cash, valor: 50 }],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const { rows } = await auditPage(`entidade=drawer_sessions&usuario=${till.userId}`);
    expect(rows.map((row) => row.acao)).toEqual(['fechar', 'abrir']);
    expect(rows[1]!.depois).toMatchObject({ opening_float_cents: 5000 });
    expect(rows[0]!.antes).toEqual({ closed_at: null, contagem: null });
    const counts = rows[0]!.depois!.contagem as { id_forma_pagamento: number }[];
    expect(counts.find((count) => count.id_forma_pagamento === cash)).toEqual({
      id_forma_pagamento: cash,
      expected_cents: 5000,
      counted_cents: 5000,
    });
  });
});

describe('table editor', () => {
  it('a profile and its permissions: only the changed fields, lists by name', async () => {
    const ids = await t.db.selectFrom('permissions').select(['id', 'name']).execute();
    const pid = (name: string) => String(ids.find((row) => row.name === name)!.id);
    const created = await tables.post(
      '/api/profiles/insert',
      form([
        ['data[0][name]', 'Caixa'],
        ['data[0][permissions][0][id]', pid('Checkout')],
      ]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ data: { id: number }[] }>().data[0]!.id;
    await tables.post(
      `/api/profiles/update/${id}`,
      form([
        [`data[${id}][name]`, 'Caixa'],
        [`data[${id}][permissions][][id]`, pid('Checkout')],
        [`data[${id}][permissions][][id]`, pid('Report')],
      ]),
    );
    const [insert, update] = await rowsOf('profiles', id);
    expect(insert).toMatchObject({
      acao: 'insert',
      usuario_id: tables.userId,
      antes: null,
      depois: { name: 'Caixa', permissions: ['Checkout'] },
    });
    expect(update).toMatchObject({
      acao: 'update',
      antes: { permissions: ['Checkout'] },
      depois: { permissions: ['Checkout', 'Report'] },
    });
    expect(Object.keys(update!.depois!)).toEqual(['permissions']);
  });

  it('a user: a new password shows as changed, never its hash', async () => {
    const created = await tables.insert('/users', {
      name: 'Ana',
      username: 'ana.audit',
      password1: 'senha-nova-123',
      password2: 'senha-nova-123',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ data: { id: number }[] }>().data[0]!.id;
    await tables.update('/users', id, {
      active: 'false',
      password1: 'outra-senha-456',
      password2: 'outra-senha-456',
    });
    const [insert, update] = await rowsOf('users', id);
    expect(insert!.depois).toMatchObject({ username: 'ana.audit', password_hash: '[oculto]' });
    expect(update!.antes).toMatchObject({ active: true, password_hash: '[oculto]' });
    expect(update!.depois).toMatchObject({ active: false, password_hash: '[oculto]' });
    const stored = await t.db.selectFrom('audit_log').select(['before', 'after']).execute();
    expect(JSON.stringify(stored)).not.toMatch(/\$argon2/);
  });

  it('a participant edit, a printer (token hidden) and a delete', async () => {
    const participant = await createParticipant(t.db, eventId, { name: 'João Souza' });
    const edited = await tables.update(`/events/${eventId}/participants`, participant.id, {
      name: 'João de Souza',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [edit] = await rowsOf('participants', participant.id);
    expect(edit).toMatchObject({
      acao: 'update',
      antes: { name: 'João Souza' },
      depois: { name: 'João de Souza' },
    });

    const printer = await tables.insert('/printers', { name: 'Balcão 1' });
    expect(printer.statusCode, printer.body).toBe(200);
    const printerId = printer.json<{ data: { id: number }[] }>().data[0]!.id;
    expect((await tables.remove('/printers', printerId)).statusCode).toBe(200);
    const [insert, remove] = await rowsOf('printers', printerId);
    expect(insert!.depois).toMatchObject({ name: 'Balcão 1', api_token: '[oculto]' });
    expect(remove).toMatchObject({ acao: 'delete', depois: null });
    expect(remove!.antes).toMatchObject({ name: 'Balcão 1' });
  });

  it('a refused edit (400) leaves no row', async () => {
    const before = (await auditPage()).total_linhas;
    const refused = await tables.insert('/printers', { name: '' });
    expect(refused.statusCode).toBe(400);
    expect((await auditPage()).total_linhas).toBe(before);
  });
});

describe('coupons and settings', () => {
  it('a coupon template and the automatic coupon settings', async () => {
    const saved = await admin.call('POST', `/api/coupons/templates?eventId=${eventId}`, {
      name: 'Dez por cento',
      value: 10,
      categories: ['Produto'],
      expirationDate: '2030-01-01T00:00:00.000Z',
      whiteList: [],
      blackList: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const templateId = saved.json<{ id: number }>().id;
    const [template] = await rowsOf('coupon_templates', templateId);
    expect(template).toMatchObject({ acao: 'insert', depois: { name: 'Dez por cento' } });

    const config = await admin.call('POST', `/api/coupons/config?eventId=${eventId}`, {
      enabled: true,
      templateId,
      minValue: 10000,
    });
    expect(config.statusCode, config.body).toBe(200);
    const [change] = await rowsOf('coupon_configs', eventId);
    expect(change).toMatchObject({
      antes: { enabled: false, templateId: null, minValue: 0 },
      depois: { enabled: true, templateId, minValue: 10000 },
    });
  });

  it('a setting: the food panel', async () => {
    const saved = await admin.call('POST', '/api/alimentos/config', {
      offset: 5,
      target: 300,
      refreshInterval: 10,
      categoryIds: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await rowsOf('food_settings', 1);
    expect(row).toMatchObject({
      acao: 'insert',
      depois: { offset_units: 5, target_units: 300, refresh_seconds: 10 },
    });
  });
});

describe('reads by CPF and exports', () => {
  it('the client lookup by CPF and a report CSV are logged', async () => {
    const found = await seller.call('GET', `/api/participants/name/${customer.cpf}`);
    expect(found.statusCode).toBe(200);
    const views = (await auditPage(`entidade=participants&usuario=${seller.userId}`)).rows;
    expect(views[0]).toMatchObject({
      acao: 'view',
      registro: String(customer.id),
      ip: '10.0.0.11',
      depois: { cpf: customer.cpf, consulta: 'cliente', encontrado: true },
    });

    // The accreditation desk: the check by CPF (a view) and the badge (a participant change).
    const desk = await storeClerk(t, ['Subscription'], { remoteAddress: '10.0.0.44' });
    const deskEvent = await createEvent(t.db, { print_enabled: true, link_courseware: false });
    const guest = await createParticipant(t.db, deskEvent, { name: 'Lia Prado' });
    const check = await desk.call(
      'GET',
      `/api/subscriptions/participant/check?cpf=${guest.cpf}&eventId=${deskEvent}`,
    );
    expect(check.statusCode, check.body).toBe(200);
    const printed = await desk.call('POST', '/api/subscriptions/badge/print', {
      participantId: guest.id,
      eventId: deskEvent,
      usualName: 'Lia',
    });
    expect(printed.statusCode, printed.body).toBe(200);
    // Both happen at the test clock's one instant: the order between them is not the point.
    const guestRows = await rowsOf('participants', guest.id);
    const view = guestRows.find((row) => row.acao === 'view');
    const badge = guestRows.find((row) => row.acao !== 'view');
    expect(guestRows).toHaveLength(2);
    expect(view).toMatchObject({
      acao: 'view',
      ip: '10.0.0.44',
      depois: { cpf: guest.cpf, consulta: 'credenciamento', encontrado: true },
    });
    expect(badge).toMatchObject({
      acao: 'cracha',
      antes: { usual_name: null, badge: false, badge_print_count: 0 },
      depois: { usual_name: 'Lia', badge: true, badge_print_count: 1 },
    });

    const reporter = await storeClerk(t, ['Report']);
    const csv = await reporter.call('GET', `/api/reports/vendas/total/csv?eventId=${eventId}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const { rows } = await auditPage(`entidade=exports&usuario=${reporter.userId}`);
    expect(rows[0]).toMatchObject({
      acao: 'export',
      registro: 'reports/vendas/total',
      depois: { filtros: { eventId } },
    });
  });
});

describe('GET /api/audit', () => {
  it('filters by user, entity and period, pages newest first', async () => {
    const all = await auditPage(`usuario=${cashier.userId}`);
    expect(all.total_linhas).toBeGreaterThan(3);
    expect(all.rows.every((row) => row.usuario_id === cashier.userId)).toBe(true);
    const first = await auditPage(`usuario=${cashier.userId}&por_pagina=2&pagina=1`);
    const second = await auditPage(`usuario=${cashier.userId}&por_pagina=2&pagina=2`);
    expect(first.rows.map((row) => row.id)).toEqual(all.rows.slice(0, 2).map((row) => row.id));
    expect(second.rows.map((row) => row.id)).toEqual(all.rows.slice(2, 4).map((row) => row.id));
    expect(first.total_linhas).toBe(all.total_linhas);

    // The test clock is 2025-03-10 12:00 UTC, 09:00 in São Paulo.
    expect((await auditPage('inicio=2025-03-10 08:59&fim=2025-03-10 09:01')).total_linhas).toBe(
      (await auditPage()).total_linhas,
    );
    expect((await auditPage('inicio=2025-03-10 09:01')).total_linhas).toBe(0);
    expect((await auditPage('fim=2025-03-10 09:00')).total_linhas).toBe(0);
    expect((await auditPage('entidade=nada')).rows).toEqual([]);
    // 'Pesquisar': the login, the record id or a value, any case; % and _ taken literally.
    const found = await auditPage('busca=TAMANHO ERRADO');
    expect(found.rows.map((row) => row.acao)).toEqual(['estornar']);
    expect((await auditPage('busca=%25')).total_linhas).toBe(0);
  });

  it('refuses a bad date with 400 and a non-System user with 403', async () => {
    const bad = await admin.call('GET', '/api/audit?inicio=ontem');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request' });
    // A user id past PostgreSQL's integer: refused before the CSV starts streaming (the OpenAPI
    // fuzz saw PostgreSQL's error cut the download off mid-answer).
    for (const url of ['/api/audit', '/api/audit/csv']) {
      const tooBig = await admin.call('GET', `${url}?usuario=999999999999999`);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toMatchObject({ error: 'invalid_request' });
    }
    for (const url of ['/api/audit', '/api/audit/csv', '/api/audit/opcoes']) {
      const refused = await seller.call('GET', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('offers the users and the entities logged', async () => {
    const options = (await admin.call('GET', '/api/audit/opcoes')).json<{
      usuarios: { id: number; username: string }[];
      entidades: string[];
    }>();
    expect(options.usuarios).toContainEqual({ id: cashier.userId, username: cashier.username });
    expect(options.entidades).toEqual(expect.arrayContaining(['orders', 'profiles', 'users']));
  });
});

describe('GET /api/audit/csv', () => {
  it('is ; CSV with a BOM, changes readable, formulas neutralised, and is itself logged', async () => {
    const participant = await createParticipant(t.db, eventId, { name: 'Maria' });
    await tables.update(`/events/${eventId}/participants`, participant.id, {
      name: '=HYPERLINK("x")',
    });
    const response = await admin.call(
      'GET',
      `/api/audit/csv?entidade=participants&usuario=${tables.userId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Auditoria.csv"');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Quando;Usuário;Endereço;Entidade;Registro;Ação;Alterações');
    const usernameOfTables = (await auditPage(`usuario=${tables.userId}`)).rows[0]!.usuario;
    expect(lines[1]).toBe(
      `10/03/2025 09:00:00;${usernameOfTables};127.0.0.1;Participantes;${participant.id};Alteração;` +
        `"name: Maria → =HYPERLINK(""x"")"`,
    );
    const exports = await auditPage(`entidade=exports&usuario=${admin.userId}`);
    expect(exports.rows[0]).toMatchObject({
      registro: 'audit',
      depois: { filtros: { entidade: 'participants' } },
    });
  });

  it('neutralises a formula at the start of a cell', async () => {
    await t.db
      .insertInto('audit_log')
      .values({
        created_at: '2025-03-10T12:00:00.000Z',
        user_id: null,
        username: '=2+3',
        ip: '10.0.0.9',
        entity: 'formula_test',
        entity_id: '-1',
        action: 'update',
        before: null,
        after: null,
      })
      .execute();
    const response = await admin.call('GET', '/api/audit/csv?entidade=formula_test');
    expect(response.body.split('\r\n')[1]).toBe(
      "10/03/2025 09:00:00;'=2+3;10.0.0.9;formula_test;'-1;Alteração;",
    );
  });
});
