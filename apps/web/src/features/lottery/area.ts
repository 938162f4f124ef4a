/** The lottery area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { lotterySlice } from './slice';
import { lotteryAuditSlice } from './audit-slice';
import { loadLotteryGames, loadLotteryProducts, lotterySaga } from './sagas';

registerArea({
  name: 'lottery',
  slices: [lotterySlice, lotteryAuditSlice],
  sagas: [lotterySaga],
  pageLoaders: {
    // SPEC.md's products and paid orders, in one call: each product with what the event sold of it.
    LOTTERY_CONFIG: [loadLotteryProducts],
    // docs/lottery-api.md 'Screens': the selected event's games (GET /api/sorteio).
    LOTTERY_AUDIT: [loadLotteryGames],
  },
});
