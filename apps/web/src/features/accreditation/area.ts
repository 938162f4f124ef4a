/** The accreditation area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
import { accreditationSlice } from './slice';
import { accreditationSaga, loadReplicaEvent, loadSyncIssues } from './sagas';

registerArea({
  name: 'accreditation',
  slices: [accreditationSlice],
  sagas: [accreditationSaga],
  pageLoaders: {
    SUBSCRIPTION: [loadEvents, loadReplicaEvent, loadSyncIssues],
    PARTICIPANTS_LIMITED: [loadEvents],
  },
});
