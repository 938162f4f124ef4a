/** The password area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { passwordSlice } from './slice';
import { passwordSaga } from './sagas';

registerArea({
  name: 'password',
  slices: [passwordSlice],
  sagas: [passwordSaga],
});
