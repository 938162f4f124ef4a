/** The tableExtras area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { tableExtrasSlice } from './extras-slice';
import { tableExtrasSaga } from './extras-sagas';

registerArea({
  name: 'tableExtras',
  slices: [tableExtrasSlice],
  sagas: [tableExtrasSaga],
});
