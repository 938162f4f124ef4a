import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { APP_MODES, type AppMode } from '@balcao/contract';
import { DEVELOPMENT_TOTP_KEY, parseTotpKey } from './totp-secret-box.ts';

/** Everything the server reads from its environment; the only module that touches process.env. */
export interface Config {
  port: number;
  host: string;
  /** `sqlite:<file>` (relative paths resolve from the repository root) or `postgres://...`. */
  databaseUrl: string;
  /**
   * PostgreSQL connections one instance may hold at once (node-postgres' pool `max`). Several
   * instances share the server's max_connections: instances × this must stay under it.
   */
  databasePoolSize: number;
  adminUser: string;
  /** Used only when the database has no user yet; null generates a random one. */
  adminPassword: string | null;
  appMode: AppMode;
  /** Seconds an access token lives (a desk shift). */
  accessTokenTtl: number;
  /** Seconds a refresh token lives. */
  refreshTokenTtl: number;
  /** Folder holding the built SPA; served when it has an index.html. */
  webDist: string;
  logLevel: string;
  /**
   * Fastify's trustProxy (`true`, or trusted proxy addresses/CIDRs separated by commas): needed
   * behind a load balancer so login throttling sees client addresses, not the balancer's.
   */
  trustProxy: boolean | string;
  /**
   * Where desks and phones reach the server (`https://balcao.exemplo.com.br`, no trailing slash):
   * the base of every absolute link we hand out (event QR codes), never the request's Host header.
   */
  publicUrl: string;
  /**
   * Milliseconds of event-loop delay past which requests get 503 instead of queueing behind a
   * saturated process (0 turns the check off).
   */
  maxEventLoopDelay: number;
  /**
   * Milliseconds between an instance's looks at the PSP charges still active (docs/pix.md): those
   * of orders paid or removed are withdrawn, those past their time read (0 turns it off).
   */
  pixSweepInterval: number;
  /**
   * Milliseconds between an instance's folds of the sales not yet in the reports' summaries
   * (docs/reports-api.md, 'Pre-aggregation'; a report folds them anyway before it reads; 0: off).
   */
  reportFoldInterval: number;
  /**
   * Milliseconds a SIGTERM/SIGINT waits for requests in flight to finish before the process exits
   * anyway (with code 1).
   */
  shutdownTimeout: number;
  /** Folder `npm run backup` writes dated copies of the database to. */
  backupDir: string;
  /** Zone events happen in: used to show their dates. */
  eventTimeZone: string;
  /**
   * BALCAO_TOTP_KEY: the AES-256-GCM key TOTP secrets are stored under (totp-secret-box.ts);
   * without it, the development key, and `totpKeyConfigured` is false (the server warns).
   */
  totpKey: Buffer;
  totpKeyConfigured: boolean;
  /**
   * BALCAO_TOTP_PREVIOUS_KEYS: keys TOTP secrets were sealed under before BALCAO_TOTP_KEY changed
   * (comma-separated); the server seals those secrets again under the current key at startup.
   */
  totpPreviousKeys: Buffer[];
  /** NODE_ENV=development: the OpenAPI document is served without a login (docs/openapi.md). */
  development: boolean;
  /** The clock; tests inject their own to cross token expiry and throttle windows. */
  now: () => Date;
}

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const DEFAULTS = {
  port: 8080,
  host: '0.0.0.0',
  databaseUrl: 'sqlite:./data/balcao.db',
  databasePoolSize: 10,
  adminUser: 'admin',
  accessTokenTtl: 28_800,
  refreshTokenTtl: 2_592_000,
  webDist: 'apps/web/dist',
  logLevel: 'info',
  eventTimeZone: 'America/Sao_Paulo',
  maxEventLoopDelay: 1000,
  pixSweepInterval: 30_000,
  reportFoldInterval: 1000,
  shutdownTimeout: 10_000,
  backupDir: 'backups',
};

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const port = readInteger(env, 'PORT', DEFAULTS.port);
  return {
    port,
    host: env.HOST || DEFAULTS.host,
    databaseUrl: resolveDatabaseUrl(env.DATABASE_URL || DEFAULTS.databaseUrl),
    databasePoolSize: readInteger(env, 'DATABASE_POOL_SIZE', DEFAULTS.databasePoolSize),
    adminUser: env.BALCAO_ADMIN_USER || DEFAULTS.adminUser,
    adminPassword: env.BALCAO_ADMIN_PASSWORD || null,
    appMode: readAppMode(env.BALCAO_APP_MODE),
    accessTokenTtl: readInteger(env, 'ACCESS_TOKEN_TTL', DEFAULTS.accessTokenTtl),
    refreshTokenTtl: readInteger(env, 'REFRESH_TOKEN_TTL', DEFAULTS.refreshTokenTtl),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || DEFAULTS.webDist),
    logLevel: env.LOG_LEVEL || DEFAULTS.logLevel,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    eventTimeZone: readTimeZone(env.EVENT_TIME_ZONE || DEFAULTS.eventTimeZone),
    maxEventLoopDelay: readInteger(env, 'MAX_EVENT_LOOP_DELAY_MS', DEFAULTS.maxEventLoopDelay, 0),
    pixSweepInterval: readInteger(env, 'PIX_SWEEP_INTERVAL_MS', DEFAULTS.pixSweepInterval, 0),
    reportFoldInterval: readInteger(env, 'REPORT_FOLD_INTERVAL_MS', DEFAULTS.reportFoldInterval, 0),
    shutdownTimeout: readInteger(env, 'SHUTDOWN_TIMEOUT_MS', DEFAULTS.shutdownTimeout),
    backupDir: path.resolve(REPO_ROOT, env.BACKUP_DIR || DEFAULTS.backupDir),
    publicUrl: readPublicUrl(env.PUBLIC_URL || `http://localhost:${port}`),
    development: env.NODE_ENV === 'development',
    totpKey: readTotpKey(env.BALCAO_TOTP_KEY),
    totpKeyConfigured: Boolean(env.BALCAO_TOTP_KEY),
    totpPreviousKeys: (env.BALCAO_TOTP_PREVIOUS_KEYS ?? '')
      .split(',')
      .filter((text) => text.trim() !== '')
      .map((text) => readTotpKey(text, 'BALCAO_TOTP_PREVIOUS_KEYS')),
    now: () => new Date(),
  };
}

/** Makes a relative SQLite path absolute from the repository root, whatever the working folder. */
export function resolveDatabaseUrl(url: string): string {
  if (!url.startsWith('sqlite:')) return url;
  const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\.|\/)/, '');
  if (file === ':memory:') return url;
  return `sqlite:${path.resolve(REPO_ROOT, file)}`;
}

function readInteger(env: Env, name: string, fallback: number, minimum = 1): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum) {
    const kind = minimum === 0 ? 'não negativo' : 'positivo';
    throw new Error(`${name} deve ser um número inteiro ${kind} (recebido: ${text}).`);
  }
  return value;
}

function readAppMode(text: string | undefined): AppMode {
  if (!text) return 'production';
  const mode = APP_MODES.find((candidate) => candidate === text);
  if (!mode)
    throw new Error(`BALCAO_APP_MODE deve ser ${APP_MODES.join(' ou ')} (recebido: ${text}).`);
  return mode;
}

function readTotpKey(text: string | undefined, name = 'BALCAO_TOTP_KEY'): Buffer {
  if (!text) return DEVELOPMENT_TOTP_KEY;
  const key = parseTotpKey(text);
  if (!key) {
    throw new Error(
      `${name}: cada chave deve ter 32 bytes, em 64 dígitos hexadecimais ou base64 (gere com \`openssl rand -hex 32\`).`,
    );
  }
  return key;
}

function readTrustProxy(text: string | undefined): boolean | string {
  if (!text || text === 'false') return false;
  return text === 'true' ? true : text;
}

function readPublicUrl(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`PUBLIC_URL deve ser um endereço http:// ou https:// (recebido: ${text}).`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function readTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: zone });
  } catch {
    throw new Error(`EVENT_TIME_ZONE inválido: ${zone}.`);
  }
  return zone;
}
