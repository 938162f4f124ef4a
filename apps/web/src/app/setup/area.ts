/** 'Primeiros passos': its page loads the setup status first (app/areas.ts). */
import { registerArea } from '../areas';
import { loadSetupStatus } from './sagas';

registerArea({ name: 'setup', slices: [], sagas: [], pageLoaders: { SETUP: [loadSetupStatus] } });
