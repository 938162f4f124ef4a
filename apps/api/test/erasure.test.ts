import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMIZED_NAME, DEFAULT_LAYOUTS, formatCpf, type OrderDto } from '@balcao/contract';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
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

// Issue 23, item 5: 'Anonimizar participante' erases the person everywhere they were kept.
const NAME = 'Zuleica Quintanilha Erasmo';
const USUAL_NAME = 'Zuleikinha';

let t: TestContext;
let eventId: number;
let person: { id: number; cpf: string };
let cashier: StoreClerk; // Checkout, Delivery and Participant: receipts print the full CPF
let desk: JsonCaller;
let queuedDesk: JsonCaller; // its badges go to a mapped printer's queue
let system: JsonCaller;
let paid: {
  order: OrderDto;
  key: string;
  pagamentos: { id_forma_pagamento: number; valor: number }[];
}[];
let files: string[];
let queuedJobId: number;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  await t.db
    .updateTable('events')
    .set({ print_enabled: true, link_courseware: false })
    .where('id', '=', eventId)
    .execute();
  person = await createParticipant(t.db, eventId, { name: NAME });
  const category = await createCategory(t.db);
  const product = await createProduct(t.db, { categoryId: category, priceCents: 4200 });
  const seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout', 'Delivery', 'Participant']));
  desk = await jsonCaller(t, ['Subscription', 'Participant']);
  queuedDesk = await jsonCaller(t, ['Subscription']);
  system = await jsonCaller(t, ['System']);
  const cash = (await paymentMethodIds(cashier))('Dinheiro');
  const stamp = t.clock.now().toISOString();
  const printer = await t.db
    .insertInto('printers')
    .values({
      name: 'Crachás',
      serial: null,
      api_token: 'tok-erasure',
      date_created: stamp,
      date_updated: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('print_mappings')
    .values({
      origin: queuedDesk.username,
      printer_id: printer.id,
      service: 'BADGE',
      date_created: stamp,
      date_updated: stamp,
    })
    .execute();

  // Found at the desk by CPF, two orders paid with an Idempotency-Key, one delivered.
  const check = await desk.get(
    `/api/subscriptions/participant/check?cpf=${formatCpf(person.cpf)}&eventId=${eventId}`,
  );
  expect(check.statusCode, check.body).toBe(200);
  paid = [];
  for (const n of [1, 2]) {
    const order = await finalizedOrder(seller, person.cpf, [
      { produto_id: product.id, quantidade: n, desconto: 0 },
    ]);
    const pagamentos = [{ id_forma_pagamento: cash, valor: 42 * n }];
    const key = `apagar-${order.id}`;
    const answer = orderOf(await cashier.pay(order.id, pagamentos, key));
    expect(answer.nome).toBe(NAME);
    paid.push({ order, key, pagamentos });
  }
  const first = paid[0]!.order.id;
  orderOf(await cashier.call('POST', `/api/carrinho/entregar/${first}`));

  // Badge, payment receipt, delivery receipt and the badge layout's test print (made with the
  // event's one participant) for the browser, and a badge in a printer's queue.
  const printed = [
    await desk.post('/api/subscriptions/badge/print', {
      usualName: USUAL_NAME,
      participantId: person.id,
      eventId,
    }),
    await cashier.call('GET', `/api/carrinho/imprimir/recibo/${first}`),
    await cashier.call('GET', `/api/carrinho/imprimir/expedicao/${first}`),
    await system.post('/api/layouts/badge/print-test', { layout: DEFAULT_LAYOUTS.badge }),
  ];
  files = printed.map((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ filename: string }>().filename;
  });
  const queued = await queuedDesk.post('/api/subscriptions/badge/print', {
    usualName: USUAL_NAME,
    participantId: person.id,
    eventId,
  });
  expect(queued.statusCode, queued.body).toBe(200);
  queuedJobId = queued.json<{ jobId: number }>().jobId;

  const anonymized = await system.post(`/api/participants/${person.id}/anonymize`);
  expect(anonymized.statusCode, anonymized.body).toBe(200);
});
afterAll(() => t.close());

/** Every form the person's data could be kept in. */
const traces = () => [person.cpf, formatCpf(person.cpf), NAME, USUAL_NAME];

describe('Anonimizar participante erases everywhere', () => {
  it('replays a payment key with the anonymised order, paying nothing twice', async () => {
    for (const { order, key, pagamentos } of paid) {
      const replay = await cashier.pay(order.id, pagamentos, key);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json<OrderDto>()).toMatchObject({ id: order.id, nome: ANONYMIZED_NAME });
      for (const trace of traces()) expect(replay.body).not.toContain(trace);
      const payments = await t.db
        .selectFrom('order_payments')
        .select('id')
        .where('order_id', '=', order.id)
        .execute();
      expect(payments).toHaveLength(1);
    }
  });

  it('deletes the badge, receipt, delivery and layout test PDFs printed before', async () => {
    // Each asked by whoever printed it, and by System, who may download anyone's.
    const owners = [desk, cashier, cashier, system];
    for (const [index, filename] of files.entries()) {
      for (const { headers } of [owners[index]!, system]) {
        const url = `/api/prints/files/${filename}`;
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, filename).toBe(404);
      }
    }
  });

  it('fails the badge still queued for a printer, and its job keeps no name', async () => {
    const job = await t.db
      .selectFrom('print_jobs')
      .select(['status', 'file_id', 'title', 'error'])
      .where('id', '=', queuedJobId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', file_id: null });
    for (const trace of traces()) expect(JSON.stringify(job)).not.toContain(trace);
    const agent = await t.app.inject({
      method: 'POST',
      url: '/api/prints/agent/next',
      headers: { authorization: 'Bearer tok-erasure' },
    });
    expect(agent.statusCode, agent.body).toBe(204);
  });

  // PostgreSQL's files are VACUUM's business: docs/accreditation-api.md.
  it.skipIf(process.env.BALCAO_TEST_DB !== 'sqlite')(
    'leaves no copy in the SQLite files (main database and WAL)',
    async () => {
      const file = t.config.databaseUrl.slice('sqlite:'.length);
      for (const path of [file, `${file}-wal`]) {
        const bytes = await readFile(path).catch(() => Buffer.alloc(0));
        for (const trace of traces()) {
          expect(bytes.indexOf(Buffer.from(trace, 'utf8')), `${trace} em ${path}`).toBe(-1);
        }
      }
    },
  );
});
