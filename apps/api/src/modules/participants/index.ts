/** What other modules use of participants: they import it from here, never from its files (lint). */
export {
  ParticipantDtoSchema,
  participantQuery,
  participantTotals,
  toParticipantDto,
} from './participant-dto.ts';
export type { ParticipantRecord } from './participant-dto.ts';
