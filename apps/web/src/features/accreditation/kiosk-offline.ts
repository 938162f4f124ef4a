import {
  KIOSK_ALREADY_MESSAGE,
  KIOSK_COURSEWARE_MESSAGE,
  KIOSK_CPF_MESSAGE,
  KIOSK_NOT_FOUND_MESSAGE,
  KIOSK_PENDING_MESSAGE,
  KIOSK_PRINT_DISABLED_MESSAGE,
  PASS_PROBLEM_MESSAGES,
  parseCpf,
  suggestedBadgeName,
  type KioskGreeting,
  type ParticipantDto,
} from '@balcao/contract';
import { checkOffline, printBadgeOffline, replicaFor, type DeskLookup } from './offline-desk';
import { printBadgeInBrowser } from './offline-badge';

/**
 * The kiosk without the server (issue #43, docs/kiosk-api.md): the offline desk's replica, pass
 * check, browser print and queue, with the kiosk's answers. Its own chunk, loaded by the kiosk's
 * sagas on the first lookup the server cannot answer (scrypt and the pass's verifier come with it).
 */

export const KIOSK_NO_REPLICA_MESSAGE =
  'Sem conexão com o servidor, e este quiosque ainda não tem os dados do evento. Procure o balcão de atendimento.';

/** The greeting found on the replica, or the kiosk's answer (not found, pending, the desk...). */
export async function checkAtKioskOffline(
  userId: number,
  by: { cpf: string } | { pass: string },
): Promise<{ greeting: KioskGreeting; participant: ParticipantDto } | { answer: string }> {
  const meta = await replicaFor(userId);
  if (!meta) return { answer: KIOSK_NO_REPLICA_MESSAGE };
  let lookup: DeskLookup = by;
  if ('cpf' in by) {
    const cpf = parseCpf(by.cpf);
    if (cpf === undefined) return { answer: KIOSK_CPF_MESSAGE };
    lookup = { cpf };
  }
  const found = await checkOffline(meta, lookup);
  if (!found) return { answer: KIOSK_NOT_FOUND_MESSAGE };
  if ('refused' in found) {
    return {
      answer:
        found.refused === PASS_PROBLEM_MESSAGES.not_found ? KIOSK_NOT_FOUND_MESSAGE : found.refused,
    };
  }
  const { participant, status } = found;
  if (status === 'PENDING') return { answer: KIOSK_PENDING_MESSAGE };
  if (meta.event.linkCourseware) return { answer: KIOSK_COURSEWARE_MESSAGE };
  if (!meta.event.printEnabled) return { answer: KIOSK_PRINT_DISABLED_MESSAGE };
  // Accredited per the replica and this kiosk's queue. The reprint policy and the staff PIN are
  // the server's: offline another copy is always the desk's.
  if (participant.badge) return { answer: KIOSK_ALREADY_MESSAGE };
  return {
    greeting: {
      participantId: participant.id,
      name: participant.name,
      badgeName: suggestedBadgeName(participant.usualName, participant.name),
      reprint: null,
    },
    participant,
  };
}

/**
 * The badge drawn and handed to the browser's printer, as the offline desk prints, and the
 * accreditation queued for the sync. False when the replica is gone (signed out meanwhile).
 */
export async function printAtKioskOffline(
  userId: number,
  participant: ParticipantDto,
  usualName: string,
): Promise<boolean> {
  const meta = await replicaFor(userId);
  if (!meta) return false;
  await printBadgeOffline(userId, meta, participant, usualName);
  await printBadgeInBrowser(meta, participant, usualName);
  return true;
}
