/** What other modules use of products: they import it from here, never from its files (lint). */
export { STOCK_MAX, STOCK_REASONS, moveOrderStock, moveStock, recordMovement } from './stock.ts';
