/** What other modules use of the cash drawer: they import it from here, never from its files (lint). */
export { openDrawerQuery } from './service.ts';
