import { signedInSession } from '../../testing/fixtures';
import {
  SESSION_STORAGE_KEY,
  loadSession,
  parsePersistedSession,
  sessionFromStorage,
  toPersisted,
} from './persistence';
import { makeStore } from '../store';
import { cameraSelected } from './slice';

describe('session persistence', () => {
  it('saves the session as JSON under one key', () => {
    const store = makeStore({ session: signedInSession({ adminPage: 'USERS' }) });
    store.dispatch(cameraSelected('cam-9'));
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    expect(Object.keys(saved).sort()).toEqual(
      ['adminPage', 'cameraId', 'landPage', 'lastPages', 'token', 'user'].sort(),
    );
    expect(saved).toMatchObject({ cameraId: 'cam-9', adminPage: 'USERS', landPage: 'ADMIN' });
    expect(Object.keys(localStorage)).toEqual([SESSION_STORAGE_KEY]);
  });

  it('marks a complete stored session for revalidation', () => {
    const session = signedInSession({ adminPage: 'EVENTS' });
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(toPersisted(session)));
    expect(loadSession()).toMatchObject({
      restoring: true,
      adminPage: 'EVENTS',
      landPage: 'ADMIN',
    });
  });

  it('drops an incomplete session but keeps the camera and last pages', () => {
    const session = {
      ...signedInSession({ adminPage: null }),
      cameraId: 'cam',
      lastPages: { admin: 'USERS' as const },
    };
    expect(
      sessionFromStorage(parsePersistedSession(JSON.stringify(toPersisted(session)))),
    ).toMatchObject({
      user: null,
      token: null,
      landPage: 'LOGIN',
      restoring: false,
      cameraId: 'cam',
      lastPages: { admin: 'USERS' },
    });
  });

  it('ignores malformed JSON, unknown pages and an empty username', () => {
    expect(parsePersistedSession('{nope')).toBeNull();
    const parsed = parsePersistedSession(
      JSON.stringify({
        user: { id: 1, username: '', permissions: [] },
        adminPage: 'NOPE',
        landPage: 'X',
      }),
    );
    expect(parsed).toMatchObject({ user: null, adminPage: null, landPage: 'LOGIN' });
  });
});
