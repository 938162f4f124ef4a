/**
 * The offline desk's replica of an event's participants (features/offline, docs/offline-desk.md)
 * leaves the browser with the session: deleted by name, without loading the desk's code, at
 * sign-out and whenever the app starts signed out. The queue of unsent actions is another
 * database and stays.
 */
export const REPLICA_DATABASE = 'balcao-desk-replica';

export function wipeOfflineReplica(): void {
  if (typeof indexedDB === 'undefined') return;
  // An open desk's connection closes on the version change (Dexie's default), so this completes.
  indexedDB.deleteDatabase(REPLICA_DATABASE);
}
