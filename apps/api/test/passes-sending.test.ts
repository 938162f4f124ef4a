import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  PASS_PROBLEM_MESSAGES,
  passKeyFromHex,
  verifyPass,
  type PassSendingDto,
} from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createEvent } from './helpers/fixtures.ts';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { sendThroughSink, startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { mimeParts, type MimePart } from './helpers/mime.ts';
import { readPdf } from './helpers/pdf-text.ts';

let t: TestContext;
let sink: SmtpSink;
let manager: JsonCaller; // Participant
let desk: JsonCaller; // Subscription
let eventId: number;
const people: Record<string, number> = {};

beforeAll(async () => {
  sink = await startSmtpSink();
  // The production mode: 'Enviar e-mails' is hidden there, 'Enviar ingressos' is not.
  t = await startTestApp({ config: { appMode: 'production' } });
  manager = await jsonCaller(t, ['Participant']);
  desk = await jsonCaller(t, ['Subscription']);
  eventId = await createEvent(t.db, { name: 'Imersão Líder 2026', link_courseware: false });
  const list: [string, string | null, 'OK' | 'STAFF' | 'PAYMENT_ERROR'][] = [
    ['Ana Souza', 'ana@exemplo.com.br', 'OK'],
    ['Caio Prado', 'caio@exemplo.com.br', 'STAFF'],
    ['Davi Reis', null, 'OK'],
    ['Eva Pena', 'eva@exemplo.com.br', 'PAYMENT_ERROR'],
  ];
  for (const [name, email, status] of list) {
    const { id } = await createParticipant(t.db, eventId, { name, status });
    await t.db.updateTable('participants').set({ email }).where('id', '=', id).execute();
    people[name] = id;
  }
  await sendThroughSink(t.db, sink, manager.userId);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function settled(id: number): Promise<PassSendingDto> {
  for (let i = 0; i < 400; i++) {
    const sending = (await manager.get(`/api/passes/envios/${id}`)).json<PassSendingDto>();
    if (sending.done) return sending;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('o envio não terminou');
}

const partNamed = (parts: MimePart[], pattern: RegExp) =>
  parts.find((part) => pattern.test(part.headers['content-type'] ?? ''));

function qrOf(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe("'Enviar ingressos'", () => {
  it('sends each participant em dia their pass: QR inline, PNG and PDF that the desk accepts', async () => {
    const answer = await manager.post('/api/passes/envios', { eventId });
    expect(answer.statusCode, answer.body).toBe(200);
    const queued = answer.json<PassSendingDto>();
    expect(queued).toMatchObject({ total: 2, withoutEmail: 1, unpaid: 1 });
    const done = await settled(queued.id);
    expect(done).toMatchObject({ sent: 2, failed: 0 });
    expect(done.recipients.map((r) => r.name).sort()).toEqual(['Ana Souza', 'Caio Prado']);

    const publicKey = passKeyFromHex(
      (await desk.get(`/api/passes/public-key?eventId=${eventId}`)).json<{ publicKey: string }>()
        .publicKey,
    )!;
    const mail = sink.received.find((message) => message.to === 'ana@exemplo.com.br')!;
    expect(mail).toBeDefined();
    expect(sink.received.some((message) => message.to === 'eva@exemplo.com.br')).toBe(false);
    const parts = mimeParts(mail.raw);
    const html = partNamed(parts, /^text\/html/)!.body.toString('utf8');
    expect(html).toContain('src="cid:ingresso-qr"');
    expect(html).toContain('Olá, Ana Souza!');
    const inline = parts.find((part) => (part.headers['content-id'] ?? '').includes('ingresso-qr'));
    expect(inline?.headers['content-disposition']).toMatch(/^inline/);
    const file = parts.find((part) =>
      /attachment;.*filename="?ingresso\.png/.test(part.headers['content-disposition'] ?? ''),
    )!;
    const pass = qrOf(file.body)!;
    expect(qrOf(inline!.body)).toBe(pass);
    expect(verifyPass(pass, publicKey)).toEqual({
      eventId,
      participantId: people['Ana Souza'],
      version: 1,
    });
    expect(pass).not.toMatch(/Ana|Souza/i);

    const pdf = await readPdf(partNamed(parts, /^application\/pdf/)!.body);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.text).toContain('Imersão Líder 2026');
    expect(pdf.pages[0]!.text).toContain('Ana Souza');
    expect(pdf.pages[0]!.text).toContain('Apresente este QR Code no credenciamento');

    // The QR read from the e-mail opens the participant at the desk.
    const check = await desk.get(
      `/api/subscriptions/participant/check?pass=${encodeURIComponent(pass)}&eventId=${eventId}`,
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ participant: { id: people['Ana Souza'] } });

    // Reissued: the e-mailed QR no longer opens anyone.
    await manager.post(`/api/participants/${people['Ana Souza']}/pass/reissue`);
    const stale = await desk.get(
      `/api/subscriptions/participant/check?pass=${encodeURIComponent(pass)}&eventId=${eventId}`,
    );
    expect(stale.json().error_description).toBe(PASS_PROBLEM_MESSAGES.reissued);
  });

  it('sends to those not em dia only when asked, and to the chosen participants only', async () => {
    const before = sink.received.length;
    const refused = await manager.post('/api/passes/envios', {
      eventId,
      participantIds: [people['Eva Pena']],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toMatch(/^Nenhum participante a receber o ingresso/);

    const answer = await manager.post('/api/passes/envios', {
      eventId,
      participantIds: [people['Eva Pena']],
      includeUnpaid: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const done = await settled(answer.json<PassSendingDto>().id);
    expect(done).toMatchObject({ total: 1, sent: 1 });
    expect(sink.received.slice(before).map((message) => message.to)).toEqual([
      'eva@exemplo.com.br',
    ]);

    const stranger = await manager.post('/api/passes/envios', {
      eventId,
      participantIds: [999_999],
    });
    expect(stranger.statusCode).toBe(400);
    expect((await desk.post('/api/passes/envios', { eventId })).statusCode).toBe(403);
  });
});
