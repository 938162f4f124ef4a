import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMIZED_NAME,
  anonymizedCpf,
  formatCpf,
  isValidCpf,
  maskCpf,
  type AuditPageDto,
  type OrderDto,
  type ParticipantDto,
  type ReportResult,
} from '@balcao/contract';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
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
import { tableCaller } from './helpers/tables.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { openDatabase } from '../src/db/database.ts';
import { anonymizeParticipant } from '../src/modules/participants/anonymize.ts';

// Issue #17, LGPD: CPFs masked for users without Participant; 'Anonimizar participante'.
let t: TestContext;
let eventId: number;
let ana: { id: number; cpf: string };
let paidId: number;
let cashier: StoreClerk; // Checkout, Delivery: sees masked CPFs
let cashierWithParticipant: StoreClerk; // Checkout + Participant: sees them in full
let reporter: JsonCaller;
let reporterWithParticipant: JsonCaller;
let system: JsonCaller;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  const category = await createCategory(t.db);
  const camiseta = await createProduct(t.db, { categoryId: category, priceCents: 2500 });
  ana = await createParticipant(t.db, eventId, { name: 'Ana Privada', usual_name: 'Ana' });
  await t.db
    .updateTable('participants')
    .set({ email: 'ana@exemplo.com.br', telefone: '(85) 99999-0000', consultor: 'Carla' })
    .where('id', '=', ana.id)
    .execute();
  const seller = await storeClerk(t, ['Store'], { categoryIds: [category] });
  cashier = await openDrawer(await storeClerk(t, ['Checkout', 'Delivery']));
  cashierWithParticipant = await openDrawer(
    await storeClerk(t, ['Checkout', 'Delivery', 'Participant']),
  );
  const method = await paymentMethodIds(cashier);
  // The desk types the full CPF: input is accepted whatever the user may see.
  const order = await finalizedOrder(seller, formatCpf(ana.cpf), [
    { produto_id: camiseta.id, quantidade: 2, desconto: 0 },
  ]);
  paidId = order.id;
  orderOf(await cashier.pay(paidId, [{ id_forma_pagamento: method('Dinheiro'), valor: 50 }]));
  reporter = await jsonCaller(t, ['Report']);
  reporterWithParticipant = await jsonCaller(t, ['Report', 'Participant']);
  system = await jsonCaller(t, ['System']);
});
afterAll(() => t.close());

const paidOrder = async (clerk: StoreClerk): Promise<OrderDto> => {
  const response = await clerk.call('GET', '/api/carrinho/entregar'); // paid, to deliver
  expect(response.statusCode, response.body).toBe(200);
  const order = response.json<OrderDto[]>().find((candidate) => candidate.id === paidId);
  if (!order) throw new Error('pedido pago fora da lista');
  return order;
};

const receipt = async (clerk: StoreClerk): Promise<string> => {
  const response = await clerk.call('GET', `/api/carrinho/imprimir/recibo/${paidId}`);
  expect(response.statusCode, response.body).toBe(200);
  return printedText(t.db, response.json<{ filename: string }>().filename);
};

const csv = async (caller: JsonCaller): Promise<string> => {
  const response = await caller.get(`/api/reports/carrinhos/pagos/csv?eventId=${eventId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

const report = async (path: string): Promise<ReportResult> => {
  const response = await reporterWithParticipant.get(`/api/reports/${path}?eventId=${eventId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResult>();
};

describe('CPF masking (users without Participant)', () => {
  it('order lists and the customer lookup show ***.456.789-** without Participant', async () => {
    expect((await paidOrder(cashier)).cpf).toBe(maskCpf(ana.cpf));
    expect((await paidOrder(cashierWithParticipant)).cpf).toBe(ana.cpf);
    // The desk still filters by the typed CPF prefix.
    const filtered = await cashier.call('GET', `/api/carrinho/entregar?cpf=${ana.cpf.slice(0, 5)}`);
    expect(filtered.json<OrderDto[]>().map((order) => order.id)).toContain(paidId);
    expect(filtered.body).not.toContain(ana.cpf);
  });

  it('the participants list masks for the accreditation desk, not for the manager', async () => {
    const desk = await tableCaller(t, ['Subscription']);
    const manager = await tableCaller(t, ['Participant']);
    const rowOf = async (caller: typeof desk) => {
      const answer = await caller.select(`/events/${eventId}/participants`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: ParticipantDto[] }>().data.find((row) => row.id === ana.id);
    };
    expect((await rowOf(desk))?.cpf).toBe(maskCpf(ana.cpf));
    expect((await rowOf(manager))?.cpf).toBe(ana.cpf);
    // The desk's check by a typed CPF still finds her; the answer is masked too.
    const check = await jsonCaller(t, ['Subscription']);
    const found = await check.get(
      `/api/subscriptions/participant/check?cpf=${ana.cpf}&eventId=${eventId}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.body).not.toContain(ana.cpf);
    expect(found.json<{ participant: ParticipantDto }>().participant.name).toBe('Ana Privada');
    // From a list of masked CPFs the desk opens by the participant's id.
    const byId = await check.get(
      `/api/subscriptions/participant/check?participantId=${ana.id}&eventId=${eventId}`,
    );
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json<{ participant: ParticipantDto }>().participant.id).toBe(ana.id);
    const neither = await check.get(`/api/subscriptions/participant/check?eventId=${eventId}`);
    expect(neither.statusCode).toBe(400);
  });

  it('the payment receipt prints the masked CPF without Participant, the full one with it', async () => {
    const masked = await receipt(cashier);
    expect(masked).toContain(`CPF: ${maskCpf(ana.cpf)}`);
    expect(masked).not.toContain(ana.cpf.slice(0, 3) + '.');
    expect(await receipt(cashierWithParticipant)).toContain(`CPF: ${formatCpf(ana.cpf)}`);
  });

  it('report CSV and JSON mask the CPF without Participant', async () => {
    const masked = await csv(reporter);
    expect(masked).toContain(maskCpf(ana.cpf));
    expect(masked).not.toContain(ana.cpf);
    // The full CPF, formatted: a spreadsheet would read bare digits as a number.
    expect(await csv(reporterWithParticipant)).toContain(formatCpf(ana.cpf));
    const json = await reporter.get(`/api/reports/carrinhos/pagos?eventId=${eventId}`);
    expect(json.body).toContain(maskCpf(ana.cpf));
    expect(json.body).not.toContain(ana.cpf);
  });
});

describe('Anonimizar participante (System)', () => {
  it('is refused to users without System', async () => {
    const manager = await jsonCaller(t, ['Participant']);
    const response = await manager.post(`/api/participants/${ana.id}/anonymize`);
    expect(response.statusCode).toBe(403);
  });

  it('replaces the personal data and keeps orders and report totals identical', async () => {
    const before = await Promise.all(
      ['vendas/total', 'carrinhos/pagos', 'compradores/por_produto', 'vendas/por_nucleos'].map(
        report,
      ),
    );
    const response = await system.post(`/api/participants/${ana.id}/anonymize`);
    expect(response.statusCode, response.body).toBe(200);
    const anonymized = response.json<ParticipantDto>();
    expect(anonymized).toMatchObject({
      id: ana.id,
      name: ANONYMIZED_NAME,
      usualName: null,
      email: null,
      telefone: null,
      consultor: null,
    });
    expect(anonymized.anonymizedAt).not.toBeNull();
    const stored = await t.db
      .selectFrom('participants')
      .select(['cpf', 'name', 'email'])
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(stored.cpf).toMatch(/^\d{11}$/);
    expect(stored.cpf).not.toBe(ana.cpf);
    expect(isValidCpf(stored.cpf)).toBe(false);

    // The order stays, paid, with the same total, and no longer names her.
    const order = await paidOrder(cashierWithParticipant);
    expect(order).toMatchObject({ estadoPedido: 'PAGO', total: 50, nome: ANONYMIZED_NAME });
    expect(order.cpf).toBe(stored.cpf);
    const after = await Promise.all(
      ['vendas/total', 'carrinhos/pagos', 'compradores/por_produto', 'vendas/por_nucleos'].map(
        report,
      ),
    );
    after.forEach((result, index) => {
      expect(result.totals).toEqual(before[index]!.totals);
      expect(result.rows.length).toBe(before[index]!.rows.length);
    });
    expect(JSON.stringify(after)).not.toContain('Ana Privada');
    expect(JSON.stringify(after)).not.toContain(ana.cpf);
    // The audit log says who anonymised her, without keeping what was erased.
    const logged = await t.db
      .selectFrom('audit_log')
      .select(['username', 'before', 'after'])
      .where('entity', '=', 'participants')
      .where('entity_id', '=', String(ana.id))
      .where('action', '=', 'anonimizar')
      .executeTakeFirstOrThrow();
    expect(logged.after).toContain('"cpf"');
    expect(JSON.stringify(logged)).not.toContain('Ana Privada');
    expect(JSON.stringify(logged)).not.toContain(ana.cpf);
    // Nobody finds her by her old CPF any more.
    const lookup = await cashier.call('GET', `/api/participants/name/${ana.cpf}`);
    expect(lookup.statusCode).toBe(404);
  });

  it('refuses a second time with a pt-BR 400, and an unknown id with 404', async () => {
    const again = await system.post(`/api/participants/${ana.id}/anonymize`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Este participante já foi anonimizado.',
    });
    const unknown = await system.post('/api/participants/999999/anonymize');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('Anonimizar participante and the audit log', () => {
  it('leaves no earlier audit row with her CPF or name, and keeps who, when and what', async () => {
    const bia = await createParticipant(t.db, eventId, { name: 'Bia Sigilosa', usual_name: 'Bia' });
    const category = await createCategory(t.db);
    const boné = await createProduct(t.db, { categoryId: category, priceCents: 1000 });
    const seller = await storeClerk(t, ['Store'], { categoryIds: [category] });
    const desk = await jsonCaller(t, ['Subscription']);
    const tables = await tableCaller(t, ['System', 'Participant']);
    const auditor = await jsonCaller(t, ['System', 'Participant']);

    // Looked up by CPF at two desks, renamed in the table, and buying: all in the audit log.
    expect((await seller.call('GET', `/api/participants/name/${bia.cpf}`)).statusCode).toBe(200);
    const check = await desk.get(
      `/api/subscriptions/participant/check?cpf=${formatCpf(bia.cpf)}&eventId=${eventId}`,
    );
    expect(check.statusCode, check.body).toBe(200);
    const edited = await tables.update(`/events/${eventId}/participants`, bia.id, {
      name: 'Beatriz Sigilosa',
      telefone: '(85) 98888-1234',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const order = await finalizedOrder(seller, bia.cpf, [
      { produto_id: boné.id, quantidade: 1, desconto: 0 },
    ]);
    const traces = [bia.cpf, formatCpf(bia.cpf), 'Bia Sigilosa', 'Beatriz Sigilosa', '98888-1234'];
    const before = (await auditor.get('/api/audit?por_pagina=500')).body;
    for (const trace of traces.filter((_, i) => i !== 1)) expect(before).toContain(trace);

    const anonymized = await system.post(`/api/participants/${bia.id}/anonymize`);
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    const placeholderCpf = anonymizedCpf(bia.id);

    const page = await auditor.get('/api/audit?por_pagina=500');
    expect(page.statusCode).toBe(200);
    const csv = await auditor.get('/api/audit/csv');
    expect(csv.statusCode).toBe(200);
    for (const trace of traces) {
      expect(page.body).not.toContain(trace);
      expect(csv.body).not.toContain(trace);
    }
    const searched = await auditor.get(`/api/audit?busca=${bia.cpf}`);
    expect(searched.json<AuditPageDto>().total_linhas).toBe(0);

    // The rows are still there, with who, when and what, and the placeholders.
    const rows = page.json<AuditPageDto>().rows;
    const about = rows.filter(
      (row) => row.entidade === 'participants' && row.registro === String(bia.id),
    );
    expect(about.map((row) => row.acao).sort()).toEqual(['anonimizar', 'update', 'view', 'view']);
    expect(about.find((row) => row.usuario === seller.username)).toMatchObject({
      acao: 'view',
      depois: { cpf: placeholderCpf, consulta: 'cliente', encontrado: true },
    });
    expect(about.find((row) => row.acao === 'update')).toMatchObject({
      antes: { name: ANONYMIZED_NAME, telefone: null },
      depois: { name: ANONYMIZED_NAME, telefone: null },
    });
    const finalized = rows.find(
      (row) =>
        row.entidade === 'orders' && row.registro === String(order.id) && row.acao !== 'insert',
    );
    expect(JSON.stringify(finalized)).toContain(placeholderCpf);
  });
});

describe('Anonimizar participante on another API instance', () => {
  it("writes this instance's queued CPF views with the placeholder, not the erased CPF", async () => {
    const caio = await createParticipant(t.db, eventId, { name: 'Caio Reservado' });
    const desk = await jsonCaller(t, ['Subscription']);
    const auditor = await jsonCaller(t, ['System', 'Participant']);
    const check = await desk.get(
      `/api/subscriptions/participant/check?cpf=${formatCpf(caio.cpf)}&eventId=${eventId}`,
    );
    expect(check.statusCode, check.body).toBe(200);
    // The view waits in this instance's queue (written within 200 ms) while another instance,
    // with its own connection and queue, anonymizes Caio.
    const other = openDatabase(t.config.databaseUrl);
    try {
      const admin = { id: 1, username: 'admin', ip: '10.0.0.2' };
      await anonymizeParticipant(other.db, admin, caio.id, t.clock.now());
    } finally {
      await other.db.destroy();
    }
    const page = await auditor.get('/api/audit?por_pagina=500');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(caio.cpf);
    expect(page.body).not.toContain(formatCpf(caio.cpf));
    const view = page
      .json<AuditPageDto>()
      .rows.find(
        (row) =>
          row.entidade === 'participants' &&
          row.registro === String(caio.id) &&
          row.acao === 'view',
      );
    expect(view?.depois).toMatchObject({ cpf: anonymizedCpf(caio.id), encontrado: true });
  });
});
