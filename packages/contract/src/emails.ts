/**
 * 'Enviar e-mails' (docs/emails-api.md): SMTP settings, a message with placeholders, recipients
 * by event and participant status, and a queued sending with a result per recipient.
 */
import type { ParticipantStatus } from './participants.ts';

/** GET/POST /api/emails/smtp. The password is never sent back: `hasPassword` says it is set. */
export interface SmtpConfigDto {
  host: string;
  port: number;
  user: string;
  sender: string;
  hasPassword: boolean;
}

/** POST /api/emails/smtp: an empty password keeps the stored one. */
export interface SmtpConfigRequest {
  host: string;
  port: number;
  user: string;
  password: string;
  sender: string;
}

/** The values a message can name, e.g. 'Olá, {nome}!'. */
export const EMAIL_PLACEHOLDERS = [
  'nome',
  'nome_cracha',
  'cpf',
  'email',
  'evento',
  'pacote',
] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];
export type EmailValues = Record<EmailPlaceholder, string>;

/** Replaces each known {placeholder}; unknown braces stay as written. */
export function fillPlaceholders(template: string, values: EmailValues): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    (EMAIL_PLACEHOLDERS as readonly string[]).includes(name)
      ? values[name as EmailPlaceholder]
      : whole,
  );
}

export interface EmailDraft {
  eventId: number;
  statuses: ParticipantStatus[];
  subject: string;
  body: string;
}

export type EmailRecipientStatus = 'PENDENTE' | 'ENVIANDO' | 'ENVIADO' | 'FALHOU';

export const EMAIL_RECIPIENT_STATUS_LABELS: Record<EmailRecipientStatus, string> = {
  PENDENTE: 'Na fila',
  ENVIANDO: 'Enviando',
  ENVIADO: 'Enviado',
  FALHOU: 'Falhou',
};

/** POST /api/emails/previa: the first recipient's message, and how many would receive it. */
export interface EmailPreviewDto {
  recipients: number;
  /** Participants of the chosen statuses without an e-mail address: they are skipped. */
  withoutEmail: number;
  sample: { name: string; email: string; subject: string; body: string } | null;
}

export interface EmailRecipientDto {
  id: number;
  name: string;
  email: string;
  status: EmailRecipientStatus;
  error: string | null;
  sentAt: string | null;
}

/** GET /api/emails/envios/{id}: the sending's progress and each recipient's result. */
export interface EmailBatchDto {
  id: number;
  eventId: number;
  subject: string;
  createdAt: string;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  done: boolean;
  recipients: EmailRecipientDto[];
}

export const EMAIL_SUBJECT_MAX = 255;
export const EMAIL_BODY_MAX = 20_000;
