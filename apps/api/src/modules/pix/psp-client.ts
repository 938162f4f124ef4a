import { Agent, request } from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { parseMoney, type Cents } from '@balcao/contract';

/**
 * A client of a PSP's Pix API (the Banco Central's `bacen/pix-api` standard), for the server:
 * immediate charges (`cob`), their refunds (`devolucao`) and the webhook. Every call goes over
 * mutual TLS with the receiver's certificate and an OAuth2 client-credentials token.
 *
 * It keeps the client secret, the token and the private key in private fields and never logs or
 * puts them in an error: whatever a person reads is a `PspError` message in pt-BR.
 */

export interface PspClientConfig {
  /** The API's base, e.g. `https://pix.psp.com.br/api/v2` (no trailing slash needed). */
  baseUrl: string;
  /** The OAuth2 token endpoint; `${baseUrl}/oauth/token` when absent. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The receiver's client certificate (PEM) and its private key, for mutual TLS. */
  certificatePem: string;
  privateKeyPem: string;
  /** An extra CA to trust for the PSP's server certificate (besides the usual public ones). */
  caPem?: string;
  /** Each call's whole deadline, connection to last byte; 10 s when absent. */
  timeoutMs?: number;
}

/** The scopes of the calls used here (the standard's `OAuth2` security requirements). */
export const PSP_SCOPES = ['cob.write', 'cob.read', 'pix.read', 'pix.write', 'webhook.write'];

/** The standard's txid of `PUT /cob/{txid}`: 26 to 35 letters and digits, unique per receiver. */
export const COB_TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
/** The id a receiver gives a refund (`PUT /pix/{e2eid}/devolucao/{id}`). */
export const REFUND_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;
/** Every amount of the standard: reais with a point and exactly two decimals, '12.34'. */
const VALOR_PATTERN = /^\d{1,10}\.\d{2}$/;
/** The standard's limit on `solicitacaoPagador` (the pacs.008 RmtInf). */
export const PAYER_REQUEST_MAX = 140;

export type ChargeStatus =
  'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
const CHARGE_STATUSES: readonly ChargeStatus[] = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
];

export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
const REFUND_STATUSES: readonly RefundStatus[] = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'];

export interface ChargeRequest {
  amountCents: Cents;
  /** Seconds from the charge's creation at the PSP (`calendario.expiracao`). */
  expirySeconds: number;
  /** The receiver's DICT key (`chave`). */
  chave: string;
  /** Shown to the payer (`solicitacaoPagador`, at most 140 characters). */
  description?: string;
  /** Who owes it (`devedor`), optional: a CPF or a CNPJ with the name. */
  debtor?: { cpf: string; nome: string } | { cnpj: string; nome: string };
}

export interface Refund {
  /** The receiver's id of the refund. */
  id: string;
  /** The pacs.004 ReturnIdentification. */
  rtrId: string;
  amountCents: Cents;
  status: RefundStatus;
  requestedAt: string;
  settledAt: string | null;
  /** The PSP's reason for the status (`motivo`), mostly why it was not made. */
  reason: string | null;
}

/** A Pix received (`pix` of a charge, or of the webhook's notification). */
export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  amountCents: Cents;
  /** When the PSP processed it (`horario`). */
  paidAt: string;
  payerInfo: string | null;
  refunds: Refund[];
}

export interface Charge {
  txid: string;
  revision: number;
  status: ChargeStatus;
  amountCents: Cents;
  chave: string;
  description: string | null;
  createdAt: string;
  expirySeconds: number;
  /**
   * `createdAt + expirySeconds`. The standard's status says nothing of expiry: an expired charge
   * may still read ATIVA, so whether it can be paid is this instant, not the status.
   */
  expiresAt: string;
  /** The payload's location (without scheme) the dynamic QR points to. */
  location: string | null;
  /** The BR Code text ("Pix copia e cola"). */
  pixCopiaECola: string | null;
  pix: ReceivedPix[];
}

export type PspErrorKind =
  /** No answer: refused, reset, unknown host, timeout. Worth trying again later. */
  | 'unreachable'
  /** The PSP did not accept our certificate, or we did not trust its. */
  | 'certificate'
  /** client_id/client_secret refused, or the token refused even after fetching a new one. */
  | 'credentials'
  /** 403: the client lacks a scope or the action is not in its contract. */
  | 'forbidden'
  | 'not_found'
  /** A 4xx with the standard's problem+json: the request itself was refused. */
  | 'refused'
  /** 5xx. Worth trying again later. */
  | 'unavailable'
  /** The answer does not follow the standard. */
  | 'invalid_answer'
  /** The connection's settings are unusable (an address that is not https://). */
  | 'configuration'
  /** No PSP connection is stored ('Configuração PIX'). */
  | 'not_connected';

/** The standard's error body (RFC 7807, `application/problem+json`). */
export interface PixProblem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string; valor?: string }[];
}

/** Every failure of a PSP call: a message for people (pt-BR) and the PSP's HTTP status, if any. */
export class PspError extends Error {
  constructor(
    readonly kind: PspErrorKind,
    message: string,
    /** The PSP's HTTP status; null when it did not answer. */
    readonly status: number | null = null,
    readonly problem: PixProblem | null = null,
    /**
     * The connection ended after the request went out and before any answer: a refused client
     * certificate looks so under TLS 1.3, and so does an answer lost. A PUT is read back then.
     */
    readonly answerLost = false,
  ) {
    super(message);
    this.name = 'PspError';
  }

  /** A failure of the PSP or of the way to it, not of the request: the same call may work later. */
  get retryable(): boolean {
    return this.kind === 'unreachable' || this.kind === 'unavailable';
  }
}

/** 12.34 as the standard writes it, from integer cents. */
export function centsToValor(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`Valor em centavos inválido: ${cents}.`);
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The standard's '12.34' into integer cents (the money module reads it); null unless exact. */
export function valorToCents(valor: unknown): Cents | null {
  if (typeof valor !== 'string' || !VALOR_PATTERN.test(valor)) return null;
  return parseMoney(valor);
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** An answer larger than this is no Pix API answer: stop reading rather than fill the memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Fetch a new token this long before the PSP's `expires_in` runs out (at most 10% of it). */
const TOKEN_MARGIN_SECONDS = 60;

interface Answer {
  status: number;
  text: string;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

/** What a call is about, for the messages: 'O PSP recusou {what}: …'. */
interface CallSubject {
  what: string;
  notFound: string;
}

export class PspClient {
  readonly baseUrl: string;
  readonly tokenUrl: string;
  readonly #clientId: string;
  readonly #clientSecret: string;
  readonly #agent: Agent;
  readonly #timeoutMs: number;
  #token: CachedToken | null = null;
  #tokenInFlight: Promise<string> | null = null;

  constructor(config: PspClientConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.tokenUrl = config.tokenUrl ?? `${this.baseUrl}/oauth/token`;
    for (const url of [this.baseUrl, this.tokenUrl]) {
      if (!URL.canParse(url) || new URL(url).protocol !== 'https:') {
        throw new PspError(
          'configuration',
          `O endereço do PSP deve começar com https:// (${url}).`,
        );
      }
    }
    this.#clientId = config.clientId;
    this.#clientSecret = config.clientSecret;
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // Node's `ca` replaces the public CAs: an extra CA is added to them, not put in their place.
    const ca = config.caPem ? [...rootCertificates, config.caPem] : undefined;
    const tls = { cert: config.certificatePem, key: config.privateKeyPem, ca };
    try {
      // Fails here, once, on a PEM that is not one or a key that is not the certificate's.
      createSecureContext(tls);
    } catch {
      throw new PspError(
        'certificate',
        'O certificado ou a chave privada do cliente são inválidos.',
      );
    }
    this.#agent = new Agent({ ...tls, keepAlive: true, maxSockets: 8 });
  }

  /** Closes the kept-alive connections (the server's shutdown; tests). */
  close(): void {
    this.#agent.destroy();
  }

  /** PUT /cob/{txid}: creates (or, while ATIVA, revises) the immediate charge `txid`. */
  async createCharge(txid: string, charge: ChargeRequest): Promise<Charge> {
    if (!Number.isSafeInteger(charge.amountCents) || charge.amountCents <= 0) {
      throw new RangeError(`Valor da cobrança inválido: ${charge.amountCents} centavos.`);
    }
    if (!Number.isSafeInteger(charge.expirySeconds) || charge.expirySeconds <= 0) {
      throw new RangeError(`Expiração da cobrança inválida: ${charge.expirySeconds} s.`);
    }
    const body: Record<string, unknown> = {
      calendario: { expiracao: charge.expirySeconds },
      valor: { original: centsToValor(charge.amountCents) },
      chave: charge.chave,
    };
    if (charge.debtor) body.devedor = charge.debtor;
    if (charge.description) {
      // Characters, not UTF-16 units: an emoji is not cut in half.
      body.solicitacaoPagador = [...charge.description].slice(0, PAYER_REQUEST_MAX).join('');
    }
    const put = async () =>
      parseCharge(await this.#call('PUT', `/cob/${segment(txid)}`, body, chargeSubject(txid)));
    return this.#putOnce(put, () => this.getCharge(txid));
  }

  /** GET /cob/{txid}: the charge with its status and, once paid, the Pix received. */
  async getCharge(txid: string): Promise<Charge> {
    return parseCharge(await this.#call('GET', `/cob/${segment(txid)}`, null, chargeSubject(txid)));
  }

  /** PATCH /cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR: the QR can no longer be paid. */
  async cancelCharge(txid: string): Promise<Charge> {
    const subject = { ...chargeSubject(txid), what: 'o cancelamento da cobrança' };
    const body = { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' };
    return parseCharge(await this.#call('PATCH', `/cob/${segment(txid)}`, body, subject));
  }

  /** GET /pix/{e2eid}: a Pix received, as the PSP holds it. */
  async getPix(endToEndId: string): Promise<ReceivedPix> {
    const subject = {
      what: 'o Pix',
      notFound: `O PSP não encontrou o Pix ${endToEndId}.`,
    };
    return parsePix(await this.#call('GET', `/pix/${segment(endToEndId)}`, null, subject));
  }

  /**
   * PUT /pix/{e2eid}/devolucao/{id}: asks to give back (part of) a Pix received; its status starts
   * EM_PROCESSAMENTO. The standard refuses an id already used (PixDevolucaoInvalida), so this is
   * sent once per id: an answer lost is read back by the id (`getRefund`), here at once and by
   * the caller before any new PUT.
   */
  async refund(endToEndId: string, refundId: string, amountCents: Cents): Promise<Refund> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
      throw new RangeError(`Valor da devolução inválido: ${amountCents} centavos.`);
    }
    const path = `/pix/${segment(endToEndId)}/devolucao/${segment(refundId)}`;
    const body = { valor: centsToValor(amountCents) };
    const put = async () =>
      parseRefund(await this.#call('PUT', path, body, refundSubject(endToEndId, refundId)));
    return this.#putOnce(put, () => this.getRefund(endToEndId, refundId));
  }

  /**
   * A PUT with the receiver's id, sent again only when the PSP is known not to hold it: after a
   * PUT without an answer (none, lost, or 5xx) the id is read (`read`); found, that is the answer; not
   * found, the PUT is sent once more; unreadable, the PUT's own error stands.
   */
  async #putOnce<T>(put: () => Promise<T>, read: () => Promise<T>): Promise<T> {
    try {
      return await put();
    } catch (error) {
      if (!(error instanceof PspError) || !(error.retryable || error.answerLost)) throw error;
      let missing = false;
      try {
        return await read();
      } catch (readError) {
        missing = readError instanceof PspError && readError.kind === 'not_found';
      }
      if (missing) return put();
      throw error;
    }
  }

  /** GET /pix/{e2eid}/devolucao/{id}. */
  async getRefund(endToEndId: string, refundId: string): Promise<Refund> {
    const path = `/pix/${segment(endToEndId)}/devolucao/${segment(refundId)}`;
    return parseRefund(await this.#call('GET', path, null, refundSubject(endToEndId, refundId)));
  }

  /** PUT /webhook/{chave}: the PSP will POST the Pix received with a txid to `${url}/pix`. */
  async setWebhook(chave: string, url: string): Promise<void> {
    const subject = { what: 'o webhook', notFound: `O PSP não reconhece a chave ${chave}.` };
    await this.#call('PUT', `/webhook/${segment(chave)}`, { webhookUrl: url }, subject);
  }

  /** One API call with the token; on a 401 the token is fetched again once, then the call too. */
  async #call(method: string, path: string, body: unknown, subject: CallSubject): Promise<unknown> {
    let answer = await this.#send(
      method,
      `${this.baseUrl}${path}`,
      body,
      await this.#accessToken(),
    );
    // A 401 is the token refused before anything was done: the call is sent again with a new one.
    if (answer.status === 401) {
      // The PSP may end a token before its expires_in (revoked, restarted): one fresh try.
      this.#token = null;
      answer = await this.#send(method, `${this.baseUrl}${path}`, body, await this.#accessToken());
    }
    if (answer.status >= 200 && answer.status < 300) {
      return answer.text.trim() === '' ? null : readJson(answer.text);
    }
    throw answerError(answer, subject);
  }

  /** The cached token, or a new one; parallel calls share one request for it. */
  async #accessToken(): Promise<string> {
    if (this.#token && Date.now() < this.#token.renewAt) return this.#token.value;
    this.#tokenInFlight ??= this.#fetchToken().finally(() => (this.#tokenInFlight = null));
    return this.#tokenInFlight;
  }

  async #fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: PSP_SCOPES.join(' '),
    });
    // The client authenticates with HTTP Basic (RFC 6749 2.3.1), over the same mutual TLS.
    const basic = Buffer.from(`${this.#clientId}:${this.#clientSecret}`).toString('base64');
    const answer = await this.#exchange('POST', this.tokenUrl, form.toString(), {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    const refusal = answer.status >= 400 && answer.status < 500 ? oauthError(answer.text) : null;
    if (refusal === 'invalid_scope') {
      throw new PspError(
        'forbidden',
        `O PSP recusou os escopos pedidos (${PSP_SCOPES.join(', ')}): confira o contrato do client_id.`,
        answer.status,
      );
    }
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      throw new PspError(
        'credentials',
        'O PSP recusou as credenciais do cliente (client_id e client_secret).',
        answer.status,
      );
    }
    if (answer.status >= 500) throw unavailable(answer.status);
    const json = answer.status === 200 ? readJson(answer.text) : null;
    const token = isObject(json) ? json.access_token : undefined;
    const expiresIn = isObject(json) ? Number(json.expires_in ?? 3600) : NaN;
    if (typeof token !== 'string' || token === '' || !(expiresIn > 0)) {
      throw invalidAnswer(`o token de acesso (HTTP ${answer.status})`, answer.status);
    }
    const margin = Math.min(TOKEN_MARGIN_SECONDS, expiresIn / 10);
    this.#token = { value: token, renewAt: Date.now() + (expiresIn - margin) * 1000 };
    return token;
  }

  #send(method: string, url: string, body: unknown, token: string): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json, application/problem+json',
    };
    // A PUT is never sent twice unseen: the PSP may have done it (see createCharge, refund).
    const replay = method !== 'PUT';
    if (body === null) return this.#exchange(method, url, null, headers, !replay);
    headers['content-type'] = 'application/json';
    return this.#exchange(method, url, JSON.stringify(body), headers, !replay);
  }

  /**
   * One HTTPS exchange over the client certificate, within the deadline. A kept-alive connection
   * the PSP closed meanwhile fails at once: that one case is tried again on a new connection, for
   * the calls that may be repeated (GET, PATCH to a final status, the token; `retried` true
   * otherwise).
   */
  #exchange(
    method: string,
    url: string,
    payload: string | null,
    headers: Record<string, string>,
    retried = false,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let failure: PspError | null = null;
      const call = request(url, {
        method,
        agent: this.#agent,
        headers:
          payload === null
            ? headers
            : { ...headers, 'content-length': String(Buffer.byteLength(payload)) },
      });
      const stop = (error: PspError) => {
        failure ??= error;
        call.destroy(error);
      };
      const timer = setTimeout(() => stop(timeoutError(this.#timeoutMs)), this.#timeoutMs);
      // Whether this call's own connection finished the TLS handshake (see fail below).
      let handshaken = false;
      call.on('socket', (socket) => {
        if (!call.reusedSocket) socket.once('secureConnect', () => (handshaken = true));
      });
      const fail = (error: Error) => {
        clearTimeout(timer);
        const code = (error as NodeJS.ErrnoException).code;
        // TLS 1.3 checks the client certificate after the client's side of the handshake: a server
        // that drops the connection then, before any answer, refused the certificate without an
        // alert (Node's own rejectUnauthorized does so; an OpenSSL front sends the alert instead).
        if (!failure && code === 'ECONNRESET' && handshaken && !call.reusedSocket) {
          failure = new PspError('certificate', CLIENT_CERTIFICATE_REFUSED, null, null, true);
        }
        if (
          !failure &&
          !retried &&
          call.reusedSocket &&
          (code === 'ECONNRESET' || code === 'EPIPE')
        ) {
          failure = transportError(error); // settles this attempt once
          resolve(this.#exchange(method, url, payload, headers, true));
          return;
        }
        reject(failure ?? transportError(error));
      };
      call.on('error', fail);
      call.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) stop(invalidAnswer('uma resposta grande demais', null));
          else chunks.push(chunk);
        });
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(timer);
          if (failure) return reject(failure);
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      });
      call.end(payload ?? undefined);
    });
  }
}

/**
 * The body the PSP POSTs to `{webhookUrl}/pix`: `{pix: [...]}` with the standard's Pix. Throws a
 * PspError('invalid_answer') on a body that does not follow it (the route answers 400).
 */
export function parseWebhookNotification(body: unknown): ReceivedPix[] {
  if (!isObject(body) || !Array.isArray(body.pix)) {
    throw new PspError('invalid_answer', 'Notificação Pix inválida: falta a lista "pix".');
  }
  return body.pix.map((pix) => parsePix(pix));
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

function chargeSubject(txid: string): CallSubject {
  return { what: 'a cobrança', notFound: `O PSP não encontrou a cobrança ${txid}.` };
}

function refundSubject(endToEndId: string, refundId: string): CallSubject {
  return {
    what: 'a devolução',
    notFound: `O PSP não encontrou a devolução ${refundId} do Pix ${endToEndId}.`,
  };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidAnswer('um texto que não é JSON', null);
  }
}

/** The `error` of an OAuth2 error answer (RFC 6749 5.2), when the body is one. */
function oauthError(text: string): string | null {
  try {
    const json = JSON.parse(text) as unknown;
    return isObject(json) && typeof json.error === 'string' ? json.error : null;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidAnswer(what: string, status: number | null): PspError {
  return new PspError('invalid_answer', `O PSP deu uma resposta inválida: ${what}.`, status);
}

function unavailable(status: number): PspError {
  return new PspError('unavailable', `O PSP está indisponível (HTTP ${status}).`, status);
}

function timeoutError(timeoutMs: number): PspError {
  const seconds = String(Math.round(timeoutMs / 100) / 10).replace('.', ',');
  return new PspError('unreachable', `O PSP não respondeu: tempo esgotado (${seconds} s).`);
}

const CLIENT_CERTIFICATE_REFUSED = 'O PSP recusou o certificado do cliente.';
// The alerts a TLS server sends when it does not accept the client's certificate (none, unknown
// CA, expired, revoked...); OpenSSL names them ERR_SSL_{version}_ALERT_{description}.
const CLIENT_CERTIFICATE_ALERT =
  /ALERT_(CERTIFICATE_REQUIRED|UNKNOWN_CA|BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|CERTIFICATE_\w+|ACCESS_DENIED|HANDSHAKE_FAILURE)$/;
// What Node says when the PSP's own certificate is not trusted or not for its host.
const SERVER_CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const UNREACHABLE_REASONS: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão interrompida',
  EPIPE: 'conexão interrompida',
  ENOTFOUND: 'endereço não encontrado',
  EAI_AGAIN: 'endereço não encontrado',
  EHOSTUNREACH: 'rede inacessível',
  ENETUNREACH: 'rede inacessível',
  ETIMEDOUT: 'tempo esgotado',
};

function transportError(error: Error): PspError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (CLIENT_CERTIFICATE_ALERT.test(code)) {
    return new PspError('certificate', CLIENT_CERTIFICATE_REFUSED);
  }
  if (SERVER_CERTIFICATE_CODES.has(code)) {
    return new PspError('certificate', `O certificado do PSP não é confiável (${code}).`);
  }
  const reason = UNREACHABLE_REASONS[code] ?? (code || error.message);
  return new PspError('unreachable', `O PSP não respondeu: ${reason}.`);
}

/** The standard's problem+json, when the body is one. */
function problemOf(answer: Answer): PixProblem | null {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return null;
  }
  if (!isObject(json) || typeof json.title !== 'string') return null;
  const problem: PixProblem = {
    type: typeof json.type === 'string' ? json.type : '',
    title: json.title,
    status: typeof json.status === 'number' ? json.status : answer.status,
  };
  if (typeof json.detail === 'string') problem.detail = json.detail;
  if (Array.isArray(json.violacoes)) problem.violacoes = json.violacoes.filter(isObject);
  return problem;
}

function answerError(answer: Answer, subject: CallSubject): PspError {
  const { status } = answer;
  const problem = problemOf(answer);
  if (status === 401) {
    return new PspError('credentials', 'O PSP recusou o token de acesso.', status, problem);
  }
  // nginx in front of a PSP answers a refused client certificate with a 400 page (its 495/496).
  if (!problem && [400, 495, 496].includes(status) && /SSL certificate/i.test(answer.text)) {
    return new PspError('certificate', CLIENT_CERTIFICATE_REFUSED, status);
  }
  if (status === 403) {
    const detail = problem?.detail ? ` ${problem.detail}` : '';
    return new PspError(
      'forbidden',
      `O PSP negou o acesso: confira os escopos e o contrato do client_id.${detail}`,
      status,
      problem,
    );
  }
  if (status === 404) return new PspError('not_found', subject.notFound, status, problem);
  if (status >= 500) {
    const error = unavailable(status);
    return new PspError(error.kind, error.message, status, problem);
  }
  const reasons = [
    problem?.title,
    problem?.detail,
    ...(problem?.violacoes ?? []).map((v) => v.razao),
  ];
  const text = reasons.filter((reason) => typeof reason === 'string' && reason !== '').join(' ');
  return new PspError(
    'refused',
    `O PSP recusou ${subject.what}: ${text || `HTTP ${status}`}`,
    status,
    problem,
  );
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function required(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw invalidAnswer(`falta ${field}`, null);
  return value;
}

function cents(value: unknown, field: string): Cents {
  const parsed = valorToCents(value);
  if (parsed === null) throw invalidAnswer(`${field} não é um valor como "12.34"`, null);
  return parsed;
}

function parseRefund(value: unknown): Refund {
  if (!isObject(value)) throw invalidAnswer('a devolução não é um objeto', null);
  const status = value.status as RefundStatus;
  if (!REFUND_STATUSES.includes(status)) throw invalidAnswer('status da devolução', null);
  const horario = isObject(value.horario) ? value.horario : {};
  return {
    id: required(value.id, 'id da devolução'),
    rtrId: required(value.rtrId, 'rtrId'),
    amountCents: cents(value.valor, 'valor da devolução'),
    status,
    requestedAt: required(horario.solicitacao, 'horario.solicitacao'),
    settledAt: text(horario.liquidacao),
    reason: text(value.motivo),
  };
}

function parsePix(value: unknown): ReceivedPix {
  if (!isObject(value)) throw invalidAnswer('um Pix não é um objeto', null);
  // The standard's example of a notification has `devolucoes` as one object, not a list.
  const refunds = Array.isArray(value.devolucoes)
    ? value.devolucoes
    : isObject(value.devolucoes)
      ? [value.devolucoes]
      : [];
  return {
    endToEndId: required(value.endToEndId, 'endToEndId'),
    txid: text(value.txid),
    amountCents: cents(value.valor, 'valor do Pix'),
    paidAt: required(value.horario, 'horario do Pix'),
    payerInfo: text(value.infoPagador),
    refunds: refunds.map(parseRefund),
  };
}

function parseCharge(value: unknown): Charge {
  if (!isObject(value)) throw invalidAnswer('a cobrança não é um objeto', null);
  const status = value.status as ChargeStatus;
  if (!CHARGE_STATUSES.includes(status)) throw invalidAnswer('status da cobrança', null);
  const calendario = isObject(value.calendario) ? value.calendario : {};
  const createdAt = required(calendario.criacao, 'calendario.criacao');
  // The standard's default when the PSP leaves it out: 86400 s.
  const expirySeconds = Number(calendario.expiracao ?? 86_400);
  if (!Number.isInteger(expirySeconds) || Number.isNaN(Date.parse(createdAt))) {
    throw invalidAnswer('calendario', null);
  }
  const loc = isObject(value.loc) ? value.loc : {};
  const valor = isObject(value.valor) ? value.valor : {};
  const revision = Number(value.revisao ?? 0);
  return {
    txid: required(value.txid, 'txid'),
    revision: Number.isInteger(revision) ? revision : 0,
    status,
    amountCents: cents(valor.original, 'valor.original'),
    chave: required(value.chave, 'chave'),
    description: text(value.solicitacaoPagador),
    createdAt,
    expirySeconds,
    expiresAt: new Date(Date.parse(createdAt) + expirySeconds * 1000).toISOString(),
    location: text(value.location) ?? text(loc.location),
    pixCopiaECola: text(value.pixCopiaECola),
    pix: Array.isArray(value.pix) ? value.pix.map(parsePix) : [],
  };
}
