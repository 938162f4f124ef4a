/** The emails area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
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
