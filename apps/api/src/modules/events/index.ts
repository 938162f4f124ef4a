/** What other modules use of events: they import it from here, never from its files (lint). */
export { toEventDto } from './event-dto.ts';
export { selectedEventId } from './service.ts';
