/**
 * Certificates of attendance (issue #44, docs/certificates-api.md): an event's rule (its hours,
 * 'carga horária', and who earns one), the preview of who does and why the others do not, the
 * certificates issued in a batch, and their public verification by a code anyone can type.
 *
 * Balcão has no sessions inside an event: attendance is the check-ins of 'Lista de Presença', one
 * per day at most counts. So a certificate is earned by being accredited, or by being present on
 * at least N of the event's days; a percentage of sessions is not offered.
 */

import type { EmailBatchDto } from './emails.ts';
import type { Permission } from './permissions.ts';

/** Certificates are the event's: 'Eventos' sets the rule, issues, revokes and sends them. */
export const CERTIFICATE_PERMISSION: Permission = 'Event';

/** Who earns a certificate: anyone accredited (checked in at least once), or present N days. */
export const CERTIFICATE_CRITERIA = ['accredited', 'min_days'] as const;
export type CertificateCriterion = (typeof CERTIFICATE_CRITERIA)[number];

export const CERTIFICATE_CRITERION_LABELS: Record<CertificateCriterion, string> = {
  accredited: 'Credenciados',
  min_days: 'Presentes em um mínimo de dias',
};

/** 'Carga horária': whole hours. */
export const CERTIFICATE_HOURS = { min: 1, max: 2000 } as const;
/** The fewest days present the rule may ask: up to the longest event attendance shows (62 days). */
export const CERTIFICATE_MIN_DAYS = { min: 1, max: 62 } as const;

/** GET/PUT /api/certificados/eventos/{eventId}/regra: the event's rule. */
export interface CertificateRuleDto {
  eventId: number;
  hours: number;
  criterion: CertificateCriterion;
  /** Days present, for 'min_days'; null for 'accredited'. */
  minDays: number | null;
  /** False: the event has no rule saved yet (these are the suggested values). */
  saved: boolean;
}

export type CertificateRuleRequest = Pick<CertificateRuleDto, 'hours' | 'criterion' | 'minDays'>;

export const CERTIFICATE_RULE_MESSAGES = {
  hours: `Informe a carga horária: de ${CERTIFICATE_HOURS.min} a ${CERTIFICATE_HOURS.max} horas, inteiras.`,
  criterion: 'Escolha quem recebe o certificado: credenciados ou presentes em um mínimo de dias.',
  minDays: `Informe o mínimo de dias presentes: de ${CERTIFICATE_MIN_DAYS.min} a ${CERTIFICATE_MIN_DAYS.max}.`,
  noRule: 'Defina antes a regra do certificado do evento (carga horária e quem recebe).',
} as const;

/** What a rule's problems are, in pt-BR (empty: valid); the server and the form say the same. */
export function certificateRuleProblems(input: unknown): string[] {
  const rule = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const problems: string[] = [];
  const hours = rule.hours;
  if (
    typeof hours !== 'number' ||
    !Number.isInteger(hours) ||
    hours < CERTIFICATE_HOURS.min ||
    hours > CERTIFICATE_HOURS.max
  ) {
    problems.push(CERTIFICATE_RULE_MESSAGES.hours);
  }
  if (!(CERTIFICATE_CRITERIA as readonly unknown[]).includes(rule.criterion)) {
    problems.push(CERTIFICATE_RULE_MESSAGES.criterion);
  } else if (rule.criterion === 'min_days') {
    const days = rule.minDays;
    if (
      typeof days !== 'number' ||
      !Number.isInteger(days) ||
      days < CERTIFICATE_MIN_DAYS.min ||
      days > CERTIFICATE_MIN_DAYS.max
    ) {
      problems.push(CERTIFICATE_RULE_MESSAGES.minDays);
    }
  }
  return problems;
}

/** Why a participant earns no certificate, in the preview and the batch's results. */
export const CERTIFICATE_NOT_EARNED = {
  notAccredited: 'Não foi credenciado.',
  fewDays: (present: number, required: number) =>
    `Presente em ${present} ${present === 1 ? 'dia' : 'dias'}; a regra pede ${required}.`,
} as const;

/** One participant of the preview. */
export interface CertificateCandidateDto {
  participantId: number;
  name: string;
  /** Distinct days with a check-in (in the event's zone). */
  daysPresent: number;
  earns: boolean;
  /** Why not, when `earns` is false. */
  reason: string | null;
  /** The certificate already issued (valid or revoked), if any. */
  code: string | null;
}

/** GET /api/certificados/eventos/{eventId}/elegiveis: who earns one under the saved rule. */
export interface CertificateEligibilityDto {
  rule: CertificateRuleDto;
  /** The event's days, from its start to its end ('YYYY-MM-DD'). */
  eventDays: string[];
  earning: number;
  notEarning: number;
  /** Everyone of the event but the anonymized, by name. */
  candidates: CertificateCandidateDto[];
}

/** A certificate of the table ('Certificados'). */
export interface CertificateDto {
  code: string;
  participantId: number | null;
  /** The name printed on its latest version. */
  name: string;
  /** 1, then one more each time a name correction re-issues it. */
  version: number;
  issuedAt: string;
  /** The latest version's issue. */
  updatedAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
  /** When its e-mail with the PDF last went out ('Enviar por e-mail'); null: never. */
  emailedAt: string | null;
}

/** GET /api/certificados/eventos/{eventId}: the event's certificates, by name. */
export interface CertificateListDto {
  eventId: number;
  certificates: CertificateDto[];
}

export type CertificateIssueOutcome = 'issued' | 'reissued' | 'unchanged' | 'not_earned' | 'failed';

export const CERTIFICATE_ISSUE_OUTCOME_LABELS: Record<CertificateIssueOutcome, string> = {
  issued: 'Emitido',
  reissued: 'Reemitido (nova versão)',
  unchanged: 'Já emitido',
  not_earned: 'Não recebe',
  failed: 'Falhou',
};

export interface CertificateIssueResultDto {
  participantId: number;
  name: string;
  outcome: CertificateIssueOutcome;
  code: string | null;
  /** Why it was not issued (the rule's reason, or the failure). */
  message: string | null;
}

/**
 * POST /api/certificados/eventos/{eventId}/emissoes starts a batch (202, this answer); GET
 * /api/certificados/emissoes/{id} is its progress, polled until `done`.
 */
export interface CertificateIssueJobDto {
  id: number;
  eventId: number;
  createdAt: string;
  total: number;
  processed: number;
  done: boolean;
  counts: Record<CertificateIssueOutcome, number>;
  results: CertificateIssueResultDto[];
}

/** POST /api/certificados/{code}/revogar. */
export interface CertificateRevokeRequest {
  reason: string;
}
export const CERTIFICATE_REASON_MAX = 500;

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificado não encontrado.',
  revokeReason: `Informe o motivo da revogação (até ${CERTIFICATE_REASON_MAX} caracteres).`,
  alreadyRevoked: 'Este certificado já foi revogado.',
  revoked: 'Certificado revogado: não pode ser baixado nem enviado.',
  noneIssued: 'Nenhum certificado válido emitido para este evento.',
  jobNotFound: 'Emissão não encontrada.',
  erasedReason: 'Participante anonimizado.',
  tooManyVerifications: 'Muitas consultas seguidas. Aguarde um minuto e tente de novo.',
} as const;

/** GET /api/certificados/verificar/{code}: public, without login; never a CPF or an e-mail. */
export type CertificateVerificationDto =
  | {
      status: 'valid';
      code: string;
      name: string;
      event: string;
      course: string | null;
      hours: number;
      /** The event's dates as printed, e.g. '10/03/2026 a 12/03/2026'. */
      dates: string;
      issuedAt: string;
    }
  | {
      status: 'revoked';
      code: string;
      /** Null once the participant was anonymized. */
      name: string | null;
      event: string;
      revokedAt: string;
    }
  | { status: 'not_found' };

export type CertificateVerificationStatus = CertificateVerificationDto['status'];

/** The verification page's headline per answer. */
export const CERTIFICATE_VERIFICATION_TITLES: Record<CertificateVerificationStatus, string> = {
  valid: 'Certificado válido',
  revoked: 'Certificado revogado',
  not_found: 'Código não encontrado',
};

/**
 * The code: 20 characters from 30 that cannot be mistaken for one another (no 0/O, 1/I/L, U/V),
 * about 98 bits of crypto randomness, printed in groups of four: 'K7QM-3XRT-9HWA-PZ4C-E2NB'.
 */
export const CERTIFICATE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 20;
const CODE_GROUP = 4;

/** Groups of four joined by dashes: the printed, stored and answered form of a code. */
export function formatCertificateCode(compact: string): string {
  return compact.match(new RegExp(`.{1,${CODE_GROUP}}`, 'g'))?.join('-') ?? '';
}

/**
 * A code as typed or read from the QR: case, spaces and dashes ignored. Null when it cannot be a
 * code (wrong length, a character outside the alphabet): such a code is 'not found' unasked.
 */
export function normalizeCertificateCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== CERTIFICATE_CODE_LENGTH) return null;
  for (const character of compact) {
    if (!CERTIFICATE_CODE_ALPHABET.includes(character)) return null;
  }
  return formatCertificateCode(compact);
}

/**
 * A new code from `randomBytes` (the server passes node:crypto's): each character from one byte
 * below the largest multiple of the alphabet's size, so every character is equally likely.
 */
export function newCertificateCode(randomBytes: (size: number) => Uint8Array): string {
  const size = CERTIFICATE_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let compact = '';
  while (compact.length < CERTIFICATE_CODE_LENGTH) {
    for (const byte of randomBytes(CERTIFICATE_CODE_LENGTH)) {
      if (byte < limit && compact.length < CERTIFICATE_CODE_LENGTH) {
        compact += CERTIFICATE_CODE_ALPHABET[byte % size];
      }
    }
  }
  return formatCertificateCode(compact);
}

/** The verification page a certificate's QR opens. */
export const certificateVerificationUrl = (publicUrl: string, code: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/verificar/${code}`;

/** 'Enviar por e-mail': each valid certificate's PDF to its participant, as one e-mail sending. */
export interface CertificateSendingRequest {
  /** Only these certificates; all the event's valid ones when absent. */
  codes?: string[];
}
export const CERTIFICATE_SENDING_MAX = 5000;

/** POST …/enviar and GET /api/certificados/envios/{id}: the sending's progress (EmailBatchDto). */
export type CertificateSendingDto = EmailBatchDto & {
  /** Valid certificates left out: their participant has no valid e-mail address. */
  withoutEmail: number;
};

export const CERTIFICATE_SENDING_MESSAGES = {
  nobody:
    'Nenhum certificado válido a enviar: emita-os antes, e confira os e-mails dos participantes.',
  notFound: 'Envio de certificados não encontrado.',
} as const;

/** The SPA's public page (no login) and the API's paths. */
export const CERTIFICATE_VERIFY_PAGE = '/verificar';
export const CERTIFICATE_PATHS = {
  rule: (eventId: number) => `/api/certificados/eventos/${eventId}/regra`,
  eligibility: (eventId: number) => `/api/certificados/eventos/${eventId}/elegiveis`,
  list: (eventId: number) => `/api/certificados/eventos/${eventId}`,
  issue: (eventId: number) => `/api/certificados/eventos/${eventId}/emissoes`,
  job: (jobId: number) => `/api/certificados/emissoes/${jobId}`,
  zip: (eventId: number) => `/api/certificados/eventos/${eventId}/zip`,
  email: (eventId: number) => `/api/certificados/eventos/${eventId}/enviar`,
  sending: (batchId: number) => `/api/certificados/envios/${batchId}`,
  resend: (batchId: number) => `/api/certificados/envios/${batchId}/reenviar`,
  pdf: (code: string) => `/api/certificados/${code}/pdf`,
  revoke: (code: string) => `/api/certificados/${code}/revogar`,
  verify: (code: string) => `/api/certificados/verificar/${encodeURIComponent(code)}`,
} as const;

/** 'Carga horária' as printed and shown: '1 hora', '20 horas'. */
export const certificateHoursText = (hours: number): string =>
  `${hours} ${hours === 1 ? 'hora' : 'horas'}`;

/** What a certificate shows, by layout field ('certificate' document of layouts.ts). */
export interface CertificateFacts {
  name: string;
  event: string;
  course: string | null;
  hours: number;
  dates: string;
  code: string;
  /** PUBLIC_URL: the QR opens `${publicUrl}/verificar/${code}`. */
  publicUrl: string;
}

export const certificateLayoutValues = (facts: CertificateFacts): Record<string, string> => ({
  name: facts.name,
  event: facts.event,
  course: facts.course ?? '',
  hours: certificateHoursText(facts.hours),
  dates: facts.dates,
  code: facts.code,
  verifyUrl: certificateVerificationUrl(facts.publicUrl, facts.code),
});
