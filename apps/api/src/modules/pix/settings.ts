import { X509Certificate, createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  PIX_PSP_CERTIFICATE_MESSAGE,
  PIX_PSP_CLIENT_ID_MESSAGE,
  PIX_PSP_KEY_MISMATCH_MESSAGE,
  PIX_PSP_NOT_CONFIGURED,
  PIX_PSP_SECRET_MESSAGE,
  PIX_PSP_TOKEN_URL_MESSAGE,
  PIX_PSP_URL_MESSAGE,
  type PixPspSettingsDto,
  type PixPspSettingsInput,
} from '@balcao/contract';
import {
  DEVELOPMENT_TOTP_KEY,
  openTotpSecret,
  sealTotpSecret,
  totpKeys,
} from '../../totp-secret-box.ts';
import type { Database } from '../../db/types.ts';
import type { PixPspSettingsTable } from '../../db/tables/pix.ts';
import { invalidRequest } from '../../http/api-error.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { PspClient, PspError } from './psp-client.ts';

/**
 * 'Configuração PIX' → the PSP connection (issue #28, docs/pix.md). The client secret and the
 * certificate's private key are sealed under BALCAO_TOTP_KEY, as the TOTP secrets are, and never
 * leave the server again; the audit log records what changed without them.
 */

type Db = Kysely<Database>;

/** The connection as the PSP client needs it, secrets opened. */
export interface PspConnection {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  certificatePem: string;
  privateKeyPem: string;
  caPem?: string;
}

const NOT_CONFIGURED: Omit<PixPspSettingsDto, 'developmentKey'> = {
  configured: false,
  baseUrl: '',
  tokenUrl: '',
  clientId: '',
  hasClientSecret: false,
  certificate: null,
  hasCa: false,
};

function certificateFacts(pem: string) {
  const certificate = new X509Certificate(pem);
  return {
    subject: certificate.subject.replaceAll('\n', ', '),
    issuer: certificate.issuer.replaceAll('\n', ', '),
    validTo: new Date(certificate.validTo).toISOString(),
  };
}

/** Whether secrets sealed under `key` are sealed under the key every copy of the code knows. */
export const isDevelopmentKey = (key: Buffer): boolean => key.equals(DEVELOPMENT_TOTP_KEY);

export async function pspSettings(db: Db, key: Buffer): Promise<PixPspSettingsDto> {
  const row = await db.selectFrom('pix_psp_settings').selectAll().executeTakeFirst();
  const developmentKey = isDevelopmentKey(key);
  if (!row) return { ...NOT_CONFIGURED, developmentKey };
  return {
    developmentKey,
    configured: true,
    baseUrl: row.base_url,
    tokenUrl: row.token_url ?? '',
    clientId: row.client_id,
    hasClientSecret: true,
    certificate: certificateFacts(row.certificate_pem),
    hasCa: row.ca_pem !== null,
  };
}

/**
 * A webhook secret: the path segment the PSP calls back with (docs/pix.md, 'The webhook'). Made
 * when the connection is first saved and again at each 'Registrar webhook'; stored sealed.
 */
export const newWebhookSecret = (): string => randomBytes(24).toString('base64url');

type SettingsRow = Selectable<PixPspSettingsTable>;

/** The stored connection, opened for a call to the PSP; undefined when there is none. */
export async function pspConnection(db: Db, key: Buffer): Promise<PspConnection | undefined> {
  const row = await db.selectFrom('pix_psp_settings').selectAll().executeTakeFirst();
  return row && openConnection(row, key);
}

function openConnection(row: SettingsRow, key: Buffer): PspConnection {
  return {
    baseUrl: row.base_url,
    tokenUrl: row.token_url ?? `${row.base_url.replace(/\/+$/, '')}/oauth/token`,
    clientId: row.client_id,
    clientSecret: openTotpSecret(totpKeys(key), row.client_secret_sealed),
    certificatePem: row.certificate_pem,
    privateKeyPem: openTotpSecret(totpKeys(key), row.private_key_sealed),
    ...(row.ca_pem ? { caPem: row.ca_pem } : {}),
  };
}

/**
 * The client of each database's stored connection, kept from call to call so that its OAuth
 * token (and its TLS connections) last until they expire, not one request. A connection saved
 * again (or removed) makes a new one; the old one closes once its calls had time to end.
 */
const kept = new WeakMap<Db, { connection: string; client: PspClient }>();
const OLD_CLIENT_CLOSE_MS = 30_000;

/** What identifies a stored connection: any change to it is a new client. */
const connectionOf = (row: SettingsRow) =>
  JSON.stringify([
    row.base_url,
    row.token_url,
    row.client_id,
    row.client_secret_sealed,
    row.certificate_pem,
    row.private_key_sealed,
    row.ca_pem,
  ]);

/**
 * `use` with the client of the stored connection (kept: see `kept`). No connection is a PspError
 * of kind 'not_connected' with `missing` as its message, like any other reason the PSP cannot be
 * asked.
 */
export async function atPsp<T>(
  db: Db,
  key: Buffer,
  use: (client: PspClient) => Promise<T>,
  missing = PIX_PSP_NOT_CONFIGURED,
): Promise<T> {
  const row = await db.selectFrom('pix_psp_settings').selectAll().executeTakeFirst();
  const connection = row && connectionOf(row);
  let current = kept.get(db);
  if (current && current.connection !== connection) {
    const old = current.client;
    setTimeout(() => old.close(), OLD_CLIENT_CLOSE_MS).unref();
    kept.delete(db);
    current = undefined;
  }
  if (!row || !connection) throw new PspError('not_connected', missing);
  if (!current) {
    current = { connection, client: new PspClient(openConnection(row, key)) };
    kept.set(db, current);
  }
  return use(current.client);
}

function httpsUrl(text: string | undefined, message: string): string | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalidRequest(message);
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw invalidRequest(message);
  return trimmed.replace(/\/+$/, '');
}

function readCertificate(pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw invalidRequest(PIX_PSP_CERTIFICATE_MESSAGE);
  }
}

function readPrivateKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch {
    throw invalidRequest(PIX_PSP_CERTIFICATE_MESSAGE);
  }
}

/** PUT /api/pix/psp: checked, sealed and stored; a blank secret or certificate keeps the stored. */
export async function savePspSettings(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
  input: PixPspSettingsInput,
): Promise<PixPspSettingsDto> {
  const baseUrl = httpsUrl(input.baseUrl, PIX_PSP_URL_MESSAGE);
  if (!baseUrl) throw invalidRequest(PIX_PSP_URL_MESSAGE);
  const tokenUrl = httpsUrl(input.tokenUrl, PIX_PSP_TOKEN_URL_MESSAGE);
  const clientId = input.clientId.trim();
  if (clientId === '') throw invalidRequest(PIX_PSP_CLIENT_ID_MESSAGE);
  const stored = await db.selectFrom('pix_psp_settings').selectAll().executeTakeFirst();

  const secret = input.clientSecret?.trim() ?? '';
  if (secret === '' && !stored) throw invalidRequest(PIX_PSP_SECRET_MESSAGE);
  const certificatePem = input.certificatePem?.trim() ?? '';
  const privateKeyPem = input.privateKeyPem?.trim() ?? '';
  const newCertificate = certificatePem !== '' || privateKeyPem !== '';
  if ((newCertificate || !stored) && (certificatePem === '' || privateKeyPem === '')) {
    throw invalidRequest(PIX_PSP_CERTIFICATE_MESSAGE);
  }
  if (newCertificate) {
    const certificate = readCertificate(certificatePem);
    if (!certificate.checkPrivateKey(readPrivateKey(privateKeyPem))) {
      throw invalidRequest(PIX_PSP_KEY_MISMATCH_MESSAGE);
    }
  }
  const caPem = input.caPem?.trim() ?? '';
  if (caPem !== '') readCertificate(caPem);

  const values = {
    base_url: baseUrl,
    token_url: tokenUrl,
    client_id: clientId,
    ...(secret !== '' ? { client_secret_sealed: sealTotpSecret(key, secret) } : {}),
    ...(newCertificate
      ? {
          certificate_pem: certificatePem,
          private_key_sealed: sealTotpSecret(key, privateKeyPem),
        }
      : {}),
    ...(caPem !== '' ? { ca_pem: caPem } : {}),
    updated_by: actor.id,
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    if (stored) {
      await trx.updateTable('pix_psp_settings').set(values).where('id', '=', 1).execute();
    } else {
      await trx
        .insertInto('pix_psp_settings')
        .values({
          id: 1,
          ...values,
          client_secret_sealed: values.client_secret_sealed!,
          certificate_pem: values.certificate_pem!,
          private_key_sealed: values.private_key_sealed!,
          webhook_secret_sealed: sealTotpSecret(key, newWebhookSecret()),
        })
        .execute();
    }
    // What changed, never the secrets themselves.
    await recordAudit(trx, actor, {
      entity: 'pix_psp_settings',
      entityId: 1,
      action: stored ? 'update' : 'insert',
      before: stored && {
        base_url: stored.base_url,
        token_url: stored.token_url,
        client_id: stored.client_id,
        certificado: certificateFacts(stored.certificate_pem).subject,
      },
      after: {
        base_url: baseUrl,
        token_url: tokenUrl,
        client_id: clientId,
        certificado: certificateFacts(values.certificate_pem ?? stored!.certificate_pem).subject,
        ...(secret !== '' ? { client_secret: 'alterado' } : {}),
        ...(newCertificate ? { chave_privada: 'alterada' } : {}),
      },
      at: now,
    });
  });
  return pspSettings(db, key);
}

/** DELETE /api/pix/psp: back to PIX confirmed by the cashier. */
export async function removePspSettings(db: Db, now: Date, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('pix_psp_settings').executeTakeFirst();
    if (removed.numDeletedRows === 0n) return;
    await recordAudit(trx, actor, {
      entity: 'pix_psp_settings',
      entityId: 1,
      action: 'delete',
      at: now,
    });
  });
}

/** A txid no charge will ever have: reading it proves the token, the certificate and cob.read. */
const PROBE_TXID = 'BALCAOTESTEDECONEXAO000000';

/**
 * POST /api/pix/psp/test, 'Testar conexão': a token over mutual TLS and a read of a charge that
 * does not exist (the PSP's 404 is the expected answer). Says what failed, in the PSP's words.
 */
export async function testPspConnection(
  db: Db,
  key: Buffer,
): Promise<{ ok: boolean; message: string }> {
  const connection = await pspConnection(db, key);
  if (!connection) return { ok: false, message: 'Nenhum PSP configurado.' };
  let client: PspClient | undefined;
  try {
    client = new PspClient(connection);
    await client.getCharge(PROBE_TXID);
    return { ok: true, message: PSP_CONNECTION_OK };
  } catch (error) {
    if (error instanceof PspError && error.kind === 'not_found') {
      return { ok: true, message: PSP_CONNECTION_OK };
    }
    if (error instanceof PspError) return { ok: false, message: error.message };
    throw error;
  } finally {
    client?.close();
  }
}

export const PSP_CONNECTION_OK =
  'Conexão com o PSP funcionando: certificado, credenciais e leitura de cobranças aceitos.';
