/** The participants page's area: loaded with its chunk, which imports this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadCenters, loadEvents } from '../../app/lookups/sagas';
import { participantsSaga } from './anonymize';

// 'Anonimizar participante' (System): its saga serves the page's toolbar button.
registerArea({
  name: 'participants',
  slices: [],
  sagas: [participantsSaga],
  pageLoaders: { PARTICIPANTS: [loadEvents, loadCenters] },
});
