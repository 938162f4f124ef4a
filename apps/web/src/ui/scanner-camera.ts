import { createContext } from 'react';

/**
 * The camera chosen on 'Webcam' for this device (the session's), or null for the back one. Its own
 * module, so the shell that provides it does not load the scanner library with the login page.
 */
export const ScannerCameraContext = createContext<string | null>(null);
