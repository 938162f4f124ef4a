import Dexie, { type EntityTable } from 'dexie';
import { REPLICA_DATABASE } from '../../app/session/replica-wipe';
import {
  offlineLookupKey,
  type OfflineParticipant,
  type OfflineReplicaDto,
} from '@balcao/contract';
import type { QueuedAction, ReplicaMeta } from './replica-rows';

/**
 * The replica and the queue in IndexedDB (Dexie), and the CPF's lookup key: used through
 * offline-replica.ts, which loads this module (its own chunk) on the first use, after the desk
 * has shown.
 */

class DeskReplica extends Dexie {
  participants!: EntityTable<OfflineParticipant, 'id'>;
  meta!: EntityTable<ReplicaMeta, 'key'>;

  constructor() {
    super(REPLICA_DATABASE);
    this.version(1).stores({ participants: 'id, lookupKey', meta: 'key' });
    // Version 2 (issue #41): keys are scrypt, not HMAC, and no CPF is kept, not even masked. A
    // replica of version 1 (masked CPFs next to keys that confirmed them) is erased on opening;
    // the next sync reads the event again.
    this.version(2)
      .stores({ participants: 'id, lookupKey', meta: 'key' })
      .upgrade(async (tx) => {
        await tx.table('participants').clear();
        await tx.table('meta').clear();
      });
    // Version 3 (issue #43): participants carry their pass version and the meta the passes' key;
    // a replica without them is read again whole at the next sync.
    this.version(3)
      .stores({ participants: 'id, lookupKey', meta: 'key' })
      .upgrade(async (tx) => {
        await tx.table('participants').clear();
        await tx.table('meta').clear();
      });
  }
}

/** The queue has its own database: it outlives the replica's wipe at sign-out. */
class DeskQueue extends Dexie {
  queue!: EntityTable<QueuedAction, 'seq'>;

  constructor() {
    super('balcao-desk-queue');
    this.version(1).stores({ queue: '++seq, userId' });
  }
}

let openedReplica: DeskReplica | null = null;
let openedQueue: DeskQueue | null = null;
const replica = (): DeskReplica => (openedReplica ??= new DeskReplica());
const queue = (): DeskQueue => (openedQueue ??= new DeskQueue());

export const readMeta = (): Promise<ReplicaMeta | undefined> => replica().meta.get('replica');

/** Stores one answer of GET /api/offline/replica; `first` of a whole-event read replaces all. */
export async function storeReplicaPage(
  page: OfflineReplicaDto,
  meta: Omit<ReplicaMeta, 'key'>,
  first: boolean,
): Promise<void> {
  const db = replica();
  await db.transaction('rw', db.participants, db.meta, async () => {
    if (page.full && first) await db.participants.clear();
    await db.participants.bulkPut(page.participants);
    if (page.removed.length > 0) await db.participants.bulkDelete(page.removed);
    await db.meta.put({ key: 'replica', ...meta });
  });
}

export const participantCount = (): Promise<number> => replica().participants.count();

/**
 * The participant with this CPF (11 digits), looked up by its key, never by the CPF itself. The
 * key is scrypt (about 0.1 s here, docs/offline-desk.md): one per CPF typed.
 */
export async function findByCpf(cpf: string): Promise<OfflineParticipant | undefined> {
  const meta = await readMeta();
  if (!meta) return undefined;
  const key = await offlineLookupKey(meta.lookupSalt, cpf);
  return replica().participants.where('lookupKey').equals(key).first();
}

export const findById = (id: number): Promise<OfflineParticipant | undefined> =>
  replica().participants.get(id);

/** Queues an action (first: it is what must not be lost), then shows its effect on the replica. */
export async function queueAction(
  queued: QueuedAction,
  change: Partial<OfflineParticipant>,
): Promise<void> {
  await queue().queue.add(queued);
  await replica().participants.update(queued.action.participantId, change);
}

export const queueSize = (userId: number): Promise<number> =>
  queue().queue.where('userId').equals(userId).count();

/** The user's oldest `limit` queued actions, in the order done (an index lists equal keys by seq). */
export const queuedActions = (userId: number, limit: number): Promise<QueuedAction[]> =>
  queue().queue.where('userId').equals(userId).limit(limit).toArray();

/** Forgets actions the server has answered (applied, merged, refused or dropped). */
export const forgetSent = (seqs: number[]): Promise<void> => queue().queue.bulkDelete(seqs);

/** Another user or another event: the participants and the event leave the browser. */
export async function clearReplica(): Promise<void> {
  const db = replica();
  await db.transaction('rw', db.participants, db.meta, async () => {
    await Promise.all([db.participants.clear(), db.meta.clear()]);
  });
}
