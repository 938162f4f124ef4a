import { makeStore } from './store';
import { lookupLoaded } from './lookups/slice';
import { sessionEnded } from '../store/app-actions';
import { signedInSession } from '../testing/fixtures';
import { cpfChanged, selectAccreditation } from '../features/accreditation/slice';
import { selectFrom } from '../testing/render';
import '../features/accreditation/area';

describe('the end of a session', () => {
  it("forgets what the last user loaded and typed, in the shell and in a loaded area's slices", () => {
    const store = makeStore({
      session: signedInSession(),
      config: { appMode: 'FULL_SGE', loaded: true },
    });
    const fresh = store.getState();
    const freshDesk = selectFrom(store, selectAccreditation);
    store.dispatch(lookupLoaded({ key: 'events', items: [{ id: 1, name: 'Congresso' }] }));
    store.dispatch(cpfChanged('123.456.789-09'));
    expect(store.getState().lookups.events).toHaveLength(1);
    expect(selectFrom(store, selectAccreditation).cpf).not.toBe(freshDesk.cpf);

    store.dispatch(sessionEnded({ reason: 'logout' }));

    const after = store.getState();
    expect(after.lookups).toEqual(fresh.lookups);
    expect(selectFrom(store, selectAccreditation)).toEqual(freshDesk);
    expect(after.session.user).toBeNull();
    expect(after.session.landPage).toBe('LOGIN');
    // The server's configuration is the server's, not the user's: the login page still uses it.
    expect(after.config).toEqual({ appMode: 'FULL_SGE', loaded: true });
  });
});
