import { combineReducers } from '@reduxjs/toolkit';
import { accreditationSlice } from '../features/accreditation/slice';
import { attendanceSlice } from '../features/attendance/slice';
import { reportsSlice } from '../features/reports/slice';
import { configSlice } from '../features/config/slice';
import { couponsSlice } from '../features/coupons/slice';
import { coursewareSlice } from '../features/courseware/slice';
import { exchangeSlice } from '../features/courseware/exchange-slice';
import { emailsSlice } from '../features/emails/slice';
import { foodSlice } from '../features/food/slice';
import { errorsSlice } from '../features/errors/slice';
import { eventsSlice } from '../features/events/slice';
import { importsSlice } from '../features/imports/slice';
import { lotterySlice } from '../features/lottery/slice';
import { navigationSlice } from '../features/navigation/slice';
import { passwordSlice } from '../features/password/slice';
import { printingSlice } from '../features/printing/slice';
import { checkoutSlice } from '../features/store/checkout-slice';
import { deliverySlice } from '../features/store/delivery-slice';
import { paidOrdersSlice } from '../features/store/paid-orders-slice';
import { pixConfigSlice } from '../features/store/pix-config-slice';
import { drawerSlice } from '../features/store/drawer-slice';
import { saleSlice } from '../features/store/sale-slice';
import { sessionSlice } from '../features/session/slice';
import { setupSlice } from '../features/setup/slice';
import { tableExtrasSlice } from '../features/tables/extras-slice';
import { tablesSlice } from '../features/tables/slice';
import { totpSlice } from '../features/totp/slice';
import { webcamSlice } from '../features/webcam/slice';

export const rootReducer = combineReducers({
  [sessionSlice.name]: sessionSlice.reducer,
  [configSlice.name]: configSlice.reducer,
  [navigationSlice.name]: navigationSlice.reducer,
  [eventsSlice.name]: eventsSlice.reducer,
  [passwordSlice.name]: passwordSlice.reducer,
  [totpSlice.name]: totpSlice.reducer,
  [webcamSlice.name]: webcamSlice.reducer,
  [errorsSlice.name]: errorsSlice.reducer,
  [tablesSlice.name]: tablesSlice.reducer,
  [tableExtrasSlice.name]: tableExtrasSlice.reducer,
  [printingSlice.name]: printingSlice.reducer,
  [accreditationSlice.name]: accreditationSlice.reducer,
  [coursewareSlice.name]: coursewareSlice.reducer,
  [exchangeSlice.name]: exchangeSlice.reducer,
  [attendanceSlice.name]: attendanceSlice.reducer,
  [importsSlice.name]: importsSlice.reducer,
  [saleSlice.name]: saleSlice.reducer,
  [checkoutSlice.name]: checkoutSlice.reducer,
  [deliverySlice.name]: deliverySlice.reducer,
  [paidOrdersSlice.name]: paidOrdersSlice.reducer,
  [pixConfigSlice.name]: pixConfigSlice.reducer,
  [drawerSlice.name]: drawerSlice.reducer,
  [setupSlice.name]: setupSlice.reducer,
  [reportsSlice.name]: reportsSlice.reducer,
  [lotterySlice.name]: lotterySlice.reducer,
  [couponsSlice.name]: couponsSlice.reducer,
  [foodSlice.name]: foodSlice.reducer,
  [emailsSlice.name]: emailsSlice.reducer,
});
