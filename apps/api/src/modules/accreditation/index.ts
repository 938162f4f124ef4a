/** What other modules use of accreditation: they import it from here, never from its files (lint). */
export {
  badgeName,
  checkParticipant,
  checkParticipantById,
  printBadge,
  deskParticipant,
  linkInTransaction,
  recordBadgePrint,
  requireBadgeAllowed,
} from './service.ts';
export type { DeskParticipant } from './service.ts';
