/** The food area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { foodSlice } from './slice';
import { foodSaga, loadFoodConfig } from './sagas';

registerArea({
  name: 'food',
  slices: [foodSlice],
  sagas: [foodSaga],
  pageLoaders: {
    FOOD_CONFIG: [loadFoodConfig],
  },
});
