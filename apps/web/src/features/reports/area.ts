/** The reports area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import {
  loadCenters,
  loadCourses,
  loadEvents,
  loadProductCategories,
  loadProducts,
} from '../../app/lookups/sagas';
import { reportsSlice } from './slice';
import { loadSelectedDashboard, reportsSaga } from './sagas';

registerArea({
  name: 'reports',
  slices: [reportsSlice],
  sagas: [reportsSaga],
  pageLoaders: {
    REPORT_DASHBOARD: [loadSelectedDashboard, loadEvents],
    REPORT_TOTAL_SALES: [loadEvents, loadProductCategories],
    REPORT_CENTER_SALES: [loadEvents, loadCenters, loadProductCategories],
    REPORT_PARTICIPANT_PURCHASES: [loadEvents, loadCenters, loadProductCategories],
    REPORT_PRODUCT_SALES: [loadEvents, loadProductCategories, loadProducts],
    REPORT_PAYMENT_SALES: [loadEvents],
    REPORT_ACCUMULATED_SALES: [loadEvents],
    REPORT_PRODUCT_BUYERS: [loadEvents, loadProductCategories, loadProducts],
    REPORT_PAID_CARTS: [loadEvents],
    REPORT_COUPONS: [loadEvents],
    REPORT_SALES_DISTRIBUTION: [loadEvents],
    // SPEC.md 'Apostilas and Selos: courses, then centers'.
    REPORT_COURSEWARES: [loadEvents, loadCourses, loadCenters],
    REPORT_CENTER_COURSEWARES: [loadEvents, loadCourses, loadCenters],
  },
});
