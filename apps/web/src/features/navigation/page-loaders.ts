import type { SagaIterator } from 'redux-saga';
import type { AdminPage } from '@balcao/contract';
import { loadAttendanceColumns } from '../attendance/sagas';
import { loadLotteryProducts } from '../lottery/sagas';
import {
  loadCouponConfigPage,
  loadCouponProducts,
  loadCoupons,
  loadCouponTemplates,
} from '../coupons/sagas';
import { loadSmtpConfig } from '../emails/sagas';
import { loadFoodConfig } from '../food/sagas';
import { loadPrintJobs } from '../printing/sagas';
import { loadDeliveryOrders } from '../store/delivery-sagas';
import { loadPaidOrders } from '../store/paid-orders-sagas';
import { loadPixConfig } from '../store/pix-config-sagas';
import { loadDrawer } from '../store/drawer-sagas';
import { loadOpenOrders, loadSaleProducts, loadSaleProductsForSellers } from '../store/sagas';
import { loadSetupStatus } from '../setup/sagas';
import { loadTotpPage } from '../totp/sagas';
import { loadSelectedDashboard } from '../reports/sagas';
import {
  loadCenters,
  loadCities,
  loadCountries,
  loadCourses,
  loadEvents,
  loadPermissions,
  loadPrinters,
  loadProductCategories,
  loadProducts,
  loadProfiles,
} from '../tables/sagas';

/**
 * A load a page needs before it shows. It handles its own failure (puts its `*Failed` action) so
 * the next loads still run.
 */
export type PageLoader = () => SagaIterator;

/**
 * SPEC.md 'Data loaded when a menu item is chosen': the loads of each page, run in order after
 * the selected-event lookup. Features add their pages here as they are built, e.g.
 * `PARTICIPANTS: [loadEvents, loadCenters]`.
 */
export const PAGE_LOADERS: Partial<Record<AdminPage, readonly PageLoader[]>> = {
  SETUP: [loadSetupStatus],
  TOTP: [loadTotpPage],
  PROFILES: [loadPermissions],
  USERS: [loadPermissions, loadProfiles, loadCenters, loadProductCategories],
  PRODUCTS: [loadProductCategories],
  CITIES: [loadCountries],
  CENTERS: [loadCities],
  EVENTS: [loadCourses],
  // Not in SPEC.md's list: the printer mapping's destination needs the printers.
  PRINTERS: [loadPrinters],
  PRINT_QUEUE: [loadPrintJobs],
  SUBSCRIPTION: [loadEvents],
  PARTICIPANTS_LIMITED: [loadEvents],
  IMPORT_PARTICIPANTS: [loadEvents],
  IMPORT_PRODUCTS: [loadEvents],
  PARTICIPANTS: [loadEvents, loadCenters],
  ATTENDANCE: [loadAttendanceColumns, loadEvents],
  COURSEWARES: [loadCourses, loadCenters],
  STORE: [loadSaleProducts],
  // Not in SPEC.md's list: the cashier screens also load the cashier's open drawer.
  CHECKOUT: [loadSaleProductsForSellers, loadOpenOrders, loadDrawer],
  STORE_CHECKOUT: [loadSaleProducts, loadOpenOrders, loadDrawer],
  DELIVERY: [loadDeliveryOrders],
  CHECKOUT_DELIVERY: [loadSaleProductsForSellers, loadOpenOrders, loadDeliveryOrders, loadDrawer],
  STORE_CHECKOUT_DELIVERY: [loadSaleProducts, loadOpenOrders, loadDeliveryOrders, loadDrawer],
  PAID_ORDERS: [loadPaidOrders],
  // Not in SPEC.md's list: the page also holds the 'Configuração PIX' form.
  PAYMENT_METHODS: [loadPixConfig],
  REPORT_DASHBOARD: [loadSelectedDashboard, loadEvents],
  REPORT_TOTAL_SALES: [loadEvents, loadProductCategories],
  REPORT_CENTER_SALES: [loadEvents, loadCenters, loadProductCategories],
  REPORT_PARTICIPANT_PURCHASES: [loadEvents, loadCenters, loadProductCategories],
  REPORT_PRODUCT_SALES: [loadEvents, loadProductCategories, loadProducts],
  REPORT_PAYMENT_SALES: [loadEvents],
  REPORT_ACCUMULATED_SALES: [loadEvents],
  REPORT_PRODUCT_BUYERS: [loadEvents, loadProductCategories, loadProducts],
  REPORT_PAID_CARTS: [loadEvents],
  REPORT_DRAWER_SESSIONS: [loadEvents],
  REPORT_COUPONS: [loadEvents],
  // SPEC.md's products and paid orders, in one call: each product with what the event sold of it.
  LOTTERY_CONFIG: [loadLotteryProducts],
  COUPON_TEMPLATES: [loadEvents, loadCouponProducts, loadCouponTemplates],
  COUPONS: [loadEvents, loadCoupons],
  COUPON_CONFIG: [loadEvents, loadCouponConfigPage],
  FOOD_CONFIG: [loadFoodConfig],
  SEND_EMAILS: [loadSmtpConfig, loadEvents],
  REPORT_SALES_DISTRIBUTION: [loadEvents],
  // SPEC.md 'Apostilas and Selos: courses, then centers'.
  REPORT_COURSEWARES: [loadEvents, loadCourses, loadCenters],
  REPORT_CENTER_COURSEWARES: [loadEvents, loadCourses, loadCenters],
};
