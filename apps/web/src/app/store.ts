import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { attachAreas } from './areas';
import { appReducer, type RootState } from './root-reducer';
import { rootSaga } from './root-saga';
import { saveSession } from './session/persistence';
import { newerSharedToken, savedSessionText } from './session/shared-token';

export type { RootState } from './root-reducer';

/**
 * A test's starting state: the core's slices typed, an area's slices (injected when its `area.ts`
 * loads) by their reducer path.
 */
export type PreloadedState = Partial<RootState> & Record<string, unknown>;

/**
 * Builds the store, starts the root saga and the sagas of the areas already loaded
 * (app/areas.ts), and keeps the session saved in localStorage.
 */
export function makeStore(preloadedState?: PreloadedState) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: appReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(sagaMiddleware),
  });
  const root = sagaMiddleware.run(rootSaga);
  attachAreas({ dispatch: store.dispatch, runSaga: (saga) => sagaMiddleware.run(saga) });

  let saved = store.getState().session;
  const unsubscribe = store.subscribe(() => {
    const session = store.getState().session;
    if (session === saved) return;
    saved = session;
    // Never over a newer token another tab saved: this tab renews from it (shared-token.ts).
    const newer = newerSharedToken(savedSessionText(), session.user, session.token);
    saveSession(newer ? { ...session, token: newer } : session);
  });
  // Tests and later features run one-off sagas against this store's channel. `stop` ends the
  // core's sagas and the saving: a test's store must not act, like another tab, in the next test.
  const stop = () => {
    root.cancel();
    unsubscribe();
  };
  return Object.assign(store, { runSaga: sagaMiddleware.run, stop });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
