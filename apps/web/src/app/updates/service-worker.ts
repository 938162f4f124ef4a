import { registerSW } from 'virtual:pwa-register';
import type { AppStore } from '../store';
import { applyUpdateBetweenGuests } from './sagas';
import { updateReady } from './slice';

/**
 * Registers the service worker that keeps the app's files for offline use (vite.config.ts). A new
 * version installs in the background; the running app is told and takes it between two guests.
 */
export function keepAppOffline(store: AppStore): void {
  if (!('serviceWorker' in navigator)) return;
  const activate = registerSW({
    onNeedRefresh: () => store.dispatch(updateReady()),
  });
  store.runSaga(applyUpdateBetweenGuests, () => activate(true));
}
