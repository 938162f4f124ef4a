/**
 * The rows the offline desk's replica keeps (IndexedDB): their types, below both the replica's
 * calls (offline-replica.ts) and its database (replica-database.ts), which store them.
 */
import type { LayoutDto, OfflineAction, OfflineCenter, OfflineReplicaDto } from '@balcao/contract';

/** The replica's one description row. */
export interface ReplicaMeta {
  key: 'replica';
  /** Whose replica it is: another user signing in on this browser starts over. */
  userId: number;
  event: OfflineReplicaDto['event'];
  /** The event's salt of the CPF lookup keys (`offlineLookupKey`). */
  lookupSalt: string;
  /** Hex Ed25519 key of the passes (`checkPassFor`). */
  passPublicKey: string;
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
