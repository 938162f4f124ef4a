/** What other modules use of events: they import it from here, never from its files (lint). */
export { toEventDto } from './event-dto.ts';
export { EVENT_NOT_FOUND, requireEvent } from './require-event.ts';
export { selectedEventId } from './service.ts';
