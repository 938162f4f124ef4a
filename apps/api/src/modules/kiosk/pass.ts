import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { conflict } from '../../http/api-error.ts';

/**
 * The participant a scanned pass names at this event, or the pass's problem as a 409 (another
 * event's, forged, reissued). The pass module (issue #43, branch h-pass) verifies it.
 */
export async function participantFromPass(
  _db: Kysely<Database>,
  _eventId: number,
  _text: string,
): Promise<number> {
  throw conflict('Este quiosque ainda não lê ingressos: digite seu CPF.');
}
