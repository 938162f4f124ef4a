/** The public verification page's area: its own chunk, without the back-office's (App.tsx). */
import { registerArea } from '../../app/areas';
import { certificateCheckSlice } from './verify-slice';
import { certificateCheckSaga } from './verify-sagas';

registerArea({
  name: 'certificateCheck',
  slices: [certificateCheckSlice],
  sagas: [certificateCheckSaga],
});
