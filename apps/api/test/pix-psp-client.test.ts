import { randomBytes } from 'node:crypto';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@balcao/contract';
import {
  COB_TXID_PATTERN,
  PspClient,
  PspError,
  centsToValor,
  parseWebhookNotification,
  valorToCents,
  type PspClientConfig,
} from '../src/modules/pix/psp-client.ts';
import { pspCredentials, startPspEmulator, type PspEmulator } from './helpers/psp-emulator.ts';

// The PSP client against the emulator of the Banco Central's Pix API, over mutual TLS with
// certificates made in this run. No database: the file is the same on every project.

const CHAVE = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const END_TO_END_ID = /^E\d{8}\d{12}[a-zA-Z0-9]{11}$/;

/** A txid of the standard's shape for `PUT /cob`: 26 to 35 letters and digits. */
function newTxid(): string {
  return `BALCAO${randomBytes(12).toString('hex')}`; // 30 characters
}

let emulator: PspEmulator;
const clients: PspClient[] = [];

function clientFor(overrides: Partial<PspClientConfig> = {}): PspClient {
  const client = new PspClient({ ...pspCredentials(emulator), ...overrides });
  clients.push(client);
  return client;
}

/** The PspError a promise rejects with (fails the test when it resolves or throws another). */
async function pspError(promise: Promise<unknown>): Promise<PspError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PspError);
  return error as PspError;
}

const charge = (amountCents: number) => ({
  amountCents,
  expirySeconds: 600,
  chave: CHAVE,
  description: 'Pedido 12 — Balcão',
});

beforeAll(async () => {
  emulator = await startPspEmulator({ chaves: [CHAVE] });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await emulator.up();
});

afterAll(async () => {
  await emulator.close();
});

describe('money in the standard', () => {
  it("writes and reads '12.34' exactly, in integer cents", () => {
    expect(centsToValor(1)).toBe('0.01');
    expect(centsToValor(30)).toBe('0.30');
    expect(centsToValor(123_456)).toBe('1234.56');
    expect(centsToValor(100_000_000)).toBe('1000000.00');
    expect(valorToCents('0.01')).toBe(1);
    expect(valorToCents('1234.56')).toBe(123_456);
    expect(valorToCents('0.30')).toBe(30);
    for (let cents = 0; cents <= 20_000; cents++) {
      expect(valorToCents(centsToValor(cents))).toBe(cents);
    }
    // Anything else is not the standard's amount.
    for (const wrong of ['12.3', '12', '1,00', '1.234', '-1.00', ' 1.00', '1.000.00', 12.34]) {
      expect(valorToCents(wrong)).toBeNull();
    }
    expect(() => centsToValor(30.000000000000004)).toThrow(RangeError);
  });
});

describe('PSP client over mutual TLS', () => {
  it('fetches one token and reuses it for every call', async () => {
    emulator.calls.clear();
    const client = clientFor();
    const txid = newTxid();
    await client.createCharge(txid, charge(1000));
    await client.getCharge(txid);
    await client.getCharge(txid);
    expect(emulator.count('POST /oauth/token')).toBe(1);
    expect(emulator.count('PUT /cob/{txid}')).toBe(1);
    expect(emulator.count('GET /cob/{txid}')).toBe(2);

    // Calls at once on a new client share one token request.
    emulator.calls.clear();
    const another = clientFor();
    await Promise.all([1, 2, 3].map(() => another.getCharge(txid)));
    expect(emulator.count('POST /oauth/token')).toBe(1);
    expect(emulator.count('GET /cob/{txid}')).toBe(3);
  });

  it('fetches a new token a little before expires_in, never sending an expired one', async () => {
    const short = await startPspEmulator({ tokenLifetimeSeconds: 2 });
    const client = new PspClient(pspCredentials(short));
    try {
      const txid = newTxid();
      await client.createCharge(txid, charge(1000));
      await client.getCharge(txid);
      expect(short.count('POST /oauth/token')).toBe(1);
      // 10% of a 2 s token before its end: a new token, and no call refused with 401 first.
      await new Promise((resolve) => setTimeout(resolve, 1_850));
      await client.getCharge(txid);
      expect(short.count('POST /oauth/token')).toBe(2);
      expect(short.count('GET /cob/{txid}')).toBe(2);
    } finally {
      client.close();
      await short.close();
    }
  });

  it('fetches the token again, once, when the PSP ends it before its expiry', async () => {
    const client = clientFor();
    const txid = newTxid();
    await client.createCharge(txid, charge(1000));
    emulator.calls.clear();
    emulator.revokeTokens();
    expect((await client.getCharge(txid)).txid).toBe(txid);
    expect(emulator.count('POST /oauth/token')).toBe(1);
    expect(emulator.count('GET /cob/{txid}')).toBe(2); // the 401, then the call again
  });

  it('creates, reads and cancels charges in exact cents (R$ 0,01, R$ 1.234,56, 0.1 + 0.2)', async () => {
    const client = clientFor();
    const cases: [number, string][] = [
      [1, '0.01'],
      [123_456, '1234.56'],
      [toCents(0.1 + 0.2), '0.30'], // 0.30000000000000004 reais is 30 cents, '0.30' on the wire
    ];
    for (const [cents, valor] of cases) {
      const txid = newTxid();
      const created = await client.createCharge(txid, charge(cents));
      // What reached the PSP, in the standard's shape.
      const stored = emulator.charge(txid);
      expect(stored).toMatchObject({
        txid,
        status: 'ATIVA',
        revisao: 0,
        valor: { original: valor },
        chave: CHAVE,
        calendario: { expiracao: 600 },
        solicitacaoPagador: 'Pedido 12 — Balcão',
      });
      expect(created).toMatchObject({
        txid,
        revision: 0,
        status: 'ATIVA',
        amountCents: cents,
        chave: CHAVE,
        expirySeconds: 600,
        description: 'Pedido 12 — Balcão',
        pix: [],
      });
      expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(600_000);
      expect(created.location).toMatch(/\/qr\/v2\/[0-9a-f]{32}$/);
      // A dynamic BR Code carries the location, not the amount.
      expect(created.pixCopiaECola).toMatch(/^000201/);
      expect(created.pixCopiaECola).toContain(created.location);

      expect(await client.getCharge(txid)).toEqual(created);

      const cancelled = await client.cancelCharge(txid);
      expect(cancelled).toMatchObject({
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
        revision: 1,
        amountCents: cents,
      });
      expect((await client.getCharge(txid)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    }
  });

  it('refuses amounts that are not integer cents before calling the PSP', async () => {
    const client = clientFor();
    emulator.calls.clear();
    await expect(client.createCharge(newTxid(), charge(0.1 + 0.2))).rejects.toThrow(RangeError);
    await expect(client.createCharge(newTxid(), charge(0))).rejects.toThrow(RangeError);
    await expect(client.refund(`E${'1'.repeat(31)}`, 'D1', 1.5)).rejects.toThrow(RangeError);
    expect(emulator.calls.size).toBe(0);
  });

  it('reads a paid charge back with its endToEndId, and refunds it', async () => {
    const client = clientFor();
    const txid = newTxid();
    await client.createCharge(txid, charge(123_456));
    const paid = await emulator.pay(txid, { notify: false, payerInfo: 'Mesa 4' });
    expect(paid.endToEndId).toMatch(END_TO_END_ID);

    const read = await client.getCharge(txid);
    expect(read.status).toBe('CONCLUIDA');
    expect(read.pix).toEqual([
      {
        endToEndId: paid.endToEndId,
        txid,
        amountCents: 123_456,
        paidAt: expect.any(String),
        payerInfo: 'Mesa 4',
        refunds: [],
      },
    ]);
    // A paid charge is done: it cannot be cancelled nor changed.
    const cancel = await pspError(client.cancelCharge(txid));
    expect(cancel.kind).toBe('refused');
    expect(cancel.status).toBe(400);
    expect(cancel.message).toMatch(
      /^O PSP recusou o cancelamento da cobrança: Cobrança inválida\./,
    );

    const refund = await client.refund(paid.endToEndId, 'BALCAODEV1', 2_345);
    expect(refund).toMatchObject({
      id: 'BALCAODEV1',
      amountCents: 2_345,
      status: 'EM_PROCESSAMENTO',
      settledAt: null,
    });
    expect(refund.rtrId).toMatch(/^D\d{20}[a-zA-Z0-9]{11}$/);
    // The standard refuses an id already used for this Pix, whatever the amount: a refund is
    // read back by its id, never sent twice.
    for (const cents of [2_345, 100]) {
      const reused = await pspError(client.refund(paid.endToEndId, 'BALCAODEV1', cents));
      expect(reused.status).toBe(400);
      expect(reused.problem?.type).toBe('https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida');
      expect(reused.message).toContain('já utilizado por outra requisição de devolução');
    }
    expect(await client.getRefund(paid.endToEndId, 'BALCAODEV1')).toEqual(refund);
    const tooMuch = await pspError(client.refund(paid.endToEndId, 'BALCAODEV2', 121_112));
    expect(tooMuch.message).toContain('excederia o valor do pix originário');
    expect(tooMuch.problem?.violacoes?.[0]?.propriedade).toBe('devolucao.valor');

    await emulator.settleRefund(paid.endToEndId, 'BALCAODEV1');
    const settled = await client.getRefund(paid.endToEndId, 'BALCAODEV1');
    expect(settled).toMatchObject({ status: 'DEVOLVIDO', amountCents: 2_345 });
    expect(settled.settledAt).not.toBeNull();
    expect((await client.getCharge(txid)).pix[0]?.refunds).toEqual([settled]);

    const missing = await pspError(client.getRefund(paid.endToEndId, 'NAOEXISTE'));
    expect(missing.kind).toBe('not_found');
    expect(missing.status).toBe(404);
  });

  it('reads a refund back when its answer is lost, and never sends the same id twice', async () => {
    const client = clientFor();
    const txid = newTxid();
    await client.createCharge(txid, charge(5_000));
    const paid = await emulator.pay(txid, { notify: false });
    const puts = emulator.count('PUT /pix/{e2eid}/devolucao/{id}');
    const gets = emulator.count('GET /pix/{e2eid}/devolucao/{id}');
    emulator.loseNextAnswer('PUT /pix/{e2eid}/devolucao/{id}');
    const refund = await client.refund(paid.endToEndId, 'BALCAODEVPERDIDA', 5_000);
    expect(refund).toMatchObject({ id: 'BALCAODEVPERDIDA', status: 'EM_PROCESSAMENTO' });
    expect(emulator.count('PUT /pix/{e2eid}/devolucao/{id}')).toBe(puts + 1);
    expect(emulator.count('GET /pix/{e2eid}/devolucao/{id}')).toBe(gets + 1);

    // A charge's answer lost likewise: read back, not sent again.
    const lost = newTxid();
    emulator.loseNextAnswer('PUT /cob/{txid}');
    expect((await client.createCharge(lost, charge(700))).txid).toBe(lost);
    expect(emulator.charge(lost)?.revisao).toBe(0);
  });

  it('leaves an expired charge ATIVA (the status is the record’s), and takes a late Pix', async () => {
    const client = clientFor();
    const expired = newTxid();
    await client.createCharge(expired, charge(5_000));
    emulator.expire(expired);
    const read = await client.getCharge(expired);
    expect(read.status).toBe('ATIVA');
    expect(Date.parse(read.expiresAt)).toBeLessThan(Date.now());
    await expect(emulator.pay(expired)).rejects.toThrow('não pode ser paga');

    const removed = newTxid();
    await client.createCharge(removed, charge(5_000));
    emulator.expire(removed, { remove: true });
    expect((await client.getCharge(removed)).status).toBe('REMOVIDA_PELO_PSP');
    // A late payment still arrives, on a charge that stays removed: the server must see it.
    const late = await emulator.pay(removed, { late: true, notify: false });
    const after = await client.getCharge(removed);
    expect(after.status).toBe('REMOVIDA_PELO_PSP');
    expect(after.pix.map((pix) => pix.endToEndId)).toEqual([late.endToEndId]);
  });

  it('refuses what breaks the standard with its problem+json (a txid out of the pattern)', async () => {
    const client = clientFor();
    const short = 'BALCAO12'; // today's static txid: too short for PUT /cob
    expect(COB_TXID_PATTERN.test(short)).toBe(false);
    const error = await pspError(client.createCharge(short, charge(1_000)));
    expect(error.kind).toBe('refused');
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(error.problem).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      title: 'Cobrança inválida.',
      status: 400,
      violacoes: [{ propriedade: 'txid' }],
    });
    expect(error.message).toBe(
      'O PSP recusou a cobrança: Cobrança inválida. A requisição que busca alterar ou criar uma ' +
        'cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada. ' +
        'O campo txid não respeita o _schema_.',
    );

    const otherKey = await pspError(
      client.createCharge(newTxid(), { ...charge(1_000), chave: 'outra@exemplo.com.br' }),
    );
    expect(otherKey.message).toContain('não pertence a este usuário recebedor');

    const unknown = newTxid();
    const missing = await pspError(client.getCharge(unknown));
    expect(missing.kind).toBe('not_found');
    expect(missing.message).toBe(`O PSP não encontrou a cobrança ${unknown}.`);
  });
});

describe('the webhook', () => {
  let receiver: Server;
  const received: { path: string; body: unknown }[] = [];

  beforeAll(async () => {
    // A local HTTPS server asking for the PSP's client certificate stands for Balcão's webhook.
    const certificates = emulator.certificates;
    const tls = {
      key: certificates.serverKeyPem,
      cert: certificates.serverCertPem,
      ca: [certificates.caPem],
      requestCert: true,
      rejectUnauthorized: true,
    };
    receiver = createServer(tls, (request, response) => {
      let text = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', body: JSON.parse(text) as unknown });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('is notified once per Pix, twice on a duplicate, never when lost', async () => {
    const client = clientFor();
    const { port } = receiver.address() as AddressInfo;
    // The standard's callback is mutual TLS: a plain http:// address is refused.
    const plain = await pspError(
      client.setWebhook(CHAVE, `http://127.0.0.1:${port}/api/pix/webhook`),
    );
    expect(plain.status).toBe(400);
    await client.setWebhook(CHAVE, `https://127.0.0.1:${port}/api/pix/webhook`);
    expect(emulator.webhooks.get(CHAVE)).toBe(`https://127.0.0.1:${port}/api/pix/webhook`);

    const once = newTxid();
    await client.createCharge(once, charge(4_990));
    const paid = await emulator.pay(once);
    expect(paid.deliveries.map((delivery) => delivery.status)).toEqual([200]);
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/api/pix/webhook/pix'); // the standard appends '/pix'
    expect(received[0]?.body).toEqual({
      pix: [
        { endToEndId: paid.endToEndId, txid: once, valor: '49.90', horario: expect.any(String) },
      ],
    });
    expect(parseWebhookNotification(received[0]?.body)).toEqual([
      {
        endToEndId: paid.endToEndId,
        txid: once,
        amountCents: 4_990,
        paidAt: expect.any(String),
        payerInfo: null,
        refunds: [],
      },
    ]);

    const twice = newTxid();
    await client.createCharge(twice, charge(1));
    await emulator.pay(twice, { duplicate: true });
    expect(received).toHaveLength(3);
    expect(received[2]?.body).toEqual(received[1]?.body);

    const lost = newTxid();
    await client.createCharge(lost, charge(700));
    await emulator.pay(lost, { notify: false });
    expect(received).toHaveLength(3);
    // Polling still finds it.
    expect((await client.getCharge(lost)).status).toBe('CONCLUIDA');

    expect(() => parseWebhookNotification({ pix: [{ endToEndId: 'x', valor: '1.5' }] })).toThrow(
      PspError,
    );
  });
});

describe('when the PSP or the connection fails', () => {
  it('is refused by the PSP with a client certificate from another CA', async () => {
    const { strangerCertPem, strangerKeyPem } = emulator.certificates;
    const client = clientFor({ certificatePem: strangerCertPem, privateKeyPem: strangerKeyPem });
    emulator.calls.clear();
    const error = await pspError(client.getCharge(newTxid()));
    expect(error.message).toBe('O PSP recusou o certificado do cliente.');
    expect(error.kind).toBe('certificate');
    expect(error.status).toBeNull();
    expect(emulator.calls.size).toBe(0); // refused in the handshake, before any request
  });

  it('is refused by the PSP without a client certificate at all', async () => {
    emulator.calls.clear();
    const outcome = await new Promise<string>((resolve) => {
      const call = httpsRequest(`${emulator.baseUrl}/oauth/token`, {
        method: 'POST',
        ca: emulator.certificates.caPem,
      });
      call.on('response', (response) => resolve(`HTTP ${response.statusCode}`));
      call.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      call.end();
    });
    expect(outcome).not.toMatch(/^HTTP/);
    expect(emulator.calls.size).toBe(0);
  });

  it('does not trust a PSP whose certificate is outside its CAs', async () => {
    const client = clientFor({ caPem: undefined });
    const error = await pspError(client.getCharge(newTxid()));
    expect(error.kind).toBe('certificate');
    expect(error.message).toMatch(/^O certificado do PSP não é confiável \(\w+\)\.$/);
  });

  it('takes no certificate that does not match its key', () => {
    const { clientCertPem, strangerKeyPem } = emulator.certificates;
    const build = () => clientFor({ certificatePem: clientCertPem, privateKeyPem: strangerKeyPem });
    expect(build).toThrow('O certificado ou a chave privada do cliente são inválidos.');
  });

  it('says the credentials were refused on a wrong client secret', async () => {
    const client = clientFor({ clientSecret: 'nao-e-este' });
    const error = await pspError(client.getCharge(newTxid()));
    expect(error.kind).toBe('credentials');
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'O PSP recusou as credenciais do cliente (client_id e client_secret).',
    );
  });

  it('says the PSP is unavailable on a 503, and works again once it is back', async () => {
    const client = clientFor();
    const txid = newTxid();
    await client.createCharge(txid, charge(1_000));
    await emulator.down('unavailable');
    const error = await pspError(client.getCharge(txid));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, retryable: true });
    expect(error.message).toBe('O PSP está indisponível (HTTP 503).');
    expect(error.problem?.type).toBe('https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel');
    await emulator.up();
    expect((await client.getCharge(txid)).status).toBe('ATIVA');
  });

  it('says the PSP did not answer when the connection is refused or dropped', async () => {
    const client = clientFor();
    const txid = newTxid();
    await client.createCharge(txid, charge(1_000));

    await emulator.down('refuse');
    const refused = await pspError(client.getCharge(txid));
    expect(refused).toMatchObject({ kind: 'unreachable', status: null, retryable: true });
    expect(refused.message).toBe('O PSP não respondeu: conexão recusada.');
    await emulator.up();
    expect((await client.getCharge(txid)).txid).toBe(txid);

    await emulator.down('drop');
    const dropped = await pspError(client.getCharge(txid));
    expect(dropped.kind).toBe('unreachable');
    expect(dropped.message).toBe('O PSP não respondeu: conexão interrompida.');
    await emulator.up();
    expect((await client.getCharge(txid)).txid).toBe(txid);
  });

  it('gives up on a PSP that does not answer within the deadline', async () => {
    const client = clientFor({ timeoutMs: 300 });
    const txid = newTxid();
    await client.createCharge(txid, charge(1_000));
    await emulator.down('hang');
    const started = Date.now();
    const error = await pspError(client.getCharge(txid));
    expect(error.message).toBe('O PSP não respondeu: tempo esgotado (0,3 s).');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps the secret and the private key out of what it shows', async () => {
    const credentials = pspCredentials(emulator);
    const client = clientFor({ clientSecret: 'nao-e-este' });
    const keyBody = credentials.privateKeyPem.split('\n')[1] ?? '';
    const error = await pspError(client.getCharge(newTxid()));
    for (const shown of [inspect(client, { depth: 5 }), JSON.stringify(client), inspect(error)]) {
      expect(shown).not.toContain('nao-e-este');
      expect(shown).not.toContain(keyBody);
    }
  });
});
