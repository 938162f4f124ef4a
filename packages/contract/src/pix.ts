/**
 * PIX at the cashier (docs/orders-api.md): the receiver's settings and the static BR Code ("Pix
 * copia e cola") the server builds for a charge. Limits are the BR Code's (EMV MPM fields).
 */
import type { Permission } from './permissions.ts';
import { formatMoney, toCents, type Cents } from './money.ts';
import { ORDER_TRANSITIONS, type OrderDto } from './orders.ts';

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
  /**
   * The server runs without BALCAO_TOTP_KEY: the PSP's secrets are sealed under the development
   * key, which the public source derives (the card warns: PIX_PSP_DEVELOPMENT_KEY_WARNING).
   */
  developmentKey: boolean;
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
/** The error code of that 409: the till falls back to the static BR Code. */
export const PIX_PSP_NOT_CONFIGURED_CODE = 'psp_not_configured';
/** The error code of a PSP failing (502): the cashier may confirm by hand. */
export const PIX_PSP_ERROR_CODE = 'psp_error';
export const PIX_CHARGE_NOT_FOUND = 'Cobrança PIX não encontrada.';
/**
 * 409 of `POST /api/carrinho/pix/{id}/cobranca` while another till is making the order's charge
 * of another amount at the PSP (one active charge per order): the till may try again.
 */
export const PIX_CHARGE_BUSY =
  'Outro caixa está gerando uma cobrança PIX de outro valor para este pedido: tente de novo em instantes.';
export const PIX_CHARGE_BUSY_CODE = 'pix_charge_busy';
/** The card 'Confirmação pelo banco (PSP)' and the log, while BALCAO_TOTP_KEY is not set. */
export const PIX_PSP_DEVELOPMENT_KEY_WARNING =
  'BALCAO_TOTP_KEY não está definida: o client_secret, a chave privada e o segredo do webhook ficam cifrados com a chave de desenvolvimento, que qualquer cópia do código conhece. Defina BALCAO_TOTP_KEY e reinicie o servidor (docs/deploy.md): eles são cifrados de novo com ela.';
/**
 * 409 of 'Registrar webhook' (`POST /api/pix/psp/webhook`) when PUBLIC_URL is not https://: the
 * standard's callback is mutual TLS, and the URL carries the webhook's secret.
 */
export const PIX_WEBHOOK_HTTPS_MESSAGE =
  'O webhook só pode ser registrado num endereço https://: defina PUBLIC_URL com https:// (docs/deploy.md); o PSP chama o webhook com TLS mútuo.';

/**
 * The txid of an order's charge at the PSP: the standard asks 26 to 35 letters and digits, made
 * by the receiver and never reused, so each attempt (a new amount, after a cancel) has its own.
 */
export function pixChargeTxid(orderId: number, attempt: number): string {
  return `BALCAO${String(orderId).padStart(15, '0')}T${String(attempt).padStart(4, '0')}`;
}

/** A payment method is PIX by its name (the methods table has no type column). */
export const isPixMethodName = (name: string | undefined) => /\bpix\b/i.test(name ?? '');

/** The longest reason a cashier may give for confirming a PIX without the bank. */
export const PIX_MANUAL_REASON_MAX = 500;

export const PIX_MANUAL_REASON_REQUIRED =
  'Com o PSP conectado, o PIX é confirmado pelo banco: para confirmar sem ele, informe o motivo.';
export const PIX_TXID_NOT_PIX_LINE =
  'Só uma linha PIX pode levar uma cobrança PIX ou uma confirmação sem o banco.';
export const PIX_TXID_TWICE = 'A mesma cobrança PIX está em mais de uma linha.';

/** A Pix the bank confirmed for another amount than its payment line. */
export function pixPaidDiffersMessage(paid: Cents, line: Cents): string {
  return `O PIX recebido (${formatMoney(paid)}) difere do valor da linha (${formatMoney(line)}).`;
}

// ---- Refunds (devoluções) of Pix received (docs/pix.md, 'Refunds') ------------------------------

/** Who gives Pix back: the order refund's (estorno) permissions. */
export const PIX_REFUND_PERMISSIONS: readonly Permission[] = ORDER_TRANSITIONS.estornar.permissions;

/**
 * A refund asked of the PSP, once per Pix. PENDENTE: recorded, not yet accepted by the PSP (it
 * failed, see `error`, or is being asked right now); then the standard's statuses.
 */
export const PIX_REFUND_STATUSES = [
  'PENDENTE',
  'EM_PROCESSAMENTO',
  'DEVOLVIDO',
  'NAO_REALIZADO',
] as const;
export type PixRefundStatus = (typeof PIX_REFUND_STATUSES)[number];

export const PIX_REFUND_STATUS_LABELS: Record<PixRefundStatus, string> = {
  PENDENTE: 'Pendente',
  EM_PROCESSAMENTO: 'Solicitada ao banco',
  DEVOLVIDO: 'Devolvida',
  NAO_REALIZADO: 'Não realizada',
};

/** A refund of a Pix (GET /api/pix/devolucoes `refunds`, and what refunding answers). */
export interface PixRefundDto {
  /** The devolução's id at the PSP (made by Balcão from the Pix's end-to-end id). */
  id: string;
  endToEndId: string;
  /** Reais: the whole Pix. */
  valor: number;
  orderId: number | null;
  txid: string | null;
  /** Why it is given back (the estorno's reason, or the one typed in 'Devoluções PIX'). */
  motivo: string;
  status: PixRefundStatus;
  /** The PSP's id of the return (`rtrId`), once it accepted the request. */
  returnId: string | null;
  /** PENDENTE: why the PSP did not accept it (pt-BR); NAO_REALIZADO: the PSP's reason. */
  error: string | null;
  /** Username of who asked. */
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A Pix received that no order keeps, to be given back (GET /api/pix/devolucoes `unclaimed`). */
export interface PixUnclaimedDto {
  endToEndId: string;
  /** Reais. */
  valor: number;
  /** When the Pix was paid (the PSP's `horario`). */
  paidAt: string;
  txid: string | null;
  orderId: number | null;
  /** Why no order keeps it, in pt-BR: one of PIX_UNCLAIMED_REASONS. */
  why: string;
}

export const PIX_UNCLAIMED_REASONS = {
  cancelled: 'Pago após a cobrança ser cancelada',
  expired: 'Pago após expirar',
  paidOtherwise: 'Pedido pago de outra forma',
  orderRemoved: 'Pedido removido',
  orderRefunded: 'Pedido estornado',
  chargePaidTwice: 'Cobrança já paga por outro Pix',
  noCharge: 'Sem cobrança conhecida',
} as const;

/** GET /api/pix/devolucoes. */
export interface PixRefundsDto {
  unclaimed: PixUnclaimedDto[];
  /** Newest first. */
  refunds: PixRefundDto[];
}

/** POST /api/pix/devolucoes. */
export interface PixRefundRequest {
  endToEndId: string;
  motivo: string;
}

/** POST /api/carrinho/estornar/{id}: the order, and what became of its bank-confirmed Pix. */
export interface RefundedOrderDto extends OrderDto {
  /** One per PIX line the bank confirmed; empty when there is none. */
  devolucoesPix: PixRefundDto[];
}

export const PIX_REFUND_REASON_MAX = 500;
export const PIX_REFUND_REASON_REQUIRED = 'Informe o motivo da devolução.';
export const PIX_REFUND_NOT_LISTED = 'Este Pix não está na lista de Pix a devolver.';
export const PIX_REFUND_NOT_FOUND = 'Devolução PIX não encontrada.';
export const PIX_REFUND_NO_PSP =
  'Nenhum PSP configurado: conecte o PSP em Configuração PIX para devolver o Pix.';

/** What a clerk reads of one refund just asked: never that money went back when it was only asked. */
export function pixRefundOutcomeMessage(refund: PixRefundDto): string {
  const amount = formatMoney(toCents(refund.valor));
  switch (refund.status) {
    case 'EM_PROCESSAMENTO':
      return `Devolução PIX solicitada ao banco: ${amount}.`;
    case 'DEVOLVIDO':
      return `Devolução PIX feita pelo banco: ${amount}.`;
    case 'NAO_REALIZADO':
      return `O banco não fez a devolução PIX de ${amount}${refund.error ? `: ${refund.error}` : '.'}`;
    case 'PENDENTE':
      return refund.error
        ? `A devolução PIX de ${amount} não foi aceita pelo PSP: ${refund.error} Tente de novo em 'Devoluções PIX'.`
        : `A devolução PIX de ${amount} está sendo pedida ao PSP: confira em 'Devoluções PIX'.`;
  }
}
