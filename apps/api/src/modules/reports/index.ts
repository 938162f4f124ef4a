/** What other modules use of reports: they import it from here, never from its files (lint). */
export { foldSales, renameBuyer } from './summary.ts';
