import type { BoolWithDefault, Instant } from './columns.ts';

/** The self-service kiosks (kiosk). */

/** A kiosk user's state: its PIN, pause, heartbeat and what it did last (docs/kiosk-api.md). */
export interface KioskTable {
  user_id: number;
  /** The staff PIN, hashed like a password; null until an admin sets one. */
  pin_hash: string | null;
  paused: BoolWithDefault;
  seen_at: Instant | null;
  activity_at: Instant | null;
  /** The print job of its last badge: 'Reimprimir último crachá' puts it back in the queue. */
  last_job_id: number | null;
  /** When a participant pressed 'Preciso de ajuda', until staff answer it. */
  help_at: Instant | null;
  date_updated: Instant;
}

/** The kiosks' reprint policy per event ('allow', 'deny', 'staff'); no row is 'deny'. */
export interface KioskEventTable {
  event_id: number;
  reprint: string;
}
