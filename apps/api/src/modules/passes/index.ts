/** What other modules use of passes: they import it from here, never from its files (lint). */
export { passPublicKeyFor } from './keys.ts';
export { checkPass, issuePass } from './service.ts';
