import { describeCharacters, missingCharacters } from './font.ts';

/** SPEC.md section 3: participant status values, with the labels the screens show. */
export const PARTICIPANT_STATUSES = [
  'OK',
  'PAYMENT_ERROR',
  'FREE',
  'BONUS',
  'MONITOR',
  'STAFF',
  'SUPPLIER',
] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Badge texts of 'Gerenciar Participantes' (PAGO, PENDENTE, ...). */
export const PARTICIPANT_STATUS_LABELS: Record<ParticipantStatus, string> = {
  OK: 'PAGO',
  PAYMENT_ERROR: 'PENDENTE',
  FREE: 'GRATUIDADE',
  BONUS: 'BÔNUS',
  MONITOR: 'MONITOR',
  STAFF: 'STAFF',
  SUPPLIER: 'FORNECEDOR',
};

/** Import column `situacao` (SPEC.md section 5): 1 paid ... 7 supplier. */
export const SITUACAO_STATUSES: Record<string, ParticipantStatus> = {
  '1': 'OK',
  '2': 'PAYMENT_ERROR',
  '3': 'FREE',
  '4': 'BONUS',
  '5': 'MONITOR',
  '6': 'STAFF',
  '7': 'SUPPLIER',
};

/** Wire shape of a participant (SPEC.md section 3). `cpf` is 11 digits. */
export interface ParticipantDto {
  id: number;
  eventId: number;
  cpf: string;
  name: string;
  usualName: string | null;
  email: string | null;
  telefone: string | null;
  pacote: string | null;
  consultor: string | null;
  status: ParticipantStatus;
  statusOriginal: string | null;
  center: { id: number; name: string } | null;
  business: string | null;
  /** True once a badge was printed: the participant is accredited ('CONFIRMADO'). */
  badge: boolean;
  coursewareId: string | null;
  /** The series printed on that courseware's label ('01-001-000005'): what a person reads. */
  coursewareSerial: string | null;
  badgePrintCount: number;
  /** The first check-in (badge print) at a desk: when the participant was accredited. */
  accreditedAt: string | null;
  dateCreated: string;
  dateUpdated: string;
  /** When 'Anonimizar participante' replaced the personal data; null otherwise (always sent). */
  anonymizedAt?: string | null;
}

/**
 * The accreditation statuses of a CPF check (SPEC.md section 4), in the order they are decided.
 * NOT_REGISTERED and PENDING come as 404/409-free answers so the desk shows their panels.
 */
export const ACCREDITATION_STATUSES = [
  'NOT_REGISTERED',
  'PENDING',
  'WITHOUT_COURSEWARE',
  'WITHOUT_BADGE',
  'REGISTERED',
] as const;
export type AccreditationStatus = (typeof ACCREDITATION_STATUSES)[number];

export const NOT_REGISTERED_MESSAGE = 'Participante não cadastrado no evento.';
export const PENDING_MESSAGE = 'Participante com pendências. Favor dirigir-se ao comercial.';
export const ALREADY_HOLDS_COURSEWARE_MESSAGE = 'O participante já possui uma apostila vinculada.';
/** Where the event links courseware, the badge prints after it: the desk's order, kept by both sides. */
export const LINK_BEFORE_BADGE_MESSAGE = 'Vincule a apostila antes de imprimir o crachá.';

/**
 * A participant's badges sent to a mapped printer and not printed yet: still in its queue
 * (queued, or taken by its agent) or failed there. `badgePrintCount` counts every badge the
 * desks asked for (at the request, in the print's transaction), printed or not.
 */
export interface BadgeJobCounts {
  waiting: number;
  failed: number;
}

/**
 * The desk's 'Crachás solicitados': how many badges were asked for, and of those the ones a
 * printer has not printed ('2 (1 na fila)'), so a dead agent's queue never reads as printed.
 */
export function badgeRequestsText(requested: number, jobs?: BadgeJobCounts): string {
  const notPrinted = [
    jobs?.waiting ? `${jobs.waiting} na fila` : '',
    jobs?.failed ? `${jobs.failed} ${jobs.failed === 1 ? 'não impresso' : 'não impressos'}` : '',
  ].filter(Boolean);
  return notPrinted.length > 0 ? `${requested} (${notPrinted.join(', ')})` : String(requested);
}

export const PRINT_DISABLED_MESSAGE = 'A impressão de crachás está desativada para este evento.';

/**
 * The desk's rule before a badge prints, the one both sides apply (the desk's 'Imprimir crachá',
 * the offline desk, the API's 409): not pending, printing on for the event, and the courseware
 * first where the event links it. The reason in pt-BR; null: it may print. The name has its own
 * rule (`badgeNameProblem`, a 400).
 */
export function badgePrintProblem(
  participant: Pick<ParticipantDto, 'status' | 'coursewareId'>,
  event: { linkCourseware: boolean; printEnabled: boolean },
): string | null {
  if (participant.status === 'PAYMENT_ERROR') return PENDING_MESSAGE;
  if (!event.printEnabled) return PRINT_DISABLED_MESSAGE;
  if (event.linkCourseware && !participant.coursewareId) return LINK_BEFORE_BADGE_MESSAGE;
  return null;
}

/** Which status a found participant is in; the event decides whether courseware is required. */
export function accreditationStatus(
  participant: Pick<ParticipantDto, 'status' | 'coursewareId' | 'badge'>,
  event: { linkCourseware: boolean },
): Exclude<AccreditationStatus, 'NOT_REGISTERED'> {
  if (participant.status === 'PAYMENT_ERROR') return 'PENDING';
  if (event.linkCourseware && !participant.coursewareId) return 'WITHOUT_COURSEWARE';
  if (!participant.badge) return 'WITHOUT_BADGE';
  return 'REGISTERED';
}

export const BADGE_NAME_MAX = 15;
/** A longer name is refused, never cut: the clerk chooses how to shorten it. */
export const BADGE_NAME_TOO_LONG_MESSAGE = `O nome do crachá deve ter no máximo ${BADGE_NAME_MAX} caracteres.`;
export const BADGE_NAME_MISSING_MESSAGE = 'Informe o nome do crachá.';

/**
 * What is wrong with a typed badge name, in pt-BR; null: it prints as typed (trimmed). The desk
 * says it as the clerk types, the server refuses the print with it (400): blank, too long, or a
 * character the badge's font cannot draw (issue #42), which would print as an empty box.
 */
export function badgeNameProblem(typed: string): string | null {
  const name = typed.trim();
  if (name === '') return BADGE_NAME_MISSING_MESSAGE;
  if ([...name].length > BADGE_NAME_MAX) return BADGE_NAME_TOO_LONG_MESSAGE;
  const missing = missingCharacters(name);
  if (missing.length === 0) return null;
  return `O nome do crachá tem ${describeCharacters(missing)}, que a fonte do crachá não desenha: escreva-o sem ${missing.length === 1 ? 'esse caractere' : 'esses caracteres'}.`;
}
