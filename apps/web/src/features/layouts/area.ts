/** The layouts area: loaded with its page's chunk, which imports this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { layoutsSlice } from './slice';
import { layoutsSaga, loadLayoutPage } from './sagas';

registerArea({
  name: 'layouts',
  slices: [layoutsSlice],
  sagas: [layoutsSaga],
  pageLoaders: { LAYOUTS: [loadLayoutPage] },
});
