/** The courseware area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadCenters, loadCourses } from '../../app/lookups/sagas';
import { coursewareSlice } from './slice';
import { exchangeSlice } from './exchange-slice';
import { coursewareSaga } from './sagas';
import { exchangeSaga } from './exchange-sagas';

registerArea({
  name: 'courseware',
  slices: [coursewareSlice, exchangeSlice],
  sagas: [coursewareSaga, exchangeSaga],
  pageLoaders: {
    COURSEWARES: [loadCourses, loadCenters],
  },
});
