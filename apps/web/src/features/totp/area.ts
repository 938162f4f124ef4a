/** Two-factor login's area: loaded with its page's chunk, which imports this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { totpSlice } from './slice';
import { loadTotpPage, totpSaga } from './sagas';

registerArea({
  name: 'totp',
  slices: [totpSlice],
  sagas: [totpSaga],
  pageLoaders: { TOTP: [loadTotpPage] },
});
