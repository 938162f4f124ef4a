import type {
  LoginFailureTable,
  PermissionTable,
  ProfilePermissionTable,
  ProfileTable,
  SecuritySettingsTable,
  TokenTable,
  UserPermissionTable,
  UserProductCategoryTable,
  UserProfileTable,
  UserRecoveryCodeTable,
  UserTable,
} from './tables/identity.ts';
import type { ProductCategoryTable, ProductTable, StockMovementTable } from './tables/products.ts';
import type { CenterTable, CityTable, CountryTable } from './tables/places.ts';
import type { CourseTable, EventTable } from './tables/events.ts';
import type {
  LayoutImageTable,
  LayoutTable,
  PrintFileTable,
  PrintJobTable,
  PrintMappingTable,
  PrinterTable,
} from './tables/printing.ts';
import type { CheckInTable, CoursewareTable, ParticipantTable } from './tables/participants.ts';
import type {
  ReportBuyerSlotsTable,
  ReportBuyersTable,
  ReportPaymentsTable,
  ReportSalesTable,
} from './tables/reports.ts';
import type {
  IdempotencyKeyTable,
  OrderItemTable,
  OrderPaymentTable,
  OrderTable,
  OrderTransitionTable,
  PaymentMethodTable,
} from './tables/orders.ts';
import type { DrawerCountTable, DrawerSessionTable } from './tables/drawer.ts';
import type {
  PixChargeTable,
  PixNotificationTable,
  PixPspSettingsTable,
  PixRefundTable,
  PixSettingsTable,
} from './tables/pix.ts';
import type {
  LotteryDrawTable,
  LotteryGameTable,
  LotteryHolderTable,
  LotteryProductTable,
  LotteryTicketTable,
} from './tables/lottery.ts';
import type { CouponConfigTable, CouponTable, CouponTemplateTable } from './tables/coupons.ts';
import type { FoodCategoryTable, FoodSettingsTable } from './tables/food.ts';
import type { EmailBatchTable, EmailRecipientTable, SmtpSettingsTable } from './tables/emails.ts';
import type { AuditLogTable } from './tables/audit.ts';
import type { OfflineActionTable, OfflineKeyTable } from './tables/offline.ts';
import type { PassKeyTable } from './tables/passes.ts';
import type {
  CertificateJobTable,
  CertificateRuleTable,
  CertificateTable,
  CertificateVersionTable,
} from './tables/certificates.ts';
import type { KioskEventTable, KioskTable } from './tables/kiosks.ts';

/**
 * The database as Kysely sees it: each table's name and row type. The row types live per area in
 * db/tables/<area>.ts; a module that needs a row type imports it from there.
 */
export interface Database {
  permissions: PermissionTable;
  profiles: ProfileTable;
  profile_permissions: ProfilePermissionTable;
  users: UserTable;
  user_recovery_codes: UserRecoveryCodeTable;
  security_settings: SecuritySettingsTable;
  user_profiles: UserProfileTable;
  user_permissions: UserPermissionTable;
  user_product_categories: UserProductCategoryTable;
  product_categories: ProductCategoryTable;
  centers: CenterTable;
  countries: CountryTable;
  cities: CityTable;
  courses: CourseTable;
  products: ProductTable;
  stock_movements: StockMovementTable;
  printers: PrinterTable;
  print_mappings: PrintMappingTable;
  print_files: PrintFileTable;
  print_jobs: PrintJobTable;
  coursewares: CoursewareTable;
  report_sales: ReportSalesTable;
  report_payments: ReportPaymentsTable;
  report_buyers: ReportBuyersTable;
  report_buyer_slots: ReportBuyerSlotsTable;
  participants: ParticipantTable;
  check_ins: CheckInTable;
  events: EventTable;
  payment_methods: PaymentMethodTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_payments: OrderPaymentTable;
  order_transitions: OrderTransitionTable;
  idempotency_keys: IdempotencyKeyTable;
  tokens: TokenTable;
  login_failures: LoginFailureTable;
  drawer_sessions: DrawerSessionTable;
  drawer_counts: DrawerCountTable;
  pix_settings: PixSettingsTable;
  lottery_games: LotteryGameTable;
  lottery_draws: LotteryDrawTable;
  lottery_tickets: LotteryTicketTable;
  lottery_holders: LotteryHolderTable;
  lottery_products: LotteryProductTable;
  coupon_templates: CouponTemplateTable;
  coupons: CouponTable;
  coupon_configs: CouponConfigTable;
  food_settings: FoodSettingsTable;
  food_categories: FoodCategoryTable;
  smtp_settings: SmtpSettingsTable;
  email_batches: EmailBatchTable;
  email_recipients: EmailRecipientTable;
  audit_log: AuditLogTable;
  layouts: LayoutTable;
  layout_images: LayoutImageTable;
  offline_actions: OfflineActionTable;
  offline_keys: OfflineKeyTable;
  kiosks: KioskTable;
  kiosk_events: KioskEventTable;
  pix_psp_settings: PixPspSettingsTable;
  pix_charges: PixChargeTable;
  pix_notifications: PixNotificationTable;
  pix_refunds: PixRefundTable;
  pass_keys: PassKeyTable;
  certificate_rules: CertificateRuleTable;
  certificates: CertificateTable;
  certificate_versions: CertificateVersionTable;
  certificate_jobs: CertificateJobTable;
}
