import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_NOT_EARNED,
  CERTIFICATE_RULE_MESSAGES,
  type CertificateEligibilityDto,
  type CertificateIssueJobDto,
  type CertificateListDto,
  type CertificateSendingDto,
  type CertificateVerificationDto,
} from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createEvent } from './helpers/fixtures.ts';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { sendThroughSink, startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { mimeParts } from './helpers/mime.ts';
import { readPdf } from './helpers/pdf-text.ts';
import { hasSystemTools } from './helpers/system-tools.ts';

const PUBLIC_URL = 'https://balcao.exemplo.com.br';
const DAY_SECONDS = 24 * 60 * 60;

let t: TestContext;
let sink: SmtpSink;
let admin: JsonCaller; // Event
let desk: JsonCaller; // Subscription
let system: JsonCaller; // System (anonymize)

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } }); // clock: 2025-03-10T12:00Z
  admin = await jsonCaller(t, ['Event']);
  desk = await jsonCaller(t, ['Subscription']);
  system = await jsonCaller(t, ['System']);
  sink = await startSmtpSink();
  await sendThroughSink(t.db, sink, admin.userId);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** The desks' next day: tokens live a shift, so everyone signs in again. */
async function nextDay() {
  t.clock.advance(DAY_SECONDS);
  admin = await jsonCaller(t, ['Event']);
  desk = await jsonCaller(t, ['Subscription']);
  system = await jsonCaller(t, ['System']);
}

const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: admin.headers, payload });
/** The public page's call: no token. */
const verify = (code: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: `/api/certificados/verificar/${code}`, remoteAddress: ip });

async function printBadge(participantId: number, eventId: number, usualName: string) {
  const printed = await desk.post('/api/subscriptions/badge/print', {
    participantId,
    eventId,
    usualName,
  });
  expect(printed.statusCode, printed.body).toBe(200);
}

async function issue(eventId: number): Promise<CertificateIssueJobDto> {
  const started = await admin.post(`/api/certificados/eventos/${eventId}/emissoes`);
  expect(started.statusCode, started.body).toBe(202);
  let job = started.json<CertificateIssueJobDto>();
  while (!job.done) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = (await admin.get(`/api/certificados/emissoes/${job.id}`)).json<CertificateIssueJobDto>();
  }
  return job;
}

const canScan = hasSystemTools(
  ['pdftoppm', 'zbarimg'],
  'poppler-utils e zbar-tools',
  'certificates.test.ts',
);

/** The QR codes on the PDF's first page, read as a phone would (150 dpi picture). */
function scan(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-cert-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    spawnSync('pdftoppm', ['-png', '-r', '150', '-singlefile', 'doc.pdf', 'doc'], { cwd: dir });
    const result = spawnSync('zbarimg', ['-q', 'doc.png'], { cwd: dir, encoding: 'utf8' });
    return result.stdout.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('certificates of attendance', () => {
  let eventId: number;
  let ana: { id: number };
  let bruno: { id: number };
  let carla: { id: number };
  let codes: Record<string, string>;

  it('asks a rule first, and refuses a bad one in pt-BR', async () => {
    eventId = await createEvent(t.db, {
      name: 'Imersão em Gestão',
      inicio: '2025-03-10T12:00:00.000Z', // 10/03 09:00 in São Paulo
      fim: '2025-03-12T21:00:00.000Z', // 12/03 18:00
      print_enabled: true,
      link_courseware: false,
    });
    const preview = await admin.get(`/api/certificados/eventos/${eventId}/elegiveis`);
    expect(preview.statusCode).toBe(409);
    expect(preview.json().error_description).toBe(CERTIFICATE_RULE_MESSAGES.noRule);

    const bad = await put(`/api/certificados/eventos/${eventId}/regra`, {
      hours: 0,
      criterion: 'min_days',
      minDays: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe(
      `${CERTIFICATE_RULE_MESSAGES.hours} ${CERTIFICATE_RULE_MESSAGES.minDays}`,
    );
    const denied = await desk.get(`/api/certificados/eventos/${eventId}/regra`);
    expect(denied.statusCode).toBe(403);

    const saved = await put(`/api/certificados/eventos/${eventId}/regra`, {
      hours: 20,
      criterion: 'min_days',
      minDays: 2,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      eventId,
      hours: 20,
      criterion: 'min_days',
      minDays: 2,
      saved: true,
    });
  });

  it('previews who earns one from the badges printed on different days', async () => {
    ana = await createParticipant(t.db, eventId, { name: 'Ana Lima' });
    bruno = await createParticipant(t.db, eventId, { name: 'Bruno Costa' });
    carla = await createParticipant(t.db, eventId, { name: 'Carla Dias' });
    await createParticipant(t.db, eventId, { name: 'Davi Reis (ausente)' });
    await printBadge(ana.id, eventId, 'Ana'); // 10/03
    await printBadge(bruno.id, eventId, 'Bruno');
    await nextDay();
    await printBadge(ana.id, eventId, 'Ana'); // 11/03
    await printBadge(carla.id, eventId, 'Carla');
    await nextDay();
    await printBadge(carla.id, eventId, 'Carla'); // 12/03
    await printBadge(carla.id, eventId, 'Carla'); // twice the same day: one day

    const preview = await admin.get(`/api/certificados/eventos/${eventId}/elegiveis`);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<CertificateEligibilityDto>();
    expect(body.eventDays).toEqual(['2025-03-10', '2025-03-11', '2025-03-12']);
    expect(body.earning).toBe(2);
    expect(body.notEarning).toBe(2);
    expect(body.candidates.map((c) => [c.name, c.daysPresent, c.earns, c.reason])).toEqual([
      ['Ana Lima', 2, true, null],
      ['Bruno Costa', 1, false, CERTIFICATE_NOT_EARNED.fewDays(1, 2)],
      ['Carla Dias', 2, true, null],
      ['Davi Reis (ausente)', 0, false, CERTIFICATE_NOT_EARNED.notAccredited],
    ]);
  });

  it('issues in a batch with a result per person, and the PDF reads back with its QR', async () => {
    const job = await issue(eventId);
    expect(job.total).toBe(4);
    expect(job.processed).toBe(4);
    expect(job.counts).toMatchObject({ issued: 2, not_earned: 2, failed: 0 });
    codes = Object.fromEntries(
      job.results.filter((r) => r.outcome === 'issued').map((r) => [r.name, r.code!]),
    );
    expect(Object.keys(codes)).toEqual(['Ana Lima', 'Carla Dias']);
    for (const code of Object.values(codes)) {
      expect(code).toMatch(/^([2-9A-HJKMNP-TV-Z]{4}-){4}[2-9A-HJKMNP-TV-Z]{4}$/);
    }
    expect(codes['Ana Lima']).not.toBe(codes['Carla Dias']);

    const download = await admin.get(`/api/certificados/${codes['Ana Lima']}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const pdf = download.rawPayload;
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeGreaterThan(pages[0]!.height); // A4 landscape
    expect(pages[0]!.text).toContain('Ana Lima');
    expect(pages[0]!.text).toContain('Imersão em Gestão');
    expect(pages[0]!.text).toContain('com carga horária de 20 horas, em 10/03/2025 a 12/03/2025.');
    expect(pages[0]!.text).toContain(`Código de verificação: ${codes['Ana Lima']}`);
    if (canScan) {
      expect(scan(pdf)).toEqual([`QR-Code:${PUBLIC_URL}/verificar/${codes['Ana Lima']}`]);
    }
  });

  it('verifies without a login, with no CPF or e-mail; altered and guessed codes are not found', async () => {
    const code = codes['Ana Lima']!;
    const valid = await verify(code.toLowerCase().replace(/-/g, ' '));
    expect(valid.statusCode).toBe(200);
    expect(valid.headers['x-robots-tag']).toContain('noindex');
    expect(valid.json<CertificateVerificationDto>()).toEqual({
      status: 'valid',
      code,
      name: 'Ana Lima',
      event: 'Imersão em Gestão',
      course: null,
      hours: 20,
      dates: '10/03/2025 a 12/03/2025',
      issuedAt: '2025-03-12T12:00:00.000Z',
    });
    expect(valid.body).not.toMatch(/cpf|e-?mail/i);

    const last = code.at(-1) === 'Z' ? 'Y' : 'Z';
    for (const altered of [
      `${code.slice(0, -1)}${last}`,
      'ABCD-EFGH-JKMN-PQRS-TVWX',
      `${code}2`,
      code.replace(/[2-9]/, '0'),
      'x',
    ]) {
      const answer = await verify(encodeURIComponent(altered));
      expect(answer.statusCode, altered).toBe(200);
      expect(answer.json()).toEqual({ status: 'not_found' });
    }
  });

  it('re-issues after a name correction under the same code, as a new version', async () => {
    // The name corrected at 'Participantes' (its own tests): the certificate follows on re-issue.
    await t.db
      .updateTable('participants')
      .set({ name: 'Ana Lima Souza' })
      .where('id', '=', ana.id)
      .execute();
    t.clock.advance(60);
    const job = await issue(eventId);
    expect(job.results.find((r) => r.participantId === ana.id)).toMatchObject({
      outcome: 'reissued',
      code: codes['Ana Lima'],
    });
    expect(job.results.find((r) => r.participantId === carla.id)?.outcome).toBe('unchanged');
    const list = (
      await admin.get(`/api/certificados/eventos/${eventId}`)
    ).json<CertificateListDto>();
    expect(list.certificates.map((c) => [c.name, c.code, c.version])).toEqual([
      ['Ana Lima Souza', codes['Ana Lima'], 2],
      ['Carla Dias', codes['Carla Dias'], 1],
    ]);
    const versions = await t.db
      .selectFrom('certificate_versions')
      .innerJoin('certificates', 'certificates.id', 'certificate_versions.certificate_id')
      .select(['certificate_versions.version', 'certificate_versions.name'])
      .where('certificates.code', '=', codes['Ana Lima']!)
      .orderBy('certificate_versions.version')
      .execute();
    expect(versions).toEqual([
      { version: 1, name: 'Ana Lima' },
      { version: 2, name: 'Ana Lima Souza' },
    ]);
    expect((await verify(codes['Ana Lima']!)).json().name).toBe('Ana Lima Souza');
  });

  it('downloads all valid ones as a ZIP of PDFs', async () => {
    const zip = await admin.get(`/api/certificados/eventos/${eventId}/zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [codes['Ana Lima'], codes['Carla Dias']].map((code) => `certificado-${code}.pdf`).sort(),
    );
    const { pages } = await readPdf(Buffer.from(files[`certificado-${codes['Carla Dias']}.pdf`]!));
    expect(pages[0]!.text).toContain('Carla Dias');
  });

  it('sends each valid certificate by e-mail with its PDF, with progress and a result per person', async () => {
    for (const [person, email] of [
      [ana, 'ana@exemplo.com.br'],
      [carla, 'carla@exemplo.com.br'],
    ] as const) {
      await t.db.updateTable('participants').set({ email }).where('id', '=', person.id).execute();
    }
    const queued = await admin.post(`/api/certificados/eventos/${eventId}/enviar`, {});
    expect(queued.statusCode, queued.body).toBe(200);
    let sending = queued.json<CertificateSendingDto>();
    expect(sending.total).toBe(2);
    while (sending.pending > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      sending = (
        await admin.get(`/api/certificados/envios/${sending.id}`)
      ).json<CertificateSendingDto>();
    }
    expect(sending.recipients.map((r) => [r.name, r.status])).toEqual([
      ['Ana Lima Souza', 'ENVIADO'],
      ['Carla Dias', 'ENVIADO'],
    ]);
    const toCarla = sink.received.find((message) => message.to === 'carla@exemplo.com.br')!;
    const pdf = mimeParts(toCarla.raw).find((part) =>
      part.headers['content-type']?.startsWith('application/pdf'),
    )!;
    expect(pdf.headers['content-type']).toContain(`certificado-${codes['Carla Dias']}.pdf`);
    expect((await readPdf(pdf.body)).pages[0]!.text).toContain('Carla Dias');
    const list = (
      await admin.get(`/api/certificados/eventos/${eventId}`)
    ).json<CertificateListDto>();
    expect(list.certificates.every((c) => c.emailedAt !== null)).toBe(true);
  });

  it('revokes with a reason, audited; the verification then says revoked', async () => {
    const code = codes['Carla Dias']!;
    const empty = await admin.post(`/api/certificados/${code}/revogar`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_description).toBe(CERTIFICATE_MESSAGES.revokeReason);
    const revoked = await admin.post(`/api/certificados/${code}/revogar`, {
      reason: 'Emitido por engano',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ revokedReason: 'Emitido por engano' });
    const again = await admin.post(`/api/certificados/${code}/revogar`, { reason: 'de novo' });
    expect(again.statusCode).toBe(409);

    expect((await verify(code)).json()).toEqual({
      status: 'revoked',
      code,
      name: 'Carla Dias',
      event: 'Imersão em Gestão',
      revokedAt: t.clock.now().toISOString(),
    });
    expect((await admin.get(`/api/certificados/${code}/pdf`)).statusCode).toBe(409);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'certificates')
      .where('action', '=', 'revogar')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toContain('Emitido por engano');
  });

  it('anonymizing a participant revokes their certificate, and the verification shows no name', async () => {
    const anonymized = await system.post(`/api/participants/${ana.id}/anonymize`);
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    const answer = (await verify(codes['Ana Lima']!)).json<CertificateVerificationDto>();
    expect(answer).toMatchObject({ status: 'revoked', name: null });
    expect(JSON.stringify(answer)).not.toContain('Ana');
    const job = await t.db.selectFrom('certificate_jobs').select('results').execute();
    expect(job.map((row) => row.results).join()).not.toContain('Ana Lima');
    const versions = await t.db.selectFrom('certificate_versions').select('name').execute();
    expect(versions.map((row) => row.name)).not.toContain('Ana Lima');
  });

  it('answers a flood from one address with 429 in pt-BR, other addresses still served', async () => {
    const flooder = '198.51.100.9';
    const answers = [];
    for (let index = 0; index < 40; index++) {
      answers.push((await verify('ABCD-EFGH-JKMN-PQRS-TVWX', flooder)).statusCode);
    }
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    const refused = await verify('ABCD-EFGH-JKMN-PQRS-TVWX', flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_description).toBe(CERTIFICATE_MESSAGES.tooManyVerifications);
    expect((await verify('ABCD-EFGH-JKMN-PQRS-TVWX', '198.51.100.10')).statusCode).toBe(200);
  });
});
