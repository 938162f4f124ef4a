/** The emails area: loaded with its pages' chunk, which import this module (store/areas.ts). */
import { registerArea } from '../../store/areas';
import { loadEvents } from '../tables/sagas';
import { emailsSlice } from './slice';
import { emailsSaga, loadSmtpConfig } from './sagas';

registerArea({
  name: 'emails',
  slices: [emailsSlice],
  sagas: [emailsSaga],
  pageLoaders: {
    SEND_EMAILS: [loadSmtpConfig, loadEvents],
  },
});
