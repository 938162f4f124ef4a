import { combineSlices, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../store/app-actions';
import { configSlice } from './config/slice';
import { connectionSlice } from './connection/slice';
import { updatesSlice } from './updates/slice';
import { errorsSlice } from './errors/slice';
import { eventsSlice } from './events/slice';
import { navigationSlice } from './navigation/slice';
import { printingSlice } from './printing/slice';
import { sessionSlice } from './session/slice';
import { setupSlice } from './setup/slice';
import { lookupsSlice } from './lookups/slice';
import { tablesSlice } from './tables/slice';
/**
 * The shell's slices (session, configuration, navigation, the selected event, errors, the
 * lookups of the top bar, printing, first-run setup, the connection, updates) load with the app; every other area's slices
 * are injected by its `area.ts` (app/areas.ts) when its page chunk first loads. The core names
 * no feature, not even its state's type: a feature's selectors type the state they read
 * (`WithSlice<typeof slice>`).
 */
export const rootReducer = combineSlices(
  sessionSlice,
  configSlice,
  navigationSlice,
  eventsSlice,
  errorsSlice,
  tablesSlice,
  lookupsSlice,
  printingSlice,
  setupSlice,
  connectionSlice,
  updatesSlice,
);

/** The state of the slices that load with the app; the areas' slices join it at runtime. */
export type RootState = ReturnType<typeof rootReducer>;

/**
 * What a session's end keeps: the session (it shows the login), the configuration, the errors and
 * a waiting update.
 */
const KEPT_AT_SESSION_END = ['session', 'config', 'errors', 'updates'] as const;

/**
 * The store's reducer: at logout or a failed token refresh (`sessionEnded`) every other slice,
 * loaded with the app or injected later, starts again from its initial state, so nothing one
 * user saw is shown to the next.
 */
export const appReducer: Reducer<RootState, UnknownAction, Partial<RootState>> = (
  state,
  action,
) => {
  if (state && sessionEnded.match(action)) {
    const kept = Object.fromEntries(KEPT_AT_SESSION_END.map((key) => [key, state[key]]));
    return rootReducer(kept as Partial<RootState>, action) as RootState;
  }
  return rootReducer(state, action) as RootState;
};
