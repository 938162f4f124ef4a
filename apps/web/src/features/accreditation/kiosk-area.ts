/**
 * The kiosk's area (issue #43): the kiosk station and 'Quiosques'. Its own area, not the desk's:
 * the kiosk's chunk carries none of the desk's sagas (app/areas.ts).
 */
import { registerArea } from '../../app/areas';
import { kioskSlice } from './kiosk-slice';
import { kioskSaga } from './kiosk-sagas';
import { kiosksSlice } from './kiosks-slice';
import { kiosksSaga } from './kiosks-sagas';

registerArea({
  name: 'kiosk',
  slices: [kioskSlice, kiosksSlice],
  sagas: [kioskSaga, kiosksSaga],
});
