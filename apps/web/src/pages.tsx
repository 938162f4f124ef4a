import { lazyPage } from './app/shell/lazy-page';
import { registerPages } from './app/shell/pages';

/**
 * A page's module, settled once the modules filling its slots (app/slots.tsx) have loaded too: they
 * come with the page, and a failed download fails the page as its own would.
 */
function withFills<Module>(page: Promise<Module>, ...fills: Promise<unknown>[]): Promise<Module> {
  return Promise.all([page, ...fills]).then(([module]) => module);
}

/** The desks of the shop; the cashier's order shows its coupon (the coupons area with it). */
const storePages = () =>
  withFills(import('./features/shop/store-pages'), import('./features/coupons/checkout-slot'));

/**
 * Every admin page's component, each its own chunk: the one place the app names its feature pages
 * (app/shell/pages.ts). A new page joins with one line of the same form.
 */
registerPages({
  KIOSKS: lazyPage(
    () => import('./features/accreditation/kiosks-page'),
    (m) => m.KiosksPage,
  ),
  PASSWORD: lazyPage(
    () => import('./features/password/password-page'),
    (m) => m.PasswordPage,
  ),
  TOTP: lazyPage(
    () => import('./features/totp/totp-page'),
    (m) => m.TotpPage,
  ),
  SETUP: lazyPage(
    () => import('./app/setup/setup-page'),
    (m) => m.SetupPage,
  ),
  WEBCAM_CONFIG: lazyPage(
    () => import('./features/webcam/webcam-page'),
    (m) => m.WebcamPage,
  ),
  COUNTRIES: lazyPage(
    () => import('./features/tables/pages/countries'),
    (m) => m.CountriesPage,
  ),
  CITIES: lazyPage(
    () => import('./features/tables/pages/cities'),
    (m) => m.CitiesPage,
  ),
  CENTERS: lazyPage(
    () => import('./features/tables/pages/centers'),
    (m) => m.CentersPage,
  ),
  COURSES: lazyPage(
    () => import('./features/tables/pages/courses'),
    (m) => m.CoursesPage,
  ),
  EVENTS: lazyPage(
    () => import('./features/tables/pages/events'),
    (m) => m.EventsPage,
  ),
  PROFILES: lazyPage(
    () => import('./features/tables/pages/profiles'),
    (m) => m.ProfilesPage,
  ),
  USERS: lazyPage(
    () =>
      withFills(import('./features/tables/pages/users'), import('./features/totp/users-toolbar')),
    (m) => m.UsersPage,
  ),
  PRODUCTS: lazyPage(
    () => import('./features/tables/pages/products'),
    (m) => m.ProductsPage,
  ),
  PRODUCT_TAGS: lazyPage(
    () => import('./features/tables/pages/product-tags'),
    (m) => m.ProductTagsPage,
  ),
  PRINTERS: lazyPage(
    () => import('./features/tables/pages/printers'),
    (m) => m.PrintersPage,
  ),
  PAYMENT_METHODS: lazyPage(
    () => import('./features/shop/payment-methods-page'),
    (m) => m.PaymentMethodsPage,
  ),
  PRINT_QUEUE: lazyPage(
    () => import('./features/printing/print-queue-page'),
    (m) => m.PrintQueuePage,
  ),
  LAYOUTS: lazyPage(
    () => import('./features/layouts/layout-editor-page'),
    (m) => m.LayoutEditorPage,
  ),
  SUBSCRIPTION: lazyPage(
    () => import('./features/accreditation/accreditation-page'),
    (m) => m.AccreditationPage,
  ),
  PARTICIPANTS_LIMITED: lazyPage(
    () => import('./features/accreditation/participants-list-page'),
    (m) => m.ParticipantsListPage,
  ),
  PARTICIPANTS: lazyPage(
    () => import('./features/participants/participants-page'),
    (m) => m.ParticipantsPage,
  ),
  COURSEWARES: lazyPage(
    () => import('./features/courseware/coursewares-page'),
    (m) => m.CoursewaresPage,
  ),
  RETURN_COURSEWARE: lazyPage(
    () => import('./features/courseware/return-page'),
    (m) => m.ReturnPage,
  ),
  CHANGE_COURSEWARE: lazyPage(
    () => import('./features/courseware/exchange-page'),
    (m) => m.ExchangePage,
  ),
  REPORT_DASHBOARD: lazyPage(
    () => import('./features/reports/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  REPORT_TOTAL_SALES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_TOTAL_SALES,
  ),
  REPORT_CENTER_SALES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_CENTER_SALES,
  ),
  REPORT_PARTICIPANT_PURCHASES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_PARTICIPANT_PURCHASES,
  ),
  REPORT_PRODUCT_SALES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_PRODUCT_SALES,
  ),
  REPORT_PAYMENT_SALES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_PAYMENT_SALES,
  ),
  REPORT_ACCUMULATED_SALES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_ACCUMULATED_SALES,
  ),
  REPORT_PRODUCT_BUYERS: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_PRODUCT_BUYERS,
  ),
  REPORT_COUPONS: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_COUPONS,
  ),
  REPORT_PAID_CARTS: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_PAID_CARTS,
  ),
  REPORT_SALES_DISTRIBUTION: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_SALES_DISTRIBUTION,
  ),
  REPORT_COURSEWARES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_COURSEWARES,
  ),
  REPORT_CENTER_COURSEWARES: lazyPage(
    () => import('./features/reports/report-page'),
    (m) => m.REPORT_PAGES.REPORT_CENTER_COURSEWARES,
  ),
  ATTENDANCE: lazyPage(
    () => import('./features/attendance/attendance-page'),
    (m) => m.AttendancePage,
  ),
  CERTIFICATES: lazyPage(
    () => import('./features/certificates/certificates-page'),
    (m) => m.CertificatesPage,
  ),
  IMPORT_PARTICIPANTS: lazyPage(
    () => import('./features/imports/import-page'),
    (m) => m.ImportParticipantsPage,
  ),
  IMPORT_PRODUCTS: lazyPage(
    () => import('./features/imports/import-page'),
    (m) => m.ImportProductsPage,
  ),
  STORE: lazyPage(storePages, (m) => m.StorePage),
  CHECKOUT: lazyPage(storePages, (m) => m.CheckoutPage),
  STORE_CHECKOUT: lazyPage(storePages, (m) => m.StoreCheckoutPage),
  DELIVERY: lazyPage(storePages, (m) => m.DeliveryPage),
  CHECKOUT_DELIVERY: lazyPage(storePages, (m) => m.CheckoutDeliveryPage),
  STORE_CHECKOUT_DELIVERY: lazyPage(storePages, (m) => m.StoreCheckoutDeliveryPage),
  FOOD_CONFIG: lazyPage(
    () => import('./features/food/food-config-page'),
    (m) => m.FoodConfigPage,
  ),
  SEND_EMAILS: lazyPage(
    () => import('./features/emails/emails-page'),
    (m) => m.EmailsPage,
  ),
  AUDIT: lazyPage(
    () => import('./features/audit/audit-page'),
    (m) => m.AuditPage,
  ),
  PAID_ORDERS: lazyPage(storePages, (m) => m.PaidOrdersPage),
  PIX_REFUNDS: lazyPage(
    () => import('./features/shop/pix-refunds-page'),
    (m) => m.PixRefundsPage,
  ),
  REPORT_DRAWER_SESSIONS: lazyPage(
    () => import('./features/shop/drawer-sessions-page'),
    (m) => m.DrawerSessionsPage,
  ),
  LOTTERY_CONFIG: lazyPage(
    () => import('./features/lottery/lottery-config-page'),
    (m) => m.LotteryConfigPage,
  ),
  LOTTERY_AUDIT: lazyPage(
    () => import('./features/lottery/lottery-audit-page'),
    (m) => m.LotteryAuditPage,
  ),
  COUPON_TEMPLATES: lazyPage(
    () => import('./features/coupons/templates-page'),
    (m) => m.TemplatesPage,
  ),
  COUPONS: lazyPage(
    () => import('./features/coupons/coupons-page'),
    (m) => m.CouponsPage,
  ),
  COUPON_CONFIG: lazyPage(
    () => import('./features/coupons/config-page'),
    (m) => m.CouponConfigPage,
  ),
});
