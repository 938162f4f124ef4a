import { ed25519 } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { EmailBatchDto } from './emails.ts';
import type { ParticipantStatus } from './participants.ts';

/**
 * A participant's pass (issue #43): the QR a participant carries to the desk or a kiosk. Its text
 * names the event, the participant and the pass's version, and the server's Ed25519 signature
 * over them: a desk or kiosk holding the public key checks it offline, nobody without the private
 * key can make one, and a photographed pass shows no CPF and no name. Reissuing a pass raises
 * the version, so the old text no longer matches the participant's current version.
 *
 * The text is `BP1.<event>.<participant>.<version>.<signature>`, the signature in base32 (RFC 4648,
 * upper case, no padding): only characters of the QR's alphanumeric mode, which a keyboard-wedge
 * scanner types alike under a US or an ABNT2 layout (no '/', ';', '-' or '_').
 */
export const PASS_PREFIX = 'BP1';

export interface PassClaims {
  eventId: number;
  participantId: number;
  version: number;
}

/** What the signature covers: the text up to the signature, without its last dot. */
export function passPayload({ eventId, participantId, version }: PassClaims): string {
  return `${PASS_PREFIX}.${eventId}.${participantId}.${version}`;
}

/** The pass's text from its claims and the signature of `passPayload(claims)`. */
export function encodePass(claims: PassClaims, signature: Uint8Array): string {
  return `${passPayload(claims)}.${base32(signature)}`;
}

/** Signs a pass with the 32-byte Ed25519 private key (the server's sealed key). */
export function signPass(claims: PassClaims, privateKey: Uint8Array): string {
  return encodePass(claims, ed25519.sign(utf8ToBytes(passPayload(claims)), privateKey));
}

/** The 32-byte public key of a private key. */
export function passPublicKey(privateKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(privateKey);
}

/** A new 32-byte private key. */
export function newPassPrivateKey(): Uint8Array {
  return ed25519.utils.randomSecretKey();
}

/** The longest pass text: 'BP1.', three ids and a version of at most 15, 15 and 9 digits, the signature. */
export const PASS_MAX_LENGTH = 149;

/**
 * A pass as typed so far, upper case ('B', 'BP', 'BP1' of a scanner's first keys included), or
 * null for anything else: a CPF field that accepts passes keeps this text as typed.
 */
export function passBeingTyped(text: string): string | null {
  const upper = text.trim().toUpperCase();
  if (upper === '') return null;
  return `${PASS_PREFIX}.`.startsWith(upper) || upper.startsWith(`${PASS_PREFIX}.`) ? upper : null;
}

const PASS_PATTERN = /^BP1\.([1-9]\d{0,14})\.([1-9]\d{0,14})\.([1-9]\d{0,8})\.([A-Z2-7]{103})$/;

/** Whether a scanned or typed text is meant as a pass (so a desk does not read it as a CPF). */
export function looksLikePass(text: string): boolean {
  return text.trim().toUpperCase().startsWith(`${PASS_PREFIX}.`);
}

/**
 * The claims of a pass whose signature the public key verifies, or null for anything else (a
 * malformed text, a forged or altered one). Whether its version is still the participant's, and
 * its event the desk's, is the caller's question.
 */
export function verifyPass(text: string, publicKey: Uint8Array): PassClaims | null {
  const match = PASS_PATTERN.exec(text.trim().toUpperCase());
  if (!match) return null;
  const claims: PassClaims = {
    eventId: Number(match[1]),
    participantId: Number(match[2]),
    version: Number(match[3]),
  };
  const signature = unbase32(match[4]!);
  if (!signature || signature.length !== 64) return null;
  try {
    // zip215 off: RFC 8032's strict check, which refuses non-canonical signatures.
    const message = utf8ToBytes(passPayload(claims));
    return ed25519.verify(signature, message, publicKey, { zip215: false }) ? claims : null;
  } catch {
    return null;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  // The last character's unused bits must be zero: one pass, one spelling.
  return buffer === 0 ? Uint8Array.from(out) : null;
}

/** Why a scanned pass is refused; every desk and kiosk shows `PASS_PROBLEM_MESSAGES[problem]`. */
export const PASS_PROBLEMS = [
  'forged',
  'reissued',
  'other_event',
  'anonymized',
  'not_found',
] as const;
export type PassProblem = (typeof PASS_PROBLEMS)[number];

export const PASS_PROBLEM_MESSAGES: Record<PassProblem, string> = {
  forged: 'Ingresso inválido.',
  reissued: 'Este ingresso foi substituído por um novo. Use o último ingresso recebido.',
  other_event: 'Este ingresso é de outro evento.',
  anonymized: 'Este ingresso foi cancelado.',
  not_found: 'Participante do ingresso não encontrado neste evento.',
};

/** What a desk knows of a participant to judge their pass: the current version, and erasure. */
export interface PassHolder {
  version: number;
  anonymized: boolean;
}

export type PassCheck = { participantId: number } | { problem: PassProblem };

/**
 * The one judgement of a scanned pass, the server's and an offline desk's or kiosk's alike: its
 * signature under the installation's public key (forged otherwise), its event the desk's, its
 * participant known (`current` answers null for anyone the desk does not know), not anonymized,
 * and its version the participant's current one (an older one was reissued; a newer one than the
 * server ever issued cannot be genuine).
 */
export function checkPassFor(
  text: string,
  publicKey: Uint8Array,
  eventId: number,
  current: (participantId: number) => PassHolder | null,
): PassCheck {
  const claims = verifyPass(text, publicKey);
  if (!claims) return { problem: 'forged' };
  if (claims.eventId !== eventId) return { problem: 'other_event' };
  const holder = current(claims.participantId);
  if (!holder) return { problem: 'not_found' };
  if (holder.anonymized) return { problem: 'anonymized' };
  if (claims.version < holder.version) return { problem: 'reissued' };
  if (claims.version > holder.version) return { problem: 'forged' };
  return { participantId: claims.participantId };
}

/** The public key as it travels (the offline replica, GET answers): 64 hex digits. */
export function passKeyToHex(key: Uint8Array): string {
  return Array.from(key, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A hex public key back to bytes; null if it is not 32 bytes of hex. */
export function passKeyFromHex(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

/**
 * Who is not 'em dia' for a pass: a pending payment (the desk's 'Participante com pendências').
 * Every other situação (OK, FREE, BONUS, MONITOR, STAFF, SUPPLIER) gets their pass; these only
 * when the admin ticks 'Enviar também a quem não está em dia'.
 */
export const PASS_UNPAID_STATUSES: readonly ParticipantStatus[] = ['PAYMENT_ERROR'];

/** POST /api/passes/envios: who gets their pass by e-mail. */
export interface PassSendingRequest {
  eventId: number;
  /** The participants chosen; absent for everyone of the event with an e-mail. */
  participantIds?: number[];
  /** 'Enviar também a quem não está em dia'. */
  includeUnpaid?: boolean;
}

/** The sending as 'Enviar e-mails' shows one, and who was left out. */
export interface PassSendingDto extends EmailBatchDto {
  /** Chosen but without a valid e-mail address. */
  withoutEmail: number;
  /** Left out for not being 'em dia' (`PASS_UNPAID_STATUSES`). */
  unpaid: number;
}

export const PASS_SENDING_MAX = 10_000;
