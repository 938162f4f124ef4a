import Dexie, { type EntityTable } from 'dexie';
import { REPLICA_DATABASE } from '../../app/session/replica-wipe';
import {
  offlineLookupKey,
  type LayoutDto,
  type OfflineAction,
  type OfflineCenter,
  type OfflineParticipant,
  type OfflineReplicaDto,
} from '@balcao/contract';

/**
 * What the accreditation desk keeps in the browser (IndexedDB) to work without the server
 * (docs/offline-desk.md): one event's participants as the desk shows them, the event, its centers
 * and badge layout, and the actions done offline, in order, until the server has them.
 */

/** The replica's one description row. */
export interface ReplicaMeta {
  key: 'replica';
  /** Whose replica it is: another user signing in on this browser starts over. */
  userId: number;
  event: OfflineReplicaDto['event'];
  lookupSecret: string;
  centers: OfflineCenter[];
  cursor: string;
  /** When the server read the data the desk holds: 'Dados de 14:32'. */
  readAt: string;
  /** The event's badge layout with its images, for printing in the browser. */
  badgeLayout: LayoutDto | null;
  layoutReadAt: string | null;
}

/**
 * An action waiting for the server, in the order done (`seq`). Sign-out keeps it (it holds ids, a
 * badge name and a time, no CPF): it is sent when the same user signs in again on this browser.
 */
export interface QueuedAction {
  seq?: number;
  userId: number;
  action: OfflineAction & { seenPrints?: number };
}

class DeskReplica extends Dexie {
  participants!: EntityTable<OfflineParticipant, 'id'>;
  meta!: EntityTable<ReplicaMeta, 'key'>;

  constructor() {
    super(REPLICA_DATABASE);
    this.version(1).stores({ participants: 'id, lookupKey', meta: 'key' });
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

/** The participant with this CPF (11 digits), looked up by its key, never by the CPF itself. */
export async function findByCpf(cpf: string): Promise<OfflineParticipant | undefined> {
  const meta = await readMeta();
  if (!meta) return undefined;
  const key = offlineLookupKey(meta.lookupSecret, cpf);
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
