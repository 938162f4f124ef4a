/** What other modules use of the audit log: they import it from here, never from its files (lint). */
export { eraseFromAudit, jsonEraser } from './erase.ts';
export type { AuditErasure } from './erase.ts';
export {
  auditActor,
  auditInsert,
  auditedWrite,
  flushCpfViews,
  recordAudit,
  recordCpfView,
  recordExport,
} from './record.ts';
export type { AuditActor, AuditEntry, AuditValues } from './record.ts';
