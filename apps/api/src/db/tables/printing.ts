import type { ColumnType, Generated } from 'kysely';
import type { Instant, Dated } from './columns.ts';

/** Printers, mappings, print files and jobs (printing/), layouts and their images (layouts). */

export interface PrinterTable extends Dated {
  id: Generated<number>;
  name: string;
  serial: string | null;
  api_token: string;
  /** When its agent last asked for work (POST /api/prints/agent/next); null if never. */
  agent_seen_at: string | null;
}

/** Which printer serves a service for a username ('*' for anyone). */
export interface PrintMappingTable extends Dated {
  id: Generated<number>;
  origin: string;
  printer_id: number;
  service: string;
}

/** A rendered PDF, kept in the database so every API instance can serve it. */
export interface PrintFileTable {
  id: Generated<number>;
  filename: string;
  content: Uint8Array;
  user_id: number;
  /** The participant whose personal data the document shows (badge, receipts): erased with them. */
  participant_id: number | null;
  created_at: Instant;
}

/** A document routed to a mapped printer, claimed and reported by that printer's agent. */
export interface PrintJobTable {
  id: Generated<number>;
  printer_id: number;
  /** Null once the file expired; the job stays as history. */
  file_id: number | null;
  service: string;
  kind: string;
  title: string;
  copies: ColumnType<number, number | undefined, number>;
  status: 'queued' | 'printing' | 'done' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  error: string | null;
  user_id: number;
  origin: string;
  created_at: Instant;
  updated_at: Instant;
  claimed_at: Instant | null;
}

/** An event's own layout of one printed document (docs/layouts-api.md). */
export interface LayoutTable {
  event_id: number;
  document: string;
  /** The declaration (packages/contract/src/layouts.ts) as JSON. */
  declaration: string;
  updated_by: number | null;
  updated_at: Instant;
}

/** An image an event's layouts place (a logo, a sponsor strip). */
export interface LayoutImageTable {
  id: string;
  event_id: number;
  mime: string;
  width_px: number;
  height_px: number;
  content: Uint8Array;
  created_by: number | null;
  created_at: Instant;
}
