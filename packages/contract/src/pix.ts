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
