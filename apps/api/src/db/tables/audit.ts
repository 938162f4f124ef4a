import type { Generated } from 'kysely';
import type { Instant } from './columns.ts';

/** The audit log (audit). */

/** Who changed (or read by CPF, or exported) what, when, from where: docs/audit-api.md. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: Instant;
  user_id: number | null;
  username: string;
  ip: string;
  entity: string;
  entity_id: string | null;
  action: string;
  /** JSON text. */
  before: string | null;
  /** JSON text. */
  after: string | null;
}
