import { combineSlices, type Reducer, type UnknownAction, type WithSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../store/app-actions';
import { configSlice } from './config/slice';
import { connectionSlice } from './connection/slice';
import { updatesSlice } from './updates/slice';
import { errorsSlice } from './errors/slice';
import { eventsSlice } from './events/slice';
import { navigationSlice } from './navigation/slice';
import { printingSlice } from './printing/slice';
import { sessionSlice } from './session/slice';
import { setupSlice } from './setup/slice';
import { lookupsSlice } from './lookups/slice';
import { tablesSlice } from './tables/slice';
// Types only: these slices' code loads with their area's page chunk (app/areas.ts).
import type { accreditationSlice } from '../features/accreditation/slice';
import type { attendanceSlice } from '../features/attendance/slice';
import type { auditSlice } from '../features/audit/slice';
import type { couponsSlice } from '../features/coupons/slice';
import type { coursewareSlice } from '../features/courseware/slice';
import type { exchangeSlice } from '../features/courseware/exchange-slice';
import type { emailsSlice } from '../features/emails/slice';
import type { foodSlice } from '../features/food/slice';
import type { importsSlice } from '../features/imports/slice';
import type { layoutsSlice } from '../features/layouts/slice';
import type { lotterySlice } from '../features/lottery/slice';
import type { lotteryAuditSlice } from '../features/lottery/audit-slice';
import type { passwordSlice } from '../features/password/slice';
import type { reportsSlice } from '../features/reports/slice';
import type { checkoutSlice } from '../features/shop/checkout-slice';
import type { deliverySlice } from '../features/shop/delivery-slice';
import type { drawerSlice } from '../features/shop/drawer-slice';
import type { paidOrdersSlice } from '../features/shop/paid-orders-slice';
import type { pixConfigSlice } from '../features/shop/pix-config-slice';
import type { pixPspSlice } from '../features/shop/pix-psp-slice';
import type { pixRefundsSlice } from '../features/shop/pix-refunds-slice';
import type { saleSlice } from '../features/shop/sale-slice';
import type { tableExtrasSlice } from '../features/tables/extras-slice';
import type { totpSlice } from '../features/totp/slice';
import type { webcamSlice } from '../features/webcam/slice';

/** The state of the slices injected when their area's page chunk first loads. */
export type LazyState = WithSlice<typeof accreditationSlice> &
  WithSlice<typeof attendanceSlice> &
  WithSlice<typeof auditSlice> &
  WithSlice<typeof couponsSlice> &
  WithSlice<typeof coursewareSlice> &
  WithSlice<typeof exchangeSlice> &
  WithSlice<typeof emailsSlice> &
  WithSlice<typeof foodSlice> &
  WithSlice<typeof importsSlice> &
  WithSlice<typeof layoutsSlice> &
  WithSlice<typeof lotterySlice> &
  WithSlice<typeof lotteryAuditSlice> &
  WithSlice<typeof passwordSlice> &
  WithSlice<typeof reportsSlice> &
  WithSlice<typeof checkoutSlice> &
  WithSlice<typeof deliverySlice> &
  WithSlice<typeof drawerSlice> &
  WithSlice<typeof paidOrdersSlice> &
  WithSlice<typeof pixConfigSlice> &
  WithSlice<typeof pixPspSlice> &
  WithSlice<typeof pixRefundsSlice> &
  WithSlice<typeof saleSlice> &
  WithSlice<typeof tableExtrasSlice> &
  WithSlice<typeof totpSlice> &
  WithSlice<typeof webcamSlice>;

/**
 * The shell's slices (session, configuration, navigation, the selected event, errors, the
 * lookups of the top bar, printing, first-run setup, the connection, updates) load with the app; every other area's slices
 * are injected by its `area.ts` (app/areas.ts) when its page chunk first loads.
 */
export const rootReducer = combineSlices(
  sessionSlice,
  configSlice,
  navigationSlice,
  eventsSlice,
  errorsSlice,
  tablesSlice,
  lookupsSlice,
  printingSlice,
  setupSlice,
  connectionSlice,
  updatesSlice,
).withLazyLoadedSlices<LazyState>();

/**
 * The whole state. A lazy slice is typed as present: only its area's code reads it, and that code
 * loads with the area's `area.ts`, which injects the slice before anything renders or runs.
 */
export type RootState = ReturnType<typeof rootReducer> & LazyState;

/**
 * What a session's end keeps: the session (it shows the login), the configuration, the errors and
 * a waiting update.
 */
const KEPT_AT_SESSION_END = ['session', 'config', 'errors', 'updates'] as const;

/**
 * The store's reducer: at logout or a failed token refresh (`sessionEnded`) every other slice,
 * loaded with the app or injected later, starts again from its initial state, so nothing one
 * user saw is shown to the next.
 */
export const appReducer: Reducer<RootState, UnknownAction, Partial<RootState>> = (
  state,
  action,
) => {
  if (state && sessionEnded.match(action)) {
    const kept = Object.fromEntries(KEPT_AT_SESSION_END.map((key) => [key, state[key]]));
    return rootReducer(kept as Partial<RootState>, action) as RootState;
  }
  return rootReducer(state, action) as RootState;
};
