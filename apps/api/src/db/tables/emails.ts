import type { ColumnType, Generated } from 'kysely';
import type { Instant } from './columns.ts';

/** E-mails and their sending (emails). */

/** Where e-mails go out (one row, id 1). */
export interface SmtpSettingsTable {
  id: number;
  host: string;
  port: number;
  username: string;
  password: string;
  sender: string;
  updated_by: number;
  updated_at: Instant;
}

/** One sending: the message as written and who it went to (statuses: JSON list). */
export interface EmailBatchTable {
  id: Generated<number>;
  event_id: number;
  subject: string;
  body: string;
  statuses: string;
  /** 'message' ('Enviar e-mails'), or a kind whose module attaches files per recipient ('pass'). */
  kind: ColumnType<string, string | undefined, string>;
  created_by: number;
  created_at: Instant;
}

export type EmailRecipientStatus = 'PENDENTE' | 'ENVIANDO' | 'ENVIADO' | 'FALHOU';

/** One address of a sending, with its own result: the queue the sender works through. */
export interface EmailRecipientTable {
  id: Generated<number>;
  batch_id: number;
  participant_id: number | null;
  name: string;
  email: string;
  status: EmailRecipientStatus;
  error: string | null;
  sent_at: Instant | null;
}
