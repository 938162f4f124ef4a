import type { ColumnType, Generated } from 'kysely';
import type { BoolWithDefault, Instant } from './columns.ts';

/** Certificates of attendance (certificates). */

/** An event's rule: its hours ('carga horária') and who earns a certificate. */
export interface CertificateRuleTable {
  event_id: number;
  hours: number;
  criterion: 'accredited' | 'min_days';
  min_days: number | null;
  updated_by: number | null;
  updated_at: Instant;
}

/** One per participant and event; its text is the latest version's (one read to verify). */
export interface CertificateTable {
  id: Generated<number>;
  /** 'XXXX-XXXX-XXXX-XXXX-XXXX', unique: the public verification reads by it. */
  code: string;
  event_id: number;
  participant_id: number | null;
  version: number;
  /** Null once the participant was anonymized. */
  name: string | null;
  event_name: string;
  course: string | null;
  hours: number;
  dates: string;
  issued_at: Instant;
  updated_at: Instant;
  revoked_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  revoked_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Each version issued: what it said, when and by whom. */
export interface CertificateVersionTable {
  certificate_id: number;
  version: number;
  name: string | null;
  hours: number;
  dates: string;
  issued_by: number | null;
  issued_at: Instant;
}

/** An issuing batch: its progress and a result per participant (JSON). */
export interface CertificateJobTable {
  id: Generated<number>;
  event_id: number;
  created_by: number | null;
  created_at: Instant;
  total: number;
  processed: number;
  done: BoolWithDefault;
  results: string;
}
