import { scryptAsync } from '@noble/hashes/scrypt.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ParticipantStatus } from './participants.ts';

/**
 * The offline desk (issue #26, docs/offline-desk.md): what the accreditation desk keeps of the
 * selected event in the browser, and the actions it queues while the server is out of reach.
 */

/**
 * The replica's CPF lookup key: scrypt (memory-hard) of the 11 digits, salted with the event's own
 * salt. The replica holds no CPF, whole or masked: only this key. There are 10⁹ valid CPFs, so
 * whoever holds a desk's disk and wants them back must run scrypt up to 10⁹ times; at these
 * parameters (16 MiB, about 30 ms natively and 0.1–0.5 s in a browser per key) that is weeks on
 * a laptop's CPU and about a day on a top GPU (docs/offline-desk.md has the figures). A desk pays one key per
 * CPF typed; the server computes each participant's once, off its event loop, and keeps it.
 */
export const OFFLINE_KEY_KDF = { N: 2 ** 14, r: 8, p: 1, dkLen: 16 } as const;

/** Hex digits of a lookup key: 128 bits, no collision among an event's CPFs. */
export const OFFLINE_LOOKUP_KEY_LENGTH = OFFLINE_KEY_KDF.dkLen * 2;

/** `OFFLINE_KEY_KDF` of a CPF's 11 digits under the event's salt (hex), as hex. */
export async function offlineLookupKey(saltHex: string, cpfDigits: string): Promise<string> {
  const key = await scryptAsync(utf8ToBytes(cpfDigits), hexToBytes(saltHex), OFFLINE_KEY_KDF);
  return bytesToHex(key);
}

/**
 * Participants per replica answer. A bigger read comes in pages: the desk asks again with
 * `afterId` = `nextAfterId` until it is null, and keeps the first page's cursor. 500 keeps a page
 * under ~40 ms of the server's event loop (bench/README.md, 'offline-replica').
 */
export const OFFLINE_REPLICA_PAGE = 500;

/**
 * A participant as the desk needs them offline: no CPF (not even masked: six digits next to the
 * key would leave 1,000 candidates to try), e-mail, phone, package or business.
 */
export interface OfflineParticipant {
  id: number;
  /** `offlineLookupKey` of the CPF. */
  lookupKey: string;
  name: string;
  usualName: string | null;
  centerId: number | null;
  status: ParticipantStatus;
  badge: boolean;
  badgePrintCount: number;
  coursewareId: string | null;
  coursewareSerial: string | null;
  accreditedAt: string | null;
  /** The version of the participant's current pass: an older scanned pass was reissued. */
  passVersion: number;
}

export interface OfflineCenter {
  id: number;
  name: string;
  city: string | null;
  color: string | null;
}

/** GET /api/offline/replica: the whole event (no `since`) or what changed since a cursor. */
export interface OfflineReplicaDto {
  event: {
    id: number;
    name: string;
    linkCourseware: boolean;
    printEnabled: boolean;
  };
  /** Hex salt of `offlineLookupKey`, the event's own. */
  lookupSalt: string;
  /** Hex Ed25519 key the desk checks scanned passes with (passes.ts `checkPassFor`). */
  passPublicKey: string;
  /** True when this is the whole event (no `since`): the desk replaces what it holds. */
  full: boolean;
  /** More pages follow: ask again with this as `afterId`; null on the last page. */
  nextAfterId: number | null;
  participants: OfflineParticipant[];
  /** Ids removed or anonymized since the cursor: the desk forgets them (deletions on page one). */
  removed: number[];
  centers: OfflineCenter[];
  /** How many participants the event has now: a desk holding another count asks the whole again. */
  total: number;
  /** Send back as `since` for the next changes; of a paged read, the first page's. */
  cursor: string;
  /** When the server read it (ISO instant): what the desk shows as 'Dados de 14:32'. */
  readAt: string;
}

/** Kinds of actions the desk queues offline. */
export const OFFLINE_ACTION_KINDS = ['badge', 'link'] as const;
export type OfflineActionKind = (typeof OFFLINE_ACTION_KINDS)[number];

interface QueuedAction {
  /** A UUID made by the desk: sending it twice applies it once. */
  clientId: string;
  eventId: number;
  participantId: number;
  /** When the clerk did it (ISO instant): the check-in keeps this time. */
  at: string;
}

/** The badge was printed by the browser: accredit and count the print. */
export interface OfflineBadgeAction extends QueuedAction {
  kind: 'badge';
  usualName: string;
}

/** A courseware was handed over: the code as scanned or typed (UUID or series). */
export interface OfflineLinkAction extends QueuedAction {
  kind: 'link';
  coursewareId: string;
}

export type OfflineAction = OfflineBadgeAction | OfflineLinkAction;

/**
 * What became of a queued action:
 * - `applied`: done as it would have been online;
 * - `merged`: applied onto what another desk did meanwhile (a second accreditation of the same
 *   person: one accreditation, both prints counted); listed for the record;
 * - `refused`: the server's rules refused it (the courseware was linked elsewhere): listed for the
 *   desk to fix;
 * - `dropped`: the participant was removed or anonymized: nothing to apply, listed.
 */
export const OFFLINE_OUTCOMES = ['applied', 'merged', 'refused', 'dropped'] as const;
export type OfflineOutcome = (typeof OFFLINE_OUTCOMES)[number];

export interface OfflineActionResult {
  clientId: string;
  outcome: OfflineOutcome;
  /** Why it was merged, refused or dropped (pt-BR); null when applied. */
  message: string | null;
}

/** An action that did not simply apply, as 'Pendências da sincronização' lists it. */
export interface OfflineIssueDto extends OfflineActionResult {
  kind: OfflineActionKind;
  participantId: number | null;
  participantName: string | null;
  at: string;
  desk: string;
  syncedAt: string;
}

/** At most this many actions per POST /api/offline/actions; the desk sends its queue in chunks. */
export const OFFLINE_ACTIONS_MAX = 200;

/** The outcome of a badge print when the person was already accredited by another desk. */
export const OFFLINE_MERGED_BADGE_MESSAGE =
  'Já credenciado por outra mesa: um credenciamento, impressões somadas.';
export const OFFLINE_DROPPED_MESSAGE =
  'O participante foi removido ou anonimizado enquanto a mesa estava sem conexão.';
