import Dexie from 'dexie';
import { offlineLookupKey, withCheckDigits } from '@balcao/contract';
import { REPLICA_DATABASE } from '../../app/session/replica-wipe';
import { findByCpf, participantCount, readMeta, storeReplicaPage } from './replica-database';

const SALT = 'cd'.repeat(32);

describe('the replica in IndexedDB', () => {
  it('erases a replica of the old format (masked CPFs next to HMAC keys) on opening', async () => {
    // What a desk of the previous version left on its disk.
    const old = new Dexie(REPLICA_DATABASE);
    old.version(1).stores({ participants: 'id, lookupKey', meta: 'key' });
    await old.table('participants').put({
      id: 1,
      lookupKey: '0'.repeat(32),
      cpf: '***.456.789-**',
      name: 'Ana Lima',
    });
    await old.table('meta').put({ key: 'replica', userId: 1, lookupSecret: 'ab'.repeat(32) });
    old.close();

    expect(await readMeta()).toBeUndefined();
    expect(await participantCount()).toBe(0);
  });

  it('finds a participant by the scrypt key of the CPF typed', async () => {
    const cpf = withCheckDigits('123456789');
    const participant = {
      id: 7,
      lookupKey: await offlineLookupKey(SALT, cpf),
      name: 'Bia Souza',
      usualName: null,
      centerId: null,
      status: 'OK' as const,
      badge: false,
      badgePrintCount: 0,
      coursewareId: null,
      coursewareSerial: null,
      accreditedAt: null,
      passVersion: 1,
    };
    await storeReplicaPage(
      {
        event: { id: 1, name: 'Evento', linkCourseware: false, printEnabled: true },
        lookupSalt: SALT,
        passPublicKey: '0'.repeat(64),
        full: true,
        nextAfterId: null,
        participants: [participant],
        removed: [],
        centers: [],
        total: 1,
        cursor: '2026-11-27T14:30:00.000Z',
        readAt: '2026-11-27T14:32:00.000Z',
      },
      {
        userId: 1,
        event: { id: 1, name: 'Evento', linkCourseware: false, printEnabled: true },
        lookupSalt: SALT,
        passPublicKey: '0'.repeat(64),
        centers: [],
        cursor: '2026-11-27T14:30:00.000Z',
        readAt: '2026-11-27T14:32:00.000Z',
        badgeLayout: null,
        layoutReadAt: null,
      },
      true,
    );
    expect(await findByCpf(cpf)).toEqual(participant);
    expect(await findByCpf(withCheckDigits('123456780'))).toBeUndefined();
  });
});
