/** What other modules use of users: they import it from here, never from its files (lint). */
export { MIN_PASSWORD_LENGTH } from './service.ts';
