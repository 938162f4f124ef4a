import { makeStore } from './store';
import { lookupLoaded } from './lookups/slice';
import { sessionEnded } from '../store/app-actions';
import { signedInSession } from '../testing/fixtures';
import { cpfChanged } from '../features/accreditation/slice';
import '../features/accreditation/area';

describe('the end of a session', () => {
  it("forgets what the last user loaded and typed, in the shell and in a loaded area's slices", () => {
    const store = makeStore({
      session: signedInSession(),
      config: { appMode: 'FULL_SGE', loaded: true },
    });
    const fresh = store.getState();
    store.dispatch(lookupLoaded({ key: 'events', items: [{ id: 1, name: 'Congresso' }] }));
    store.dispatch(cpfChanged('123.456.789-09'));
    expect(store.getState().lookups.events).toHaveLength(1);
    expect(store.getState().accreditation.cpf).not.toBe(fresh.accreditation.cpf);

    store.dispatch(sessionEnded({ reason: 'logout' }));

    const after = store.getState();
    expect(after.lookups).toEqual(fresh.lookups);
    expect(after.accreditation).toEqual(fresh.accreditation);
    expect(after.session.user).toBeNull();
    expect(after.session.landPage).toBe('LOGIN');
    // The server's configuration is the server's, not the user's: the login page still uses it.
    expect(after.config).toEqual({ appMode: 'FULL_SGE', loaded: true });
  });
});
