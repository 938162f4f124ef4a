/** The lottery area: loaded with its pages' chunk, which import this module (store/areas.ts). */
import { registerArea } from '../../store/areas';
import { lotterySlice } from './slice';
import { loadLotteryProducts, lotterySaga } from './sagas';

registerArea({
  name: 'lottery',
  slices: [lotterySlice],
  sagas: [lotterySaga],
  pageLoaders: {
    // SPEC.md's products and paid orders, in one call: each product with what the event sold of it.
    LOTTERY_CONFIG: [loadLotteryProducts],
  },
});
