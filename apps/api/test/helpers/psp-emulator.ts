import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import forge from 'node-forge';
import { createDynamicPix, hasError } from 'pix-utils';

/**
 * A PSP for the test suite that follows the Banco Central's Pix API (`bacen/pix-api`) for the
 * calls Balcão uses: the OAuth2 client-credentials token, `PUT|GET|PATCH /cob/{txid}`,
 * `GET /pix/{e2eid}`, `PUT|GET /pix/{e2eid}/devolucao/{id}`, `PUT /webhook/{chave}` and the
 * notification it POSTs to `{webhookUrl}/pix`. It is as strict as the standard where Balcão could
 * go wrong: path parameters' patterns, bodies' required fields and schemas, scopes, a refund id
 * never reused, a webhook only on https. It serves HTTPS with a CA made in the test run and requires a client
 * certificate signed by that CA, as a PSP's mutual TLS does. Charges and refunds live in memory;
 * tests drive what a bank would do (`pay`, `expire`, `settleRefund`) and what breaks (`down`).
 * It knows no database: SQLite and PostgreSQL suites use it alike.
 */

export interface TestCertificates {
  /** The CA that signs the PSP's server certificate and the receiver's client certificate. */
  caPem: string;
  /** The PSP's certificate (127.0.0.1 and localhost; also usable as the webhook's client). */
  serverCertPem: string;
  serverKeyPem: string;
  /** The receiver's certificate, the one the PSP expects. */
  clientCertPem: string;
  clientKeyPem: string;
  /** A client certificate from another CA: what a wrong upload looks like to the PSP. */
  strangerCertPem: string;
  strangerKeyPem: string;
}

interface Issued {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  certPem: string;
  keyPem: string;
}

const ONE_DAY_MS = 24 * 3_600_000;

/** A certificate for `commonName`, signed by `issuer` (self-signed without one). */
function issue(commonName: string, extensions: object[], issuer?: Issued): Issued {
  // Node makes the RSA keys (native, fast); forge only builds and signs the X.509 structure.
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`; // positive, unique
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + ONE_DAY_MS);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Balcao testes' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions([...extensions, { name: 'subjectKeyIdentifier' }]);
  cert.sign(issuer?.key ?? key, forge.md.sha256.create());
  return { cert, key, certPem: forge.pki.certificateToPem(cert), keyPem: pair.privateKey };
}

const CA_EXTENSIONS = [
  { name: 'basicConstraints', cA: true, critical: true },
  { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
];
const LEAF_USAGE = {
  name: 'keyUsage',
  digitalSignature: true,
  keyEncipherment: true,
  critical: true,
};

/** A fresh CA with its server and client certificates (and a stranger's); ~1 s of key making. */
export function generateTestCertificates(): TestCertificates {
  const ca = issue('Balcao CA de testes', CA_EXTENSIONS);
  const server = issue(
    'localhost',
    [
      { name: 'basicConstraints', cA: false },
      LEAF_USAGE,
      { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
    ca,
  );
  const clientExtensions = [
    { name: 'basicConstraints', cA: false },
    LEAF_USAGE,
    { name: 'extKeyUsage', clientAuth: true },
  ];
  const client = issue('Balcao recebedor de testes', clientExtensions, ca);
  const strangerCa = issue('Outra CA', CA_EXTENSIONS);
  const stranger = issue('Balcao recebedor de testes', clientExtensions, strangerCa);
  return {
    caPem: ca.certPem,
    serverCertPem: server.certPem,
    serverKeyPem: server.keyPem,
    clientCertPem: client.certPem,
    clientKeyPem: client.keyPem,
    strangerCertPem: stranger.certPem,
    strangerKeyPem: stranger.keyPem,
  };
}

let shared: TestCertificates | undefined;

/** One set of certificates per test worker: the keys are the slow part. */
export function testCertificates(): TestCertificates {
  shared ??= generateTestCertificates();
  return shared;
}

export type ChargeStatus =
  'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

interface StoredRefund {
  id: string;
  rtrId: string;
  cents: number;
  requestedAt: Date;
  settledAt: Date | null;
  status: RefundStatus;
  reason: string | null;
}

interface StoredPix {
  endToEndId: string;
  txid: string;
  cents: number;
  paidAt: Date;
  payerInfo: string | null;
  refunds: StoredRefund[];
}

interface StoredCharge {
  txid: string;
  revision: number;
  status: ChargeStatus;
  createdAt: Date;
  expirySeconds: number;
  cents: number;
  chave: string;
  payerRequest: string | null;
  debtor: Record<string, string> | null;
  locId: number;
  location: string;
  brCode: string;
  pix: StoredPix[];
}

export interface WebhookDelivery {
  url: string;
  body: unknown;
  /** The receiver's HTTP status; null when it could not be reached (`error` says why). */
  status: number | null;
  error: string | null;
}

/** How `down()` breaks the PSP. */
export type DownMode =
  /** Every request answered 503 with the standard's ServicoIndisponivel. */
  | 'unavailable'
  /** TCP connections accepted and closed at once, before TLS. */
  | 'drop'
  /** Requests read and never answered (for a client's timeout). */
  | 'hang'
  /** Nothing listening on the port: connection refused. */
  | 'refuse';

export interface PspEmulatorOptions {
  clientId?: string;
  clientSecret?: string;
  /** Reuse certificates (testCertificates() when absent). */
  certificates?: TestCertificates;
  /** The token's `expires_in`. */
  tokenLifetimeSeconds?: number;
  /** The receiver's DICT keys; any key is the receiver's when absent. */
  chaves?: string[];
}

export interface PayOptions {
  /** What the payer sent; the charge's amount when absent (a different one tests the server). */
  amountCents?: number;
  endToEndId?: string;
  payerInfo?: string;
  /** false: the PSP does not notify (a lost webhook). */
  notify?: boolean;
  /** true: the notification is delivered twice (PSPs retry; receivers must be idempotent). */
  duplicate?: boolean;
  /** true: pay even a charge that is expired or removed (a late Pix, still credited). */
  late?: boolean;
}

/** Scope each route needs (the standard's `security: OAuth2: [...]`). */
const SCOPE: Record<string, string> = {
  'PUT /cob/{txid}': 'cob.write',
  'PATCH /cob/{txid}': 'cob.write',
  'GET /cob/{txid}': 'cob.read',
  'GET /pix/{e2eid}': 'pix.read',
  'PUT /pix/{e2eid}/devolucao/{id}': 'pix.write',
  'GET /pix/{e2eid}/devolucao/{id}': 'pix.read',
  'PUT /webhook/{chave}': 'webhook.write',
};
const GRANTABLE_SCOPES = new Set([...Object.values(SCOPE), 'webhook.read']);

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const REFUND_ID = /^[a-zA-Z0-9]{1,35}$/;
/** The standard's EndToEndId: 32 letters and digits. */
const E2EID = /^[a-zA-Z0-9]{32}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
/** An invented ISPB for the PSP's end-to-end and return ids. */
const ISPB = '99999999';
const API_PREFIX = '/v2';
const MAX_BODY = 64 * 1024;

/** '12.34' into cents with integers only: the emulator does not borrow the server's parsing. */
function valorCents(valor: unknown): number | null {
  if (typeof valor !== 'string' || !VALOR.test(valor)) return null;
  const [reais = '', centavos = ''] = valor.split('.');
  return Number(reais) * 100 + Number(centavos);
}

function valorText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `{prefix}{ISPB}{yyyyMMddHHmm}{11 alphanumerics}`: the standard's 32-character ids. */
function pixId(prefix: 'E' | 'D', at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `${prefix}${ISPB}${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Problem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    readonly violacoes: { razao: string; propriedade: string }[] = [],
  ) {
    super(title);
  }
}

const COB_INVALID_DETAIL =
  'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o ' +
  '_schema_ ou está semanticamente errada.';
const REFUND_INVALID_DETAIL =
  'A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.';

const cobInvalid = (violacoes: { razao: string; propriedade: string }[], detail?: string) =>
  new Problem(
    400,
    'CobOperacaoInvalida',
    'Cobrança inválida.',
    detail ?? COB_INVALID_DETAIL,
    violacoes,
  );
const refundInvalid = (razao: string, propriedade = 'devolucao') =>
  new Problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', REFUND_INVALID_DETAIL, [
    { razao, propriedade },
  ]);

export class PspEmulator {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly certificates: TestCertificates;
  /** Requests received per route ('PUT /cob/{txid}', 'POST /oauth/token'...), answered or not. */
  readonly calls = new Map<string, number>();
  /** Every notification POSTed to a receiver, in order. */
  readonly deliveries: WebhookDelivery[] = [];
  /** The webhook URL registered per key. */
  readonly webhooks = new Map<string, string>();
  readonly #charges = new Map<string, StoredCharge>();
  readonly #tokens = new Map<string, { expiresAt: number; scopes: Set<string> }>();
  readonly #sockets = new Set<Socket>();
  readonly #server: Server;
  readonly #tokenLifetime: number;
  readonly #chaves: Set<string> | null;
  #mode: DownMode | null = null;
  readonly #loseAnswers = new Map<string, number>();
  #port = 0;
  #nextLoc = 1;

  constructor(options: PspEmulatorOptions = {}) {
    this.clientId = options.clientId ?? 'balcao-testes';
    this.clientSecret = options.clientSecret ?? randomBytes(18).toString('base64url');
    this.certificates = options.certificates ?? testCertificates();
    this.#tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
    this.#chaves = options.chaves ? new Set(options.chaves) : null;
    this.#server = createServer(
      {
        key: this.certificates.serverKeyPem,
        cert: this.certificates.serverCertPem,
        ca: [this.certificates.caPem],
        // Mutual TLS: no certificate signed by the CA, no connection.
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => void this.#handle(request, response),
    );
    this.#server.on('connection', (socket: Socket) => {
      if (this.#mode === 'drop') {
        socket.destroy();
        return;
      }
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    // A refused handshake is the test's point, not a failure of the emulator: close it quietly.
    this.#server.on('tlsClientError', (_error, socket) => socket.destroy());
  }

  /** Listens on 127.0.0.1 (a free port the first time, the same one after `down('refuse')`). */
  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const address = this.#server.address();
    if (address && typeof address === 'object') this.#port = address.port;
    return this;
  }

  get port(): number {
    return this.#port;
  }

  /** The API's base URL (the client's `baseUrl`); the token is at `${baseUrl}/oauth/token`. */
  get baseUrl(): string {
    return `https://127.0.0.1:${this.#port}${API_PREFIX}`;
  }

  count(route: string): number {
    return this.calls.get(route) ?? 0;
  }

  /** The charge as `GET /cob/{txid}` would show it; undefined when there is none. */
  charge(txid: string): Record<string, unknown> | undefined {
    const charge = this.#charges.get(txid);
    return charge && this.#chargeJson(charge, true);
  }

  /** Every token issued so far stops working: the next call answers 401. */
  revokeTokens(): void {
    this.#tokens.clear();
  }

  /** The PSP stops working the way `mode` says, until `up()`. */
  async down(mode: DownMode = 'unavailable'): Promise<void> {
    this.#mode = mode;
    if (mode === 'drop' || mode === 'refuse') {
      for (const socket of this.#sockets) socket.destroy();
    }
    if (mode === 'refuse') {
      await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    }
  }

  /**
   * The next `times` requests to `route` ('PUT /pix/{e2eid}/devolucao/{id}'…) are carried out,
   * and their answers lost: the connection is reset before a byte of one goes back.
   */
  loseNextAnswer(route: string, times = 1): void {
    this.#loseAnswers.set(route, times);
  }

  /** Answers to `route` go back again (after `loseNextAnswer(route, Infinity)`). */
  answerAgain(route: string): void {
    this.#loseAnswers.delete(route);
  }

  async up(): Promise<void> {
    const wasRefusing = this.#mode === 'refuse';
    this.#mode = null;
    if (wasRefusing) await this.listen();
  }

  /**
   * The payer's bank pays the charge: a Pix with the charge's txid, the charge CONCLUIDA, and the
   * notification `{pix: [...]}` POSTed to the key's webhook + '/pix' (awaited, so tests can look).
   */
  async pay(
    txid: string,
    options: PayOptions = {},
  ): Promise<{ endToEndId: string; deliveries: WebhookDelivery[] }> {
    const charge = this.#charges.get(txid);
    if (!charge) throw new Error(`Emulador PSP: não há cobrança ${txid}.`);
    if (!options.late && !this.#payable(charge)) {
      throw new Error(`Emulador PSP: a cobrança ${txid} não pode ser paga (${charge.status}).`);
    }
    const paidAt = new Date();
    const pix: StoredPix = {
      endToEndId: options.endToEndId ?? pixId('E', paidAt),
      txid,
      cents: options.amountCents ?? charge.cents,
      paidAt,
      payerInfo: options.payerInfo ?? null,
      refunds: [],
    };
    charge.pix.push(pix);
    // The record's status: a paid ATIVA charge is CONCLUIDA; a removed one stays removed.
    if (charge.status === 'ATIVA') charge.status = 'CONCLUIDA';
    const deliveries =
      options.notify === false
        ? []
        : await this.#notify(charge.chave, [pix], options.duplicate ? 2 : 1);
    return { endToEndId: pix.endToEndId, deliveries };
  }

  /** A charge of the receiver's key made elsewhere (another system): Balcão knows no such txid. */
  foreignCharge(chave: string, cents: number): string {
    const txid = `OUTROSISTEMA${randomBytes(8).toString('hex')}`;
    this.#putCob(txid, {
      calendario: { expiracao: 600 },
      valor: { original: valorText(cents) },
      chave,
    });
    return txid;
  }

  /**
   * The charge's time runs out: its creation moves back past `calendario.expiracao`. The standard's
   * status stays ATIVA (it is the record's, not the charge's); `remove` makes it REMOVIDA_PELO_PSP,
   * as some PSPs do.
   */
  expire(txid: string, { remove = false }: { remove?: boolean } = {}): void {
    const charge = this.#charges.get(txid);
    if (!charge) throw new Error(`Emulador PSP: não há cobrança ${txid}.`);
    charge.createdAt = new Date(Date.now() - (charge.expirySeconds + 1) * 1000);
    if (remove && charge.status === 'ATIVA') {
      charge.status = 'REMOVIDA_PELO_PSP';
      charge.revision += 1;
    }
  }

  /** A refund reaches its final status; the standard notifies the webhook of it too. */
  async settleRefund(
    endToEndId: string,
    refundId: string,
    status: 'DEVOLVIDO' | 'NAO_REALIZADO' = 'DEVOLVIDO',
    { notify = true }: { notify?: boolean } = {},
  ): Promise<WebhookDelivery[]> {
    const found = this.#findPix(endToEndId);
    const refund = found?.pix.refunds.find((candidate) => candidate.id === refundId);
    if (!found || !refund) throw new Error(`Emulador PSP: não há devolução ${refundId}.`);
    refund.status = status;
    refund.settledAt = new Date();
    if (status === 'NAO_REALIZADO') refund.reason = 'Devolução recusada pelo emulador.';
    return notify ? this.#notify(found.charge.chave, [found.pix], 1) : [];
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    if (!this.#server.listening) return;
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #payable(charge: StoredCharge): boolean {
    const expiresAt = charge.createdAt.getTime() + charge.expirySeconds * 1000;
    return charge.status === 'ATIVA' && Date.now() < expiresAt;
  }

  #findPix(endToEndId: string): { charge: StoredCharge; pix: StoredPix } | undefined {
    for (const charge of this.#charges.values()) {
      const pix = charge.pix.find((candidate) => candidate.endToEndId === endToEndId);
      if (pix) return { charge, pix };
    }
    return undefined;
  }

  async #notify(chave: string, pix: StoredPix[], times: number): Promise<WebhookDelivery[]> {
    const webhookUrl = this.webhooks.get(chave);
    if (!webhookUrl) return [];
    // The standard's callback: `{$request.body#/webhookUrl}/pix`, appended as is.
    const url = `${webhookUrl}/pix`;
    const body = { pix: pix.map((one) => this.#pixJson(one)) };
    const sent: WebhookDelivery[] = [];
    for (let time = 0; time < times; time++) {
      const delivery = await this.#post(url, body);
      this.deliveries.push(delivery);
      sent.push(delivery);
    }
    return sent;
  }

  /** One notification; over https the PSP presents its own certificate (the webhook's mTLS). */
  #post(url: string, body: unknown): Promise<WebhookDelivery> {
    const payload = JSON.stringify(body);
    const target = new URL(url);
    const options = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(payload)),
      },
      timeout: 5000,
    };
    return new Promise((resolve) => {
      const done = (status: number | null, error: string | null) =>
        resolve({ url, body, status, error });
      const call =
        target.protocol === 'https:'
          ? httpsRequest(target, {
              ...options,
              ca: [this.certificates.caPem],
              cert: this.certificates.serverCertPem,
              key: this.certificates.serverKeyPem,
            })
          : httpRequest(target, options);
      call.on('timeout', () => call.destroy(new Error('timeout')));
      call.on('error', (error: NodeJS.ErrnoException) => done(null, error.code ?? error.message));
      call.on('response', (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0, null));
      });
      call.end(payload);
    });
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'https://psp.invalid');
    const method = request.method ?? 'GET';
    const route = routeOf(method, url.pathname);
    const key = route ? `${method} ${route.name}` : `${method} ?`;
    this.calls.set(key, this.count(key) + 1);
    if (this.#mode === 'hang') return; // never answered; the client gives up
    try {
      if (this.#mode === 'unavailable') {
        throw new Problem(
          503,
          'ServicoIndisponivel',
          'Serviço Indisponível',
          'Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou ' +
            'fora da janela de funcionamento.',
        );
      }
      // requestCert + rejectUnauthorized already closed any other; this is the second lock.
      if (!(request.socket as TLSSocket).authorized) {
        throw new Problem(403, 'AcessoNegado', 'Acesso Negado', 'Certificado do cliente ausente.');
      }
      if (!route)
        throw new Problem(404, 'NaoEncontrado', 'Não Encontrado', 'Entidade não encontrada.');
      const body = await readBody(request);
      if (route.name === '/oauth/token') {
        this.#token(request, body, response);
        return;
      }
      this.#authorize(request, SCOPE[key]);
      const json = parseJson(body, request);
      const [first = '', second = ''] = route.params;
      checkParams(route.name, route.params);
      let status = 200;
      let answer: Record<string, unknown> | null = null;
      switch (key) {
        case 'PUT /cob/{txid}':
          [status, answer] = [201, this.#putCob(first, json)];
          break;
        case 'GET /cob/{txid}':
          answer = this.#chargeJson(this.#charge(first), true);
          break;
        case 'PATCH /cob/{txid}':
          answer = this.#patchCob(first, json);
          break;
        case 'GET /pix/{e2eid}':
          answer = this.#pixJson(this.#pix(first).pix);
          break;
        case 'PUT /pix/{e2eid}/devolucao/{id}':
          [status, answer] = [201, this.#putRefund(first, second, json)];
          break;
        case 'GET /pix/{e2eid}/devolucao/{id}':
          answer = this.#refundJson(this.#refund(first, second));
          break;
        case 'PUT /webhook/{chave}':
          this.#putWebhook(first, json);
          break;
        default:
          throw new Problem(404, 'NaoEncontrado', 'Não Encontrado', 'Entidade não encontrada.');
      }
      // Done at the PSP, and the answer lost on the way back (a reset before any byte).
      const lose = this.#loseAnswers.get(key) ?? 0;
      if (lose > 0) {
        this.#loseAnswers.set(key, lose - 1);
        request.socket.destroy();
        return;
      }
      if (answer === null) response.writeHead(status).end();
      else send(response, status, answer);
      return;
    } catch (error) {
      if (error instanceof Unauthorized) {
        response
          .writeHead(401, {
            'content-type': 'application/json',
            'www-authenticate': error.challenge,
          })
          .end(JSON.stringify({ error: error.code }));
        return;
      }
      const problem =
        error instanceof Problem
          ? error
          : new Problem(500, 'ErroInternoDoServidor', 'Erro interno', String(error));
      send(
        response,
        problem.status,
        {
          type: `https://pix.bcb.gov.br/api/v2/error/${problem.type}`,
          title: problem.title,
          status: problem.status,
          detail: problem.detail,
          ...(problem.violacoes.length > 0 ? { violacoes: problem.violacoes } : {}),
        },
        'application/problem+json',
      );
    }
  }

  /** POST /oauth/token: client credentials with HTTP Basic (RFC 6749 4.4). */
  #token(request: IncomingMessage, body: string, response: ServerResponse): void {
    const [scheme, encoded = ''] = (request.headers.authorization ?? '').split(' ');
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const valid =
      scheme === 'Basic' &&
      colon > 0 &&
      decoded.slice(0, colon) === this.clientId &&
      sameSecret(decoded.slice(colon + 1), this.clientSecret);
    if (!valid) throw new Unauthorized('invalid_client', 'Basic realm="psp"');
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials') {
      return send(response, 400, { error: 'unsupported_grant_type' });
    }
    const asked = (form.get('scope') ?? [...GRANTABLE_SCOPES].join(' ')).split(' ').filter(Boolean);
    if (asked.some((scope) => !GRANTABLE_SCOPES.has(scope))) {
      return send(response, 400, { error: 'invalid_scope' });
    }
    const token = randomBytes(24).toString('base64url');
    this.#tokens.set(token, {
      expiresAt: Date.now() + this.#tokenLifetime * 1000,
      scopes: new Set(asked),
    });
    send(response, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: this.#tokenLifetime,
      scope: asked.join(' '),
    });
  }

  #authorize(request: IncomingMessage, scope: string | undefined): void {
    const [scheme, token = ''] = (request.headers.authorization ?? '').split(' ');
    const grant = scheme === 'Bearer' ? this.#tokens.get(token) : undefined;
    if (!grant || grant.expiresAt <= Date.now()) {
      throw new Unauthorized('invalid_token', 'Bearer error="invalid_token"');
    }
    if (scope && !grant.scopes.has(scope)) {
      throw new Problem(
        403,
        'AcessoNegado',
        'Acesso Negado',
        `Requisição de participante autenticado que viola alguma regra de autorização (escopo ${scope}).`,
      );
    }
  }

  #charge(txid: string): StoredCharge {
    const charge = this.#charges.get(txid);
    if (!charge) {
      throw new Problem(
        404,
        'CobNaoEncontrado',
        'Cobrança não encontrada.',
        'Cobrança não encontrada para o txid informado.',
      );
    }
    return charge;
  }

  #putCob(txid: string, body: unknown): Record<string, unknown> {
    if (!TXID.test(txid)) {
      throw cobInvalid([{ razao: 'O campo txid não respeita o _schema_.', propriedade: 'txid' }]);
    }
    if (!isObject(body))
      throw cobInvalid([{ razao: 'O corpo não é um objeto.', propriedade: 'cob' }]);
    const violacoes: { razao: string; propriedade: string }[] = [];
    const calendario = isObject(body.calendario) ? body.calendario : {};
    const expirySeconds = calendario.expiracao ?? 86_400;
    if (!Number.isInteger(expirySeconds) || (expirySeconds as number) <= 0) {
      violacoes.push({
        razao: 'O campo cob.calendario.expiracao é igual ou menor que zero.',
        propriedade: 'cob.calendario.expiracao',
      });
    }
    const valor = isObject(body.valor) ? body.valor : {};
    const cents = valorCents(valor.original);
    if (cents === null) {
      violacoes.push({
        razao: 'O campo cob.valor.original não respeita o _schema_.',
        propriedade: 'cob.valor.original',
      });
    } else if (cents === 0) {
      violacoes.push({
        razao: 'O campo cob.valor.original é zero.',
        propriedade: 'cob.valor.original',
      });
    }
    const chave = body.chave;
    if (typeof chave !== 'string' || chave === '' || chave.length > 77) {
      violacoes.push({
        razao: 'O campo cob.chave não respeita o _schema_.',
        propriedade: 'cob.chave',
      });
    } else if (this.#chaves && !this.#chaves.has(chave)) {
      violacoes.push({
        razao:
          'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
        propriedade: 'cob.chave',
      });
    }
    const payerRequest = body.solicitacaoPagador;
    if (
      payerRequest !== undefined &&
      (typeof payerRequest !== 'string' || payerRequest.length > 140)
    ) {
      violacoes.push({
        razao: 'O campo solicitacaoPagador não respeita o _schema_.',
        propriedade: 'cob.solicitacaoPagador',
      });
    }
    const debtor = body.devedor;
    if (debtor !== undefined && !validDebtor(debtor)) {
      violacoes.push({
        razao: 'O objeto cob.devedor não respeita o _schema_.',
        propriedade: 'cob.devedor',
      });
    }
    if (violacoes.length > 0) throw cobInvalid(violacoes);
    const fields = {
      expirySeconds: expirySeconds as number,
      cents: cents as number,
      chave: chave as string,
      payerRequest: (payerRequest as string | undefined) ?? null,
      debtor: (debtor as Record<string, string> | undefined) ?? null,
    };
    const existing = this.#charges.get(txid);
    if (existing) {
      if (existing.status !== 'ATIVA') {
        throw cobInvalid(
          [{ razao: 'A cobrança já existe e não está ATIVA.', propriedade: 'cob.status' }],
          'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.',
        );
      }
      Object.assign(existing, fields, { revision: existing.revision + 1 });
      return this.#chargeJson(existing, false);
    }
    const locId = this.#nextLoc++;
    const location = `127.0.0.1:${this.#port}/qr/v2/${randomBytes(16).toString('hex')}`;
    const pix = createDynamicPix({
      merchantName: 'BALCAO TESTES',
      merchantCity: 'SAO PAULO',
      url: location,
    });
    if (hasError(pix)) throw new Error('Emulador PSP: BR Code dinâmico inválido.');
    const charge: StoredCharge = {
      txid,
      revision: 0,
      status: 'ATIVA',
      createdAt: new Date(),
      locId,
      location,
      brCode: pix.toBRCode(),
      pix: [],
      ...fields,
    };
    this.#charges.set(txid, charge);
    return this.#chargeJson(charge, false);
  }

  #patchCob(txid: string, body: unknown): Record<string, unknown> {
    const charge = this.#charge(txid);
    if (!isObject(body) || body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      throw cobInvalid([
        { razao: 'o campo cob.status não respeita o _schema_.', propriedade: 'cob.status' },
      ]);
    }
    if (Object.keys(body).length > 1) {
      throw cobInvalid(
        [{ razao: 'Remoção junto com outras alterações.', propriedade: 'cob' }],
        'A cobrança está ATIVA, e a presente requisição propõe alterar seu status para ' +
          'REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.',
      );
    }
    if (charge.status !== 'ATIVA') {
      throw cobInvalid(
        [{ razao: 'A cobrança não está ATIVA.', propriedade: 'cob.status' }],
        'A cobrança não está ATIVA, e a presente requisição busca alterá-la.',
      );
    }
    charge.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    charge.revision += 1;
    return this.#chargeJson(charge, false);
  }

  #pix(endToEndId: string): { charge: StoredCharge; pix: StoredPix } {
    const found = this.#findPix(endToEndId);
    if (!found) {
      throw new Problem(
        404,
        'NaoEncontrado',
        'Não Encontrado',
        'Pix não encontrado para o e2eid informado.',
      );
    }
    return found;
  }

  #refund(endToEndId: string, refundId: string): StoredRefund {
    const refund = this.#findPix(endToEndId)?.pix.refunds.find((one) => one.id === refundId);
    if (!refund) {
      throw new Problem(
        404,
        'PixDevolucaoNaoEncontrada',
        'Devolução não encontrada.',
        'Devolução representada por {id} não encontrada para o e2eid informado.',
      );
    }
    return refund;
  }

  #putRefund(endToEndId: string, refundId: string, body: unknown): Record<string, unknown> {
    const found = this.#findPix(endToEndId);
    if (!found) {
      throw new Problem(
        404,
        'PixNaoEncontrado',
        'Pix não encontrado.',
        'Pix não encontrado para o e2eid informado.',
      );
    }
    const cents = isObject(body) ? valorCents(body.valor) : null;
    if (cents === null || cents === 0) {
      throw refundInvalid('O campo devolucao.valor não respeita o _schema_.', 'devolucao.valor');
    }
    const { natureza, descricao } = body as Record<string, unknown>;
    if (natureza !== undefined && natureza !== 'ORIGINAL' && natureza !== 'RETIRADA') {
      throw refundInvalid(
        'O campo devolucao.natureza não respeita o _schema_.',
        'devolucao.natureza',
      );
    }
    if (descricao !== undefined && (typeof descricao !== 'string' || descricao.length > 140)) {
      throw refundInvalid(
        'O campo devolucao.descricao não respeita o _schema_.',
        'devolucao.descricao',
      );
    }
    // The standard: an id already used for this e2eid is refused, whatever the amount. After a
    // lost answer the receiver reads the refund (GET) instead of sending it again.
    if (found.pix.refunds.some((one) => one.id === refundId)) {
      throw refundInvalid(
        'A presente requisição de devolução apresenta um {id} já utilizado por outra requisição ' +
          'de devolução para o {e2eid} em questão.',
        'id',
      );
    }
    const refunded = found.pix.refunds
      .filter((one) => one.status !== 'NAO_REALIZADO')
      .reduce((sum, one) => sum + one.cents, 0);
    if (refunded + cents > found.pix.cents) {
      throw refundInvalid(
        'A presente requisição de devolução, em conjunto com as demais prévias devoluções, ' +
          'excederia o valor do pix originário.',
        'devolucao.valor',
      );
    }
    const requestedAt = new Date();
    const refund: StoredRefund = {
      id: refundId,
      rtrId: pixId('D', requestedAt),
      cents,
      requestedAt,
      settledAt: null,
      status: 'EM_PROCESSAMENTO',
      reason: null,
    };
    found.pix.refunds.push(refund);
    return this.#refundJson(refund);
  }

  #putWebhook(chave: string, body: unknown): void {
    const url = isObject(body) ? body.webhookUrl : undefined;
    // The standard's callback is called over mutual TLS: only an https:// address is taken.
    const valid =
      typeof url === 'string' && URL.canParse(url) && new URL(url).protocol === 'https:';
    const owned = !this.#chaves || this.#chaves.has(chave);
    if (!valid || !owned) {
      throw new Problem(
        400,
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
        'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com ' +
          'sentido semanticamente inválido.',
        [
          valid
            ? {
                razao:
                  'o parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor.',
                propriedade: 'chave',
              }
            : {
                razao: 'Campo webhook.webhookUrl não respeita o _schema_.',
                propriedade: 'webhookUrl',
              },
        ],
      );
    }
    this.webhooks.set(chave, url);
  }

  #chargeJson(charge: StoredCharge, withPix: boolean): Record<string, unknown> {
    const json: Record<string, unknown> = {
      calendario: { criacao: charge.createdAt.toISOString(), expiracao: charge.expirySeconds },
      txid: charge.txid,
      revisao: charge.revision,
      loc: {
        id: charge.locId,
        location: charge.location,
        tipoCob: 'cob',
        criacao: charge.createdAt.toISOString(),
      },
      location: charge.location,
      status: charge.status,
      valor: { original: valorText(charge.cents) },
      chave: charge.chave,
      pixCopiaECola: charge.brCode,
    };
    if (charge.debtor) json.devedor = charge.debtor;
    if (charge.payerRequest !== null) json.solicitacaoPagador = charge.payerRequest;
    if (withPix && charge.pix.length > 0) json.pix = charge.pix.map((pix) => this.#pixJson(pix));
    return json;
  }

  #pixJson(pix: StoredPix): Record<string, unknown> {
    const json: Record<string, unknown> = {
      endToEndId: pix.endToEndId,
      txid: pix.txid,
      valor: valorText(pix.cents),
      horario: pix.paidAt.toISOString(),
    };
    if (pix.payerInfo !== null) json.infoPagador = pix.payerInfo;
    if (pix.refunds.length > 0) json.devolucoes = pix.refunds.map((one) => this.#refundJson(one));
    return json;
  }

  #refundJson(refund: StoredRefund): Record<string, unknown> {
    const horario: Record<string, string> = { solicitacao: refund.requestedAt.toISOString() };
    if (refund.settledAt) horario.liquidacao = refund.settledAt.toISOString();
    return {
      id: refund.id,
      rtrId: refund.rtrId,
      valor: valorText(refund.cents),
      horario,
      status: refund.status,
      ...(refund.reason ? { motivo: refund.reason } : {}),
    };
  }
}

class Unauthorized extends Error {
  constructor(
    readonly code: string,
    readonly challenge: string,
  ) {
    super(code);
  }
}

/** The route and its path parameters; the API lives under /v2, the token also at the root. */
function routeOf(method: string, path: string): { name: string; params: string[] } | null {
  if (method === 'POST' && (path === `${API_PREFIX}/oauth/token` || path === '/oauth/token')) {
    return { name: '/oauth/token', params: [] };
  }
  if (!path.startsWith(`${API_PREFIX}/`)) return null;
  const parts = path
    .slice(API_PREFIX.length + 1)
    .split('/')
    .map(decodeURIComponent);
  if (parts.length === 2 && parts[0] === 'cob')
    return { name: '/cob/{txid}', params: [parts[1] ?? ''] };
  if (parts.length === 2 && parts[0] === 'webhook') {
    return { name: '/webhook/{chave}', params: [parts[1] ?? ''] };
  }
  if (parts.length === 2 && parts[0] === 'pix') {
    return { name: '/pix/{e2eid}', params: [parts[1] ?? ''] };
  }
  if (parts.length === 4 && parts[0] === 'pix' && parts[2] === 'devolucao') {
    return { name: '/pix/{e2eid}/devolucao/{id}', params: [parts[1] ?? '', parts[3] ?? ''] };
  }
  return null;
}

function validDebtor(value: unknown): boolean {
  if (!isObject(value) || typeof value.nome !== 'string' || value.nome.length > 200) return false;
  const cpf = typeof value.cpf === 'string' && /^\d{11}$/.test(value.cpf);
  const cnpj = typeof value.cnpj === 'string' && /^\d{14}$/.test(value.cnpj);
  return cpf !== cnpj && (value.cpf === undefined || cpf) && (value.cnpj === undefined || cnpj);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_BODY) {
        reject(
          new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', 'Corpo grande demais.'),
        );
        request.destroy();
      }
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** The Pix's path parameters (`EndToEndId`, the refund's `Id`): else 400. (`txid`: #putCob.) */
function checkParams(route: string, params: string[]): void {
  const [first = '', second = ''] = params;
  const invalid = (propriedade: string) =>
    new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', 'Parâmetro inválido.', [
      { razao: `O parâmetro ${propriedade} não respeita o _schema_.`, propriedade },
    ]);
  if (route.startsWith('/pix/') && !E2EID.test(first)) throw invalid('e2eid');
  if (route === '/pix/{e2eid}/devolucao/{id}' && !REFUND_ID.test(second)) throw invalid('id');
}

/** A body is JSON, said so (`Content-Type: application/json`); a GET has none. */
function parseJson(body: string, request: IncomingMessage): unknown {
  const invalid = (detail: string) =>
    new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', detail);
  if (body === '') {
    if (request.method === 'PUT' || request.method === 'PATCH') throw invalid('Falta o corpo.');
    return undefined;
  }
  if (request.method === 'GET') throw invalid('Um GET não leva corpo.');
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    throw invalid('O corpo deve ser application/json.');
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', 'O corpo não é JSON.');
  }
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
): void {
  const text = JSON.stringify(body);
  response
    .writeHead(status, {
      'content-type': `${type}; charset=utf-8`,
      'content-length': Buffer.byteLength(text),
    })
    .end(text);
}

/** Starts an emulator on a free port of 127.0.0.1. */
export function startPspEmulator(options: PspEmulatorOptions = {}): Promise<PspEmulator> {
  return new PspEmulator(options).listen();
}

/** What the server's 'Configuração PIX' takes to reach this emulator (PspClientConfig's shape). */
export function pspCredentials(emulator: PspEmulator): {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  certificatePem: string;
  privateKeyPem: string;
  caPem: string;
} {
  return {
    baseUrl: emulator.baseUrl,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    certificatePem: emulator.certificates.clientCertPem,
    privateKeyPem: emulator.certificates.clientKeyPem,
    caPem: emulator.certificates.caPem,
  };
}
