/**
 * PIX at the cashier (docs/orders-api.md): the receiver's settings and the static BR Code ("Pix
 * copia e cola") the server builds for a charge. Limits are the BR Code's (EMV MPM fields).
 */
import type { Permission } from './permissions.ts';

/** Who sets the PIX receiver. */
export const PIX_SETTINGS_PERMISSIONS: readonly Permission[] = ['System'];

/** GET/POST /api/carrinho/pix/config. */
export interface PixConfigDto {
  /** The PIX key: CPF/CNPJ digits, e-mail, +55 phone or random key (EVP). */
  chave: string;
  /** Receiver name, 1–25 characters. */
  nome: string;
  /** Receiver city, 1–15 characters. */
  cidade: string;
}

/** GET /api/carrinho/pix/{id}?valor=. */
export interface PixChargeDto {
  /** The EMV BR Code text, ending with its CRC16; the SPA shows it as text and QR code. */
  payload: string;
  /** The charge's identifier inside the code: `BALCAO{order id}`. */
  txid: string;
}

export const PIX_KEY_MAX = 77;
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;

export const PIX_INVALID_KEY = 'Chave PIX inválida.';
export const PIX_INVALID_NAME = 'Nome do recebedor deve ter de 1 a 25 caracteres.';
export const PIX_INVALID_CITY = 'Cidade do recebedor deve ter de 1 a 15 caracteres.';
export const PIX_NOT_CONFIGURED = 'A chave PIX não foi configurada. Consulte os administradores.';

/** The txid of an order's charge (letters and digits, at most 25). */
export function pixTxid(orderId: number): string {
  return `BALCAO${orderId}`;
}

/**
 * The PSP connection of 'Configuração PIX' (issue #28, docs/pix.md): a bank or payment institution
 * implementing the Banco Central's Pix API confirms the charges. Secrets never come back.
 */
export interface PixPspSettingsDto {
  /** False: no PSP, the cashier confirms PIX by hand as before. */
  configured: boolean;
  /** The PSP's Pix API base URL (https). */
  baseUrl: string;
  /** OAuth2 token URL; empty means `{baseUrl}/oauth/token`. */
  tokenUrl: string;
  clientId: string;
  hasClientSecret: boolean;
  /** The mutual-TLS client certificate as stored (its key is never shown). */
  certificate: { subject: string; issuer: string; validTo: string } | null;
  /** An extra CA the PSP's server certificate is checked against. */
  hasCa: boolean;
}

/** PUT /api/pix/psp. A blank secret, key or certificate keeps the stored one. */
export interface PixPspSettingsInput {
  baseUrl: string;
  tokenUrl?: string;
  clientId: string;
  clientSecret?: string;
  certificatePem?: string;
  privateKeyPem?: string;
  caPem?: string;
}

export const PIX_PSP_URL_MESSAGE = 'Informe o endereço da API Pix do PSP (https://…).';
export const PIX_PSP_TOKEN_URL_MESSAGE = 'O endereço do token deve começar com https://.';
export const PIX_PSP_CLIENT_ID_MESSAGE = 'Informe o client_id fornecido pelo PSP.';
export const PIX_PSP_SECRET_MESSAGE = 'Informe o client_secret fornecido pelo PSP.';
export const PIX_PSP_CERTIFICATE_MESSAGE =
  'Envie o certificado do cliente (PEM) e a sua chave privada (PEM, sem senha).';
export const PIX_PSP_KEY_MISMATCH_MESSAGE =
  'A chave privada não corresponde ao certificado enviado.';

/** Where an immediate charge at the PSP stands (docs/pix.md). */
export const PIX_CHARGE_STATUSES = ['ATIVA', 'CONCLUIDA', 'CANCELADA', 'EXPIRADA'] as const;
export type PixChargeStatus = (typeof PIX_CHARGE_STATUSES)[number];

/** POST /api/carrinho/pix/{id}/cobranca and GET /api/carrinho/pix/cobranca/{txid}. */
export interface PixPspChargeDto {
  txid: string;
  orderId: number;
  status: PixChargeStatus;
  /** Reais, as the order's amounts. */
  valor: number;
  /** The BR Code ("Pix copia e cola") the PSP made; the till shows it as text and QR. */
  pixCopiaECola: string;
  /** When the QR stops being payable (ISO instant): the till's countdown. */
  expiresAt: string;
  /** The Pix's end-to-end id once the bank says it was paid. */
  endToEndId: string | null;
  paidAt: string | null;
}

/** A charge lives this long at the PSP: a queue's customer pays within minutes or not at all. */
export const PIX_CHARGE_EXPIRY_SECONDS = 600;

export const PIX_PSP_NOT_CONFIGURED =
  'Nenhum PSP configurado: o PIX é confirmado pelo caixa (Configuração PIX).';
export const PIX_CHARGE_NOT_FOUND = 'Cobrança PIX não encontrada.';

/**
 * The txid of an order's charge at the PSP: the standard asks 26 to 35 letters and digits, made
 * by the receiver and never reused, so each attempt (a new amount, after a cancel) has its own.
 */
export function pixChargeTxid(orderId: number, attempt: number): string {
  return `BALCAO${String(orderId).padStart(15, '0')}T${String(attempt).padStart(4, '0')}`;
}
