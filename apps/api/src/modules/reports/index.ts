/** What other modules use of reports: they import it from here, never from its files (lint). */
export { recordSale, renameBuyer } from './summary.ts';
