import type { Instant } from './columns.ts';

/** The offline desk (offline). */

/** An action a desk queued offline, as its sync left it (docs/offline-desk.md). */
export interface OfflineActionTable {
  client_id: string;
  event_id: number;
  participant_id: number | null;
  kind: string;
  user_id: number | null;
  desk: string;
  done_at: Instant;
  synced_at: Instant;
  outcome: string;
  message: string | null;
  /** SHA-256 of what the action said: its client id sent with another body is refused. */
  body_digest: string | null;
}

/** A participant's offline CPF lookup key, kept once computed (docs/offline-desk.md). */
export interface OfflineKeyTable {
  participant_id: number;
  event_id: number;
  /** HMAC of the CPF the key was computed from, under the event's salt: a changed CPF is keyed again. */
  cpf_tag: string;
  lookup_key: string;
}
