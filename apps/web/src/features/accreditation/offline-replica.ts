import type * as ReplicaDatabaseModule from './replica-database';

/**
 * What the accreditation desk keeps in the browser (IndexedDB) to work without the server
 * (docs/offline-desk.md): one event's participants as the desk shows them, the event, its centers
 * and badge layout, and the actions done offline, in order, until the server has them.
 *
 * Dexie and the CPF's key derivation (replica-database.ts) are their own chunk, fetched on the first
 * call here: the desk's page shows without them (the first sync runs once the browser is idle).
 */

export type { QueuedAction, ReplicaMeta } from './replica-rows';

type ReplicaDatabase = typeof ReplicaDatabaseModule;
type Operation = {
  [Name in keyof ReplicaDatabase]: ReplicaDatabase[Name] extends (
    ...args: never[]
  ) => Promise<unknown>
    ? Name
    : never;
}[keyof ReplicaDatabase];

/**
 * `name` of replica-database.ts (documented there), with its own type: it loads that module on
 * the first call. Every operation returns a promise, so waiting for the module first changes
 * nothing for its callers.
 */
function lazily<Name extends Operation>(name: Name): ReplicaDatabase[Name] {
  const run = async (...args: unknown[]) => {
    const operation = (await import('./replica-database'))[name] as (...args: unknown[]) => unknown;
    return operation(...args);
  };
  return run as ReplicaDatabase[Name];
}

export const readMeta = lazily('readMeta');
export const storeReplicaPage = lazily('storeReplicaPage');
export const participantCount = lazily('participantCount');
export const findByCpf = lazily('findByCpf');
export const findById = lazily('findById');
export const queueAction = lazily('queueAction');
export const queueSize = lazily('queueSize');
export const queuedActions = lazily('queuedActions');
export const forgetSent = lazily('forgetSent');
export const clearReplica = lazily('clearReplica');
