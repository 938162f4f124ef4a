/** The webcam area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { webcamSlice } from './slice';
import { webcamSaga } from './sagas';

registerArea({
  name: 'webcam',
  slices: [webcamSlice],
  sagas: [webcamSaga],
});
