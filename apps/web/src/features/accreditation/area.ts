/** The accreditation area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
import type { WithSlice } from '@reduxjs/toolkit';
import type { sessionSlice } from '../../app/session/slice';
import { accreditationSlice } from './slice';
import { accreditationSaga, loadReplicaEvent, loadSyncIssues } from './sagas';

/** A guest on the desk's screen, or a check, print or link under way: a reload would lose it. */
const deskBusy = (
  state: WithSlice<typeof accreditationSlice> & WithSlice<typeof sessionSlice>,
): boolean => {
  const desk = state.accreditation;
  if (state.session.adminPage !== 'SUBSCRIPTION' || !desk) return false;
  return (
    desk.participant !== null || desk.cpf !== '' || desk.checking || desk.printing || desk.linking
  );
};

registerArea({
  name: 'accreditation',
  slices: [accreditationSlice],
  sagas: [accreditationSaga],
  pageLoaders: {
    SUBSCRIPTION: [loadEvents, loadReplicaEvent, loadSyncIssues],
    PARTICIPANTS_LIMITED: [loadEvents],
  },
  busy: deskBusy,
});
