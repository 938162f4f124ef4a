/** The participants page's area: loaded with its chunk, which imports this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadCenters, loadEvents } from '../../app/lookups/sagas';
import { participantsSaga } from './anonymize';
import { passesSaga } from './passes-sagas';
import { passesSlice } from './passes-slice';

// 'Anonimizar participante' (System), 'Reemitir ingresso' and 'Enviar ingressos' (issue #43):
// their sagas serve the page's toolbar buttons.
registerArea({
  name: 'participants',
  slices: [passesSlice],
  sagas: [participantsSaga, passesSaga],
  pageLoaders: { PARTICIPANTS: [loadEvents, loadCenters] },
});
