import type { PrintJobStatus } from './printing.ts';
import { badgeNameProblem } from './participants.ts';

/**
 * The self-service kiosk (issue #43, docs/kiosk-api.md): its wire and its pt-BR answers. Not in
 * SPEC.md's menu: the labels are new, in the same voice.
 */

/** What a kiosk does when an accredited participant asks for a badge again (set per event). */
export const KIOSK_REPRINT_POLICIES = ['allow', 'deny', 'staff'] as const;
export type KioskReprintPolicy = (typeof KIOSK_REPRINT_POLICIES)[number];
export const KIOSK_REPRINT_LABELS: Record<KioskReprintPolicy, string> = {
  allow: 'Permitir a reimpressão',
  deny: 'Não reimprimir: enviar ao balcão',
  staff: 'Reimprimir com o PIN de um atendente',
};

export const KIOSK_PAUSED_MESSAGE = 'Quiosque pausado. Procure o balcão de atendimento.';
export const KIOSK_NO_EVENT_MESSAGE = 'Nenhum evento selecionado. Chame um atendente.';
export const KIOSK_NOT_FOUND_MESSAGE =
  'Não encontramos sua inscrição neste evento. Procure o balcão de atendimento.';
export const KIOSK_PENDING_MESSAGE =
  'Sua inscrição tem pendências. Procure o balcão de atendimento.';
/** Events that link courseware send the participant to the desk, where the booklet is handed. */
export const KIOSK_COURSEWARE_MESSAGE =
  'Retire seu crachá e sua apostila no balcão de atendimento.';
export const KIOSK_PRINT_DISABLED_MESSAGE =
  'A impressão de crachás está desativada. Procure o balcão de atendimento.';
export const KIOSK_ALREADY_MESSAGE =
  'Seu crachá já foi impresso. Para outra via, procure o balcão de atendimento.';
export const KIOSK_NO_PRINTER_MESSAGE =
  'Este quiosque está sem impressora de crachás. Chame um atendente.';
/**
 * Offline the badge goes from the browser to the kiosk's printer and no agent reports it printed:
 * the kiosk says it was sent, never 'Retire seu crachá' (the truthful printing rule).
 */
export const KIOSK_PRINT_HANDED_OFFLINE_TITLE = 'Seu crachá foi enviado à impressora';
export const KIOSK_PRINT_HANDED_OFFLINE_NOTE =
  'Sem conexão com o servidor, o quiosque não consegue confirmar a impressão. Se o crachá não sair, procure o balcão de atendimento.';
export const KIOSK_CPF_MESSAGE = 'CPF inválido. Confira os 11 números e tente de novo.';
export const KIOSK_PIN_WRONG_MESSAGE = 'PIN incorreto.';
export const KIOSK_PIN_UNSET_MESSAGE =
  'Este quiosque ainda não tem PIN. Peça a um administrador para definir em Quiosques.';
export const KIOSK_PIN_FORMAT_MESSAGE = 'O PIN deve ter de 4 a 8 dígitos.';
export const KIOSK_STAFF_PIN_MESSAGE = 'Para outra via, um atendente deve digitar o PIN.';

/** The badge name a kiosk suggests: the usual name when it fits, else the first name. */
export function suggestedBadgeName(usualName: string | null, name: string): string {
  const usual = usualName?.trim() ?? '';
  if (usual !== '' && badgeNameProblem(usual) === null) return usual;
  return name.trim().split(/\s+/)[0] ?? '';
}

/** A PIN of 4 to 8 digits. */
export function kioskPinProblem(pin: string): string | null {
  return /^\d{4,8}$/.test(pin) ? null : KIOSK_PIN_FORMAT_MESSAGE;
}

/** The kiosk's state, answered to its heartbeat. */
export interface KioskState {
  name: string;
  paused: boolean;
  event: { id: number; name: string } | null;
}

/** A participant found at the kiosk: only what the greeting shows (no CPF). */
export interface KioskGreeting {
  participantId: number;
  name: string;
  /** The badge name to confirm or shorten (the usual name, or the first name). */
  badgeName: string;
  /** Already accredited: this is another copy, and 'staff' means a PIN is asked first. */
  reprint: KioskReprintPolicy | null;
}

/** A kiosk as 'Quiosques' shows it. */
export interface KioskRow {
  userId: number;
  username: string;
  name: string;
  online: boolean;
  seenAt: string | null;
  activityAt: string | null;
  paused: boolean;
  pinSet: boolean;
  helpAt: string | null;
  lastPrint: {
    jobId: number;
    title: string;
    status: PrintJobStatus;
    error: string | null;
    at: string;
  } | null;
  /** The badge printer's trouble in pt-BR (none mapped, agent silent, last job failed); null: fine. */
  printerTrouble: string | null;
}

/** A kiosk is online while its heartbeat is younger than this. */
export const KIOSK_ONLINE_MS = 20_000;
/** How often the kiosk page beats. */
export const KIOSK_HEARTBEAT_MS = 5_000;
