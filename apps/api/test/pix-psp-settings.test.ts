import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PIX_PSP_CERTIFICATE_MESSAGE,
  PIX_PSP_DEVELOPMENT_KEY_WARNING,
  PIX_PSP_KEY_MISMATCH_MESSAGE,
  PIX_PSP_SECRET_MESSAGE,
  PIX_PSP_URL_MESSAGE,
  type PixPspSettingsDto,
} from '@balcao/contract';
import { collectedLog, startTestApp, type TestContext } from './helpers/test-app.ts';
import { DEVELOPMENT_TOTP_KEY } from '../src/totp-secret-box.ts';
import { jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { pspCredentials, startPspEmulator, type PspEmulator } from './helpers/psp-emulator.ts';
import { randomBytes } from 'node:crypto';
import { resealPspSecrets } from '../src/auth/totp-key-rotation.ts';
import { PSP_CONNECTION_OK, pspConnection, savePspSettings } from '../src/modules/pix/settings.ts';

// 'Configuração PIX' → the PSP connection (issue #28, docs/pix.md), against the emulator of the
// Banco Central's Pix API over mutual TLS with certificates made in this run.

let t: TestContext;
let emulator: PspEmulator;
let admin: JsonCaller;

beforeAll(async () => {
  t = await startTestApp();
  emulator = await startPspEmulator();
  admin = await jsonCaller(t, ['System']);
});
afterAll(async () => {
  await emulator.close();
  await t.close();
});

function settingsBody(overrides: Record<string, unknown> = {}) {
  const credentials = pspCredentials(emulator);
  return {
    baseUrl: credentials.baseUrl,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    certificatePem: credentials.certificatePem,
    privateKeyPem: credentials.privateKeyPem,
    caPem: credentials.caPem,
    ...overrides,
  };
}

const put = (body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/pix/psp', headers: admin.headers, payload: body });
const testConnection = async () =>
  (await admin.post('/api/pix/psp/test')).json<{ ok: boolean; message: string }>();

describe('the PSP connection', () => {
  it('is stored with its secrets sealed, shown without them, and tested over mutual TLS', async () => {
    expect((await admin.get('/api/pix/psp')).json()).toMatchObject({ configured: false });
    expect(await testConnection()).toEqual({ ok: false, message: 'Nenhum PSP configurado.' });

    const saved = await put(settingsBody());
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = saved.json<PixPspSettingsDto>();
    expect(shown).toMatchObject({
      configured: true,
      baseUrl: emulator.baseUrl,
      clientId: emulator.clientId,
      hasClientSecret: true,
      hasCa: true,
    });
    expect(shown.certificate?.subject).toMatch(/CN=/);
    // Neither the answer, the table nor the audit log holds the secret or the private key.
    const { clientSecret, privateKeyPem } = pspCredentials(emulator);
    const keyBody = privateKeyPem.split('\n')[1]!;
    expect(JSON.stringify((await admin.get('/api/pix/psp')).json())).not.toContain(clientSecret);
    const row = await t.db.selectFrom('pix_psp_settings').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(clientSecret);
    expect(JSON.stringify(row)).not.toContain(keyBody);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'pix_psp_settings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).not.toContain(clientSecret);
    expect(audit[0]!.after).not.toContain(keyBody);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      client_secret: '[oculto]',
      chave_privada: 'alterada',
    });

    expect(await testConnection()).toEqual({ ok: true, message: PSP_CONNECTION_OK });

    // A blank secret and certificate keep the stored ones.
    const kept = await put({ baseUrl: emulator.baseUrl, clientId: emulator.clientId });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await testConnection()).toEqual({ ok: true, message: PSP_CONNECTION_OK });
  });

  it('says what failed: a wrong secret, a certificate of another CA, the PSP down', async () => {
    await put(settingsBody({ clientSecret: 'segredo-errado' }));
    const wrongSecret = await testConnection();
    expect(wrongSecret.ok).toBe(false);
    expect(wrongSecret.message).toMatch(/credenciais/);

    const { strangerCertPem, strangerKeyPem } = emulator.certificates;
    await put(settingsBody({ certificatePem: strangerCertPem, privateKeyPem: strangerKeyPem }));
    const stranger = await testConnection();
    expect(stranger).toEqual({ ok: false, message: 'O PSP recusou o certificado do cliente.' });

    await put(settingsBody());
    await emulator.down('unavailable');
    const down = await testConnection();
    expect(down.ok).toBe(false);
    expect(down.message).toMatch(/indisponível/);
    await emulator.up();
    expect((await testConnection()).ok).toBe(true);
  });

  it('refuses bad settings with pt-BR messages, and only System reaches it', async () => {
    await admin.post('/api/pix/psp/test');
    const cases: [object, string][] = [
      [settingsBody({ baseUrl: 'http://psp.exemplo.com.br' }), PIX_PSP_URL_MESSAGE],
      [settingsBody({ baseUrl: 'não é url' }), PIX_PSP_URL_MESSAGE],
      [settingsBody({ privateKeyPem: '' }), PIX_PSP_CERTIFICATE_MESSAGE],
      [
        settingsBody({ certificatePem: '-----BEGIN CERTIFICATE-----\nxx' }),
        PIX_PSP_CERTIFICATE_MESSAGE,
      ],
      [
        settingsBody({ privateKeyPem: emulator.certificates.strangerKeyPem }),
        PIX_PSP_KEY_MISMATCH_MESSAGE,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await put(body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error_description).toBe(message);
    }
    // Removed: a first save needs the secret again.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/pix/psp',
      headers: admin.headers,
    });
    expect(removed.json()).toMatchObject({ configured: false });
    const noSecret = await put(settingsBody({ clientSecret: '' }));
    expect(noSecret.json().error_description).toBe(PIX_PSP_SECRET_MESSAGE);

    const cashier = await jsonCaller(t, ['Checkout']);
    expect((await cashier.get('/api/pix/psp')).statusCode).toBe(403);
    expect((await cashier.post('/api/pix/psp/test')).statusCode).toBe(403);
  });

  it('is sealed again when BALCAO_TOTP_KEY is rotated, and still opens', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const actor = { id: admin.userId, username: admin.username, ip: '127.0.0.1' };
    await savePspSettings(t.db, oldKey, new Date(), actor, settingsBody());
    await expect(pspConnection(t.db, newKey)).rejects.toThrow();
    expect(await resealPspSecrets(t.db, newKey, [oldKey])).toBe('resealed');
    const opened = await pspConnection(t.db, newKey);
    expect(opened?.clientSecret).toBe(emulator.clientSecret);
    expect(await resealPspSecrets(t.db, newKey, [])).toBe('unchanged');
    expect(await resealPspSecrets(t.db, randomBytes(32), [])).toBe('unreadable');
  });
});

describe('without BALCAO_TOTP_KEY', () => {
  it('saves the connection, and says on the card and in the log that its secrets are not protected', async () => {
    const { stream, lines } = collectedLog();
    const dev = await startTestApp({
      config: { totpKey: DEVELOPMENT_TOTP_KEY, logLevel: 'warn' },
      logStream: stream,
    });
    try {
      const manager = await jsonCaller(dev, ['System']);
      expect((await manager.get('/api/pix/psp')).json<PixPspSettingsDto>()).toMatchObject({
        configured: false,
        developmentKey: true,
      });
      const saved = await dev.app.inject({
        method: 'PUT',
        url: '/api/pix/psp',
        headers: manager.headers,
        payload: settingsBody(),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<PixPspSettingsDto>()).toMatchObject({
        configured: true,
        developmentKey: true,
      });
      expect(lines.join('')).toContain(PIX_PSP_DEVELOPMENT_KEY_WARNING);
      expect(lines.join('')).not.toContain(emulator.clientSecret);
    } finally {
      await dev.close();
    }
    // With a key of its own, nothing to warn of.
    const developmentKey = t.config.totpKey;
    t.config.totpKey = randomBytes(32);
    try {
      expect((await admin.get('/api/pix/psp')).json<PixPspSettingsDto>().developmentKey).toBe(
        false,
      );
    } finally {
      t.config.totpKey = developmentKey;
    }
  });
});
