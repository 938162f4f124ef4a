import { expect } from 'vitest';
import type { PixPspChargeDto } from '@balcao/contract';
import { createParticipant } from './accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  openDrawer,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './store.ts';
import { startTestApp, type TestContext, secondInstance, type SecondInstance } from './test-app.ts';
import { pspCredentials, startPspEmulator, type PspEmulator } from './psp-emulator.ts';
import { startHttpsFront, type HttpsFront } from './https-front.ts';

/** The receiver's PIX key the emulator knows. */
export const CHAVE = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';

/**
 * A store whose till takes PIX through the PSP emulator (issue #28): the app listening behind an
 * https front (PUBLIC_URL, so the emulator can call its webhook back over TLS) on the real clock, the PIX key saved, a R$ 40,50 product,
 * a seller, a cashier with an open drawer and a manager (System). The PSP is connected by
 * `connectPsp`. On PostgreSQL, `second` is another API instance with its own pool: two tills or
 * managers behind a balancer.
 */
export interface PixTill {
  t: TestContext;
  second: SecondInstance | undefined;
  emulator: PspEmulator;
  seller: StoreClerk;
  cashier: StoreClerk;
  manager: StoreClerk;
  /** A payment method's id by its name. */
  method: (descricao: string) => number;
  /** A finalized order of `quantidade` × R$ 40,50 awaiting payment. */
  newOrder(quantidade?: number): Promise<number>;
  /** The cashier's charge at the PSP; fails the test unless 200. */
  charged(orderId: number, valor?: number): Promise<PixPspChargeDto>;
  /** 'Configuração PIX' → the emulator as PSP, and its webhook registered. */
  connectPsp(): Promise<void>;
  /** The path the PSP notifies (`…/webhook/{secret}/pix`), as registered at the emulator. */
  webhookPath(): string;
  front: HttpsFront;
  close(): Promise<void>;
}

export async function startPixTill(): Promise<PixTill> {
  const t = await startTestApp({ config: { now: () => new Date() } });
  const second = await secondInstance(t);
  const emulator = await startPspEmulator({ chaves: [CHAVE] });
  const eventId = await selectNewEvent(t.db);
  const customerCpf = (await createParticipant(t.db, eventId)).cpf;
  const productId = (
    await createProduct(t.db, { categoryId: await createCategory(t.db), priceCents: 4050 })
  ).id;
  const seller = await storeClerk(t, ['Store']);
  const cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  const manager = await storeClerk(t, ['System']);
  const method = await paymentMethodIds(cashier);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const front = await startHttpsFront(
    emulator.certificates,
    `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`,
  );
  t.config.publicUrl = front.url;
  const saved = await manager.call('POST', '/api/carrinho/pix/config', {
    chave: CHAVE,
    nome: 'Associação Ação',
    cidade: 'Fortaleza',
  });
  expect(saved.statusCode, saved.body).toBe(200);

  return {
    t,
    second,
    emulator,
    seller,
    cashier,
    manager,
    method,
    front,
    webhookPath() {
      const registered = emulator.webhooks.get(CHAVE);
      if (!registered) throw new Error('Nenhum webhook registrado no emulador.');
      return `${new URL(registered).pathname}/pix`;
    },
    async newOrder(quantidade = 1) {
      const items = [{ produto_id: productId, desconto: 0, quantidade }];
      return (await finalizedOrder(seller, customerCpf, items)).id;
    },
    async charged(orderId, valor = 40.5) {
      const answer = await cashier.call('POST', `/api/carrinho/pix/${orderId}/cobranca`, {
        valor,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<PixPspChargeDto>();
    },
    async connectPsp() {
      const connected = await t.app.inject({
        method: 'PUT',
        url: '/api/pix/psp',
        headers: manager.headers,
        payload: pspCredentials(emulator),
      });
      expect(connected.statusCode, connected.body).toBe(200);
      expect((await manager.call('POST', '/api/pix/psp/webhook')).json().ok).toBe(true);
    },
    async close() {
      await second?.close();
      await front.close();
      await emulator.close();
      await t.close();
    },
  };
}
