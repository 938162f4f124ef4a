import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailBatchDto, EmailPreviewDto, SmtpConfigDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import { selectNewEvent, storeClerk, type StoreClerk } from './helpers/store.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let refused = 'caixa.cheia@exemplo.com.br';

let t: TestContext;
let admin: StoreClerk;
let eventId: number;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink({
    login: { username: 'balcao', password: 'segredo' },
    refuses: (address) => address === refused,
  });
  t = await startTestApp({ config: { appMode: 'FULL_SGE' } });
  admin = await storeClerk(t, ['System']);
  eventId = await selectNewEvent(t.db);
  const people: [string, string | null, 'OK' | 'FREE' | 'PAYMENT_ERROR'][] = [
    ['Ana Souza', 'ana@exemplo.com.br', 'OK'],
    ['Bruno Lima', 'caixa.cheia@exemplo.com.br', 'OK'],
    ['Carla Dias', 'carla@exemplo.com.br', 'FREE'],
    ['Davi Reis', null, 'OK'],
    ['Eva Pena', 'eva@exemplo.com.br', 'PAYMENT_ERROR'],
  ];
  for (const [name, email, status] of people) {
    const { id } = await createParticipant(t.db, eventId, { name, status });
    await t.db.updateTable('participants').set({ email }).where('id', '=', id).execute();
  }
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const draft = {
  statuses: ['OK', 'FREE'],
  subject: 'Bem-vindo ao {evento}',
  body: 'Olá, {nome}! Seu CPF: {cpf}. {desconhecido}',
};

async function settled(id: number): Promise<EmailBatchDto> {
  for (let i = 0; i < 200; i++) {
    const batch = (await admin.call('GET', `/api/emails/envios/${id}`)).json<EmailBatchDto>();
    if (batch.done) return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('o envio não terminou');
}

describe('e-mails (Enviar e-mails)', () => {
  it('needs SMTP settings first, and keeps the password to itself', async () => {
    const early = await admin.call('POST', '/api/emails/envios', { ...draft, eventId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error_description: 'Configure o servidor SMTP antes de enviar.',
    });

    const bad = await admin.call('POST', '/api/emails/smtp', {
      host: '127.0.0.1',
      port: sink.port,
      user: 'balcao',
      password: 'segredo',
      sender: 'sem arroba',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error_description: string }>().error_description).toMatch(/Remetente/);

    const saved = await admin.call('POST', '/api/emails/smtp', {
      host: '127.0.0.1',
      port: sink.port,
      user: 'balcao',
      password: 'segredo',
      sender: 'Eventos <eventos@exemplo.com.br>',
    });
    expect(saved.statusCode).toBe(200);
    const shown = (await admin.call('GET', '/api/emails/smtp')).json<SmtpConfigDto>();
    expect(shown).toEqual({
      host: '127.0.0.1',
      port: sink.port,
      user: 'balcao',
      sender: 'Eventos <eventos@exemplo.com.br>',
      hasPassword: true,
    });
    expect(JSON.stringify(shown)).not.toContain('segredo');
  });

  it('previews the first recipient with placeholders filled, skipping those without e-mail', async () => {
    const preview = (
      await admin.call('POST', '/api/emails/previa', { ...draft, eventId })
    ).json<EmailPreviewDto>();
    expect(preview.recipients).toBe(3);
    expect(preview.withoutEmail).toBe(1);
    expect(preview.sample?.name).toBe('Ana Souza');
    expect(preview.sample?.body).toMatch(/^Olá, Ana Souza! Seu CPF: \d{11}\. \{desconhecido\}$/);
    expect(preview.sample?.subject).toMatch(/^Bem-vindo ao /);
  });

  it('sends through the queue with a result per recipient; a retry sends only the failed', async () => {
    const queued = await admin.call('POST', '/api/emails/envios', { ...draft, eventId });
    expect(queued.statusCode).toBe(200);
    const batch = await settled(queued.json<EmailBatchDto>().id);
    expect(batch).toMatchObject({ total: 3, sent: 2, failed: 1, pending: 0 });
    const failed = batch.recipients.find((r) => r.status === 'FALHOU')!;
    expect(failed.email).toBe('caixa.cheia@exemplo.com.br');
    expect(failed.error).toMatch(/Caixa postal inexistente/);
    expect(sink.received.map((mail) => mail.to).sort()).toEqual([
      'ana@exemplo.com.br',
      'carla@exemplo.com.br',
    ]);
    expect(sink.received.find((mail) => mail.to === 'carla@exemplo.com.br')?.raw).toContain(
      'Ol=C3=A1, Carla Dias!',
    );

    refused = 'ninguem@exemplo.com.br'; // the mailbox is back
    const retried = await admin.call('POST', `/api/emails/envios/${batch.id}/reenviar`);
    expect(retried.statusCode).toBe(200);
    const after = await settled(batch.id);
    expect(after).toMatchObject({ total: 3, sent: 3, failed: 0 });
    expect(sink.received.map((mail) => mail.to).sort()).toEqual([
      'ana@exemplo.com.br',
      'caixa.cheia@exemplo.com.br',
      'carla@exemplo.com.br',
    ]);

    const nothing = await admin.call('POST', `/api/emails/envios/${batch.id}/reenviar`);
    expect(nothing.statusCode).toBe(409);
  });

  it('refuses an empty subject, no status, an unknown event and other permissions', async () => {
    const post = (body: object) =>
      admin.call('POST', '/api/emails/envios', { ...draft, eventId, ...body });
    expect((await post({ subject: '  ' })).json()).toMatchObject({
      error_description: 'Informe o assunto.',
    });
    expect((await post({ statuses: [] })).json()).toMatchObject({
      error_description: 'Escolha ao menos uma situação.',
    });
    expect((await post({ eventId: 999_999 })).statusCode).toBe(404);
    expect((await post({ statuses: ['NINGUEM'] })).statusCode).toBe(400);
    const clerk = await storeClerk(t, ['Store']);
    expect((await clerk.call('GET', '/api/emails/smtp')).statusCode).toBe(403);
  });

  it('is not available in the production mode', async () => {
    const production = await startTestApp();
    try {
      const user = await storeClerk(production, ['System']);
      const response = await user.call('GET', '/api/emails/smtp');
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
