import {
  ALREADY_HOLDS_COURSEWARE_MESSAGE,
  COURSEWARE_CODE_MESSAGE,
  accreditationStatus,
  checkPassFor,
  PASS_PROBLEM_MESSAGES,
  passKeyFromHex,
  coursewareDisplaySerial,
  maskCpf,
  parseCoursewareCode,
  type OfflineParticipant,
  type ParticipantDto,
} from '@balcao/contract';
import { newClientId } from '../../api/idempotency-key';
import { findByCpf, findById, queueAction, readMeta, type ReplicaMeta } from './offline-replica';
import type { CheckAnswer } from './slice';

/**
 * The accreditation desk's steps without the server (docs/offline-desk.md): the same rules as
 * the server's, on the replica; each step queued with its own id and time for the sync.
 */

/**
 * The replica's participant as the desk's panels show one (what it does not hold is blank). The
 * replica holds no CPF: the panel shows the one typed, masked ('***.456.789-**'), as the desk sees
 * it online without the Participant permission.
 */
function asParticipantDto(
  participant: OfflineParticipant,
  meta: ReplicaMeta,
  typedCpf: string,
): ParticipantDto {
  const center = meta.centers.find((item) => item.id === participant.centerId);
  return {
    ...participant,
    cpf: maskCpf(typedCpf),
    eventId: meta.event.id,
    email: null,
    telefone: null,
    pacote: null,
    consultor: null,
    statusOriginal: null,
    business: null,
    center: center ? { id: center.id, name: center.name } : null,
    dateCreated: '',
    dateUpdated: '',
  };
}

/** The replica's event, when it holds one for this user. */
export async function replicaFor(userId: number): Promise<ReplicaMeta | undefined> {
  const meta = await readMeta();
  return meta?.userId === userId ? meta : undefined;
}

/** What the desk looks a participant up by: a typed CPF, a scanned pass, or an id. */
export type DeskLookup = { cpf: string } | { pass: string } | { participantId: number };

/**
 * A scanned pass on the replica: its signature under the key the replica carries, its event, and
 * its version against the participant's (contract `checkPassFor`, as the server judges it). An
 * anonymized participant has left the replica: their pass is not found here.
 */
async function findByPass(
  meta: ReplicaMeta,
  pass: string,
): Promise<OfflineParticipant | { refused: string }> {
  const key = passKeyFromHex(meta.passPublicKey ?? '');
  const claimed = /^BP1\.\d+\.(\d{1,15})\./.exec(pass);
  const found = claimed ? await findById(Number(claimed[1])) : undefined;
  if (!key) return { refused: PASS_PROBLEM_MESSAGES.forged };
  const checked = checkPassFor(pass, key, meta.event.id, (id) =>
    found?.id === id ? { version: found.passVersion, anonymized: false } : null,
  );
  if ('problem' in checked) return { refused: PASS_PROBLEM_MESSAGES[checked.problem] };
  return found!;
}

/**
 * The check on the replica; null when the CPF is not in the event, `refused` with the pass's
 * problem for a pass the desk refuses.
 */
export async function checkOffline(
  meta: ReplicaMeta,
  by: DeskLookup,
): Promise<CheckAnswer | { refused: string } | null> {
  const found =
    'cpf' in by
      ? await findByCpf(by.cpf)
      : 'pass' in by
        ? await findByPass(meta, by.pass)
        : await findById(by.participantId);
  if (!found) return null;
  if ('refused' in found) return found;
  const participant = asParticipantDto(found, meta, 'cpf' in by ? by.cpf : '');
  const event = {
    id: meta.event.id,
    name: meta.event.name,
    linkCourseware: meta.event.linkCourseware,
  };
  return { status: accreditationStatus(participant, event), participant, event };
}

/** Queues the badge's print (the browser prints it) and accredits on the replica at once. */
export async function printBadgeOffline(
  userId: number,
  meta: ReplicaMeta,
  participant: ParticipantDto,
  usualName: string,
): Promise<void> {
  const at = new Date().toISOString();
  await queueAction(
    {
      userId,
      action: {
        kind: 'badge',
        clientId: newClientId(),
        eventId: meta.event.id,
        participantId: participant.id,
        at,
        usualName,
        seenPrints: participant.badgePrintCount,
      },
    },
    {
      usualName,
      badge: true,
      badgePrintCount: participant.badgePrintCount + 1,
      accreditedAt: participant.accreditedAt ?? at,
    },
  );
}

/**
 * Queues a courseware link; the server applies its rules at sync (a booklet linked elsewhere
 * meanwhile is refused and listed). Offline the desk checks what it can: the code's form, and
 * that the participant holds none.
 */
export async function linkOffline(
  userId: number,
  meta: ReplicaMeta,
  participant: ParticipantDto,
  code: string,
): Promise<ParticipantDto> {
  const parsed = parseCoursewareCode(code);
  if (!parsed) throw new Error(COURSEWARE_CODE_MESSAGE);
  if (participant.coursewareId) throw new Error(ALREADY_HOLDS_COURSEWARE_MESSAGE);
  const serial =
    'series' in parsed
      ? coursewareDisplaySerial(
          parsed.series.courseSerial,
          parsed.series.centerSerial,
          parsed.series.serial,
        )
      : null;
  const change = { coursewareId: code.trim(), coursewareSerial: serial };
  await queueAction(
    {
      userId,
      action: {
        kind: 'link',
        clientId: newClientId(),
        eventId: meta.event.id,
        participantId: participant.id,
        at: new Date().toISOString(),
        coursewareId: code.trim(),
      },
    },
    change,
  );
  return { ...participant, ...change };
}
