/** What other modules use of layouts: they import it from here, never from its files (lint). */
export { eventLayout } from './service.ts';
