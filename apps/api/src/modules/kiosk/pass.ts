import type { Kysely } from 'kysely';
import { KIOSK_NOT_FOUND_MESSAGE, PASS_PROBLEM_MESSAGES } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict, notFound } from '../../http/api-error.ts';
import { checkPass } from '../passes/index.ts';

/**
 * The participant a scanned pass names at this event, or the pass's problem (checkPass, the one
 * judgement of desks and kiosks): another event's, forged, reissued or cancelled as a 409 with the
 * pass's own message; a participant the event does not know as the kiosk's 404.
 */
export async function participantFromPass(
  db: Kysely<Database>,
  eventId: number,
  text: string,
): Promise<number> {
  const checked = await checkPass(db, eventId, text);
  if ('participantId' in checked) return checked.participantId;
  if (checked.problem === 'not_found') throw notFound(KIOSK_NOT_FOUND_MESSAGE);
  throw conflict(PASS_PROBLEM_MESSAGES[checked.problem]);
}
