import type { Instant } from './columns.ts';

/** PIX: the static receiver, the PSP, charges, refunds and notifications (pix). */

/** The PIX receiver (one row, id 1) the BR Codes are built for. */
export interface PixSettingsTable {
  id: number;
  pix_key: string;
  receiver_name: string;
  receiver_city: string;
  updated_by: number;
  updated_at: Instant;
}

/** The PSP connection (docs/pix.md); one row, id 1. Secrets sealed (totp-secret-box.ts). */
export interface PixPspSettingsTable {
  id: number;
  base_url: string;
  token_url: string | null;
  client_id: string;
  client_secret_sealed: string;
  certificate_pem: string;
  private_key_sealed: string;
  ca_pem: string | null;
  /** The secret path segment of the webhook's URL, sealed like the client secret. */
  webhook_secret_sealed: string;
  updated_by: number | null;
  updated_at: Instant;
}

/** An immediate charge made at the PSP for an order (docs/pix.md). */
export interface PixChargeTable {
  txid: string;
  order_id: number;
  attempt: number;
  amount_cents: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'CANCELADA' | 'EXPIRADA';
  pix_copia_e_cola: string;
  expires_at: Instant;
  end_to_end_id: string | null;
  paid_cents: number | null;
  paid_at: Instant | null;
  created_by: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/**
 * A refund (devolução) asked of the PSP for a Pix, once per Pix: of a refunded order's line or of
 * a Pix no order kept (late, or paid twice). PENDENTE until the PSP accepted the request.
 */
export interface PixRefundTable {
  id: string;
  end_to_end_id: string;
  amount_cents: number;
  order_id: number | null;
  txid: string | null;
  reason: string;
  status: 'PENDENTE' | 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  return_id: string | null;
  error: string | null;
  created_by: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A Pix the PSP's webhook notified (docs/pix.md), once per end-to-end id. */
export interface PixNotificationTable {
  end_to_end_id: string;
  txid: string | null;
  amount_cents: number;
  paid_at: Instant;
  received_at: Instant;
}
