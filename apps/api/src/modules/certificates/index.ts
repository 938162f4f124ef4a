/** What other modules use of certificates: they import it from here, never from its files (lint). */
export { revokeCertificatesOf } from './erase.ts';
