/** The imports area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
import { importsSlice } from './slice';
import { importsSaga } from './sagas';

registerArea({
  name: 'imports',
  slices: [importsSlice],
  sagas: [importsSaga],
  pageLoaders: {
    IMPORT_PARTICIPANTS: [loadEvents],
    IMPORT_PRODUCTS: [loadEvents],
  },
});
