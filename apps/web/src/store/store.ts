import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootReducer } from './root-reducer';
import { rootSaga } from './root-saga';
import { saveSession } from './persistence';

export type RootState = ReturnType<typeof rootReducer>;

/** Builds the store, starts the root saga and keeps the session saved in localStorage. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);

  let saved = store.getState().session;
  store.subscribe(() => {
    const session = store.getState().session;
    if (session === saved) return;
    saved = session;
    saveSession(session);
  });
  // Tests and later features run one-off sagas against this store's channel.
  return Object.assign(store, { runSaga: sagaMiddleware.run });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
