/** The accreditation area: loaded with its pages' chunk, which import this module (store/areas.ts). */
import { registerArea } from '../../store/areas';
import { loadEvents } from '../tables/sagas';
import { accreditationSlice } from './slice';
import { accreditationSaga } from './sagas';

registerArea({
  name: 'accreditation',
  slices: [accreditationSlice],
  sagas: [accreditationSaga],
  pageLoaders: {
    SUBSCRIPTION: [loadEvents],
    PARTICIPANTS_LIMITED: [loadEvents],
  },
});
