/** The certificates area: loaded with its page's chunk, which imports this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
import { certificatesSlice } from './slice';
import { certificatesSaga } from './sagas';

registerArea({
  name: 'certificates',
  slices: [certificatesSlice],
  sagas: [certificatesSaga],
  pageLoaders: { CERTIFICATES: [loadEvents] },
});
