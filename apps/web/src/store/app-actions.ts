import { createAction } from '@reduxjs/toolkit';

/** Dispatched once by main.tsx: loads the configuration, then revalidates a stored session. */
export const appStarted = createAction('app/started');
