import type { OrderState } from '@balcao/contract';
import type { ColumnType, Generated, Insertable, Selectable, SqlBool, Updateable } from 'kysely';

/**
 * An instant as ISO-8601 UTC text ('2025-03-01T12:00:00.000Z'): the same in SQLite and
 * PostgreSQL, and its fixed width makes text order equal time order.
 */
export type Instant = string;

/** SQLite answers 0/1, PostgreSQL true/false; writes take booleans (see statement-cache.ts). */
type BoolWithDefault = ColumnType<SqlBool, boolean | undefined, boolean>;

interface Dated {
  date_created: Instant;
  date_updated: Instant;
}

export interface PermissionTable {
  id: Generated<number>;
  name: string;
}

export interface ProfileTable extends Dated {
  id: Generated<number>;
  name: string;
}

export interface ProfilePermissionTable {
  profile_id: number;
  permission_id: number;
}

export interface UserTable extends Dated {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  active: BoolWithDefault;
  center_id: number | null;
  /** Bumped with every change to the user's permissions; see auth/permission-cache.ts. */
  auth_version: Generated<number>;
  /** The confirmed TOTP secret (base32): two-factor login is on while set (auth/totp.ts). */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret shown while enrolling, until a code from it is confirmed. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step a code was accepted at: no code is accepted twice. */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The largest discount percent (whole, 0–100) the user may give an order line. */
  max_discount_percent: ColumnType<number, number | undefined, number>;
}

/** One-time recovery codes of a user's two-factor login, hashed like passwords. */
export interface UserRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Instant | null;
}

/** One row (id 1) at most: the administrator's security settings. */
export interface SecuritySettingsTable {
  id: number;
  require_totp_for_system: BoolWithDefault;
  updated_by: number | null;
  updated_at: Instant | null;
}

export interface UserProfileTable {
  user_id: number;
  profile_id: number;
}

export interface UserPermissionTable {
  user_id: number;
  permission_id: number;
}

export interface UserProductCategoryTable {
  user_id: number;
  category_id: number;
}

export type ProductType = 'Produto' | 'Curso';

export interface ProductCategoryTable extends Dated {
  id: Generated<number>;
  name: string;
  type: ProductType;
}

export interface CenterTable extends Dated {
  id: Generated<number>;
  name: string;
  serial: number;
  api_token: string;
  city_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** '#rrggbb' ('Cor'): the badges' colour bands that follow the center. */
  color: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CountryTable extends Dated {
  id: Generated<number>;
  name: string;
}

export interface CityTable extends Dated {
  id: Generated<number>;
  name: string;
  country_id: number;
}

export interface CourseTable extends Dated {
  id: Generated<number>;
  serial: number;
  name: string;
}

export interface ProductTable extends Dated {
  id: Generated<number>;
  name: string;
  category_id: number;
  price_cents: number;
  /** Never negative (check constraint); changed only through stock movements. */
  inventory: ColumnType<number, number | undefined, number>;
  cod_totvs: string | null;
}

/** Append-only record of every inventory change: who, when, how much and why. */
export interface StockMovementTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  delta: number;
  inventory_after: number;
  reason: string;
  created_at: Instant;
}

export interface PrinterTable extends Dated {
  id: Generated<number>;
  name: string;
  serial: string | null;
  api_token: string;
  /** When its agent last asked for work (POST /api/prints/agent/next); null if never. */
  agent_seen_at: string | null;
}

/** Which printer serves a service for a username ('*' for anyone). */
export interface PrintMappingTable extends Dated {
  id: Generated<number>;
  origin: string;
  printer_id: number;
  service: string;
}

/** A rendered PDF, kept in the database so every API instance can serve it. */
export interface PrintFileTable {
  id: Generated<number>;
  filename: string;
  content: Uint8Array;
  user_id: number;
  /** The participant whose personal data the document shows (badge, receipts): erased with them. */
  participant_id: number | null;
  created_at: Instant;
}

/** A document routed to a mapped printer, claimed and reported by that printer's agent. */
export interface PrintJobTable {
  id: Generated<number>;
  printer_id: number;
  /** Null once the file expired; the job stays as history. */
  file_id: number | null;
  service: string;
  kind: string;
  title: string;
  copies: ColumnType<number, number | undefined, number>;
  status: 'queued' | 'printing' | 'done' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  error: string | null;
  user_id: number;
  origin: string;
  created_at: Instant;
  updated_at: Instant;
  claimed_at: Instant | null;
}

export interface CoursewareTable extends Dated {
  /** The 36-character UUID printed on the label. */
  id: string;
  course_id: number;
  center_id: number;
  serial: number;
  prints: ColumnType<number, number | undefined, number>;
  status: 'ISSUED' | 'PRINTED' | 'ASSOCIATED' | 'RETURNED' | 'EXCHANGED' | 'CANCELED';
}

export interface ParticipantTable extends Dated {
  id: Generated<number>;
  event_id: number;
  /** 11 digits, unique within the event. */
  cpf: string;
  name: string;
  usual_name: string | null;
  email: string | null;
  telefone: string | null;
  pacote: string | null;
  consultor: string | null;
  status: 'OK' | 'PAYMENT_ERROR' | 'FREE' | 'BONUS' | 'MONITOR' | 'STAFF' | 'SUPPLIER';
  status_original: string | null;
  center_id: number | null;
  business: string | null;
  badge: BoolWithDefault;
  badge_print_count: ColumnType<number, number | undefined, number>;
  /** The courseware the participant holds now; unique while set. */
  courseware_id: string | null;
  /** When 'Anonimizar participante' replaced the personal data; null for everyone else. */
  anonymized_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

/** One row per badge print: who was accredited, when, by whom, at which desk. */
export interface CheckInTable {
  id: Generated<number>;
  participant_id: number;
  event_id: number;
  user_id: number;
  desk: string;
  created_at: Instant;
}

export interface PaymentMethodTable extends Dated {
  id: Generated<number>;
  name: string;
}

/** An order of the store (docs/orders-api.md); money in cents, percents in basis points. */
export interface OrderTable {
  id: Generated<number>;
  event_id: number;
  state: OrderState;
  participant_id: number | null;
  cpf: string | null;
  customer_name: string | null;
  associated_at: Instant | null;
  seller_id: number | null;
  cashier_id: number | null;
  total_cents: ColumnType<number, number | undefined, number>;
  coupon_id: number | null;
  coupon_name: string | null;
  coupon_percent_bp: number | null;
  paid_at: Instant | null;
  delivered_at: Instant | null;
  delivered_by: number | null;
  refunded_at: Instant | null;
  refund_reason: string | null;
  /** The sale this order made (+1) or undid (-1) that the reports' summaries do not hold yet. */
  report_sign: ColumnType<number, number | undefined, number>;
  created_at: Instant;
  updated_at: Instant;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  /** Where the line sits in the cart: the order it was first added in. */
  position: number;
  quantity: number;
  unit_price_cents: number;
  discount_bp: number;
  discount_cents: number;
  total_cents: number;
  /** The coupon's percent for this line while the order holds a coupon (it replaces discount_bp). */
  coupon_bp: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  payment_method_id: number;
  amount_cents: number;
  user_id: number;
  /** The cashier's open drawer when paid; null when paid without one. */
  drawer_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A PIX line paid by a PSP charge: its txid (one charge pays one line) and Pix id. */
  pix_txid: ColumnType<string | null, string | null | undefined, string | null>;
  end_to_end_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A PIX line the cashier confirmed without the bank, while a PSP is connected: why. */
  manual_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** A cash line: what the customer handed over for the order's cash part; null otherwise. */
  received_cents: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Instant;
}

/** A cashier's drawer from opening (float) to closing (figures in drawer_counts). */
export interface DrawerSessionTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  opening_float_cents: number;
  opened_at: Instant;
  closed_at: Instant | null;
}

/** A closed drawer's figures per payment method, as computed and counted at closing. */
export interface DrawerCountTable {
  session_id: number;
  payment_method_id: number;
  received_cents: number;
  refunded_cents: number;
  expected_cents: number;
  counted_cents: number;
}

/** The PIX receiver (one row, id 1) the BR Codes are built for. */
export interface PixSettingsTable {
  id: number;
  pix_key: string;
  receiver_name: string;
  receiver_city: string;
  updated_by: number;
  updated_at: Instant;
}

/** The kitchen panel's settings (one row, id 1): units added to the count, target, refresh. */
export interface FoodSettingsTable {
  id: number;
  offset_units: number;
  target_units: number;
  refresh_seconds: number;
  updated_by: number;
  updated_at: Instant;
}

/** An event's own layout of one printed document (docs/layouts-api.md). */
export interface LayoutTable {
  event_id: number;
  document: string;
  /** The declaration (packages/contract/src/layouts.ts) as JSON. */
  declaration: string;
  updated_by: number | null;
  updated_at: Instant;
}

/** The PSP connection (docs/pix.md); one row, id 1. Secrets sealed (auth/totp-secret-box.ts). */
export interface PixPspSettingsTable {
  id: number;
  base_url: string;
  token_url: string | null;
  client_id: string;
  client_secret_sealed: string;
  certificate_pem: string;
  private_key_sealed: string;
  ca_pem: string | null;
  /** The secret path segment of the webhook's URL, sealed like the client secret. */
  webhook_secret_sealed: string;
  updated_by: number | null;
  updated_at: Instant;
}

/** An immediate charge made at the PSP for an order (docs/pix.md). */
export interface PixChargeTable {
  txid: string;
  order_id: number;
  attempt: number;
  amount_cents: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'CANCELADA' | 'EXPIRADA';
  pix_copia_e_cola: string;
  expires_at: Instant;
  end_to_end_id: string | null;
  paid_cents: number | null;
  paid_at: Instant | null;
  created_by: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/**
 * A refund (devolução) asked of the PSP for a Pix, once per Pix: of a refunded order's line or of
 * a Pix no order kept (late, or paid twice). PENDENTE until the PSP accepted the request.
 */
export interface PixRefundTable {
  id: string;
  end_to_end_id: string;
  amount_cents: number;
  order_id: number | null;
  txid: string | null;
  reason: string;
  status: 'PENDENTE' | 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  return_id: string | null;
  error: string | null;
  created_by: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A Pix the PSP's webhook notified (docs/pix.md), once per end-to-end id. */
export interface PixNotificationTable {
  end_to_end_id: string;
  txid: string | null;
  amount_cents: number;
  paid_at: Instant;
  received_at: Instant;
}

/** An action a desk queued offline, as its sync left it (docs/offline-desk.md). */
export interface OfflineActionTable {
  client_id: string;
  event_id: number;
  participant_id: number | null;
  kind: string;
  user_id: number | null;
  desk: string;
  done_at: Instant;
  synced_at: Instant;
  outcome: string;
  message: string | null;
  /** SHA-256 of what the action said: its client id sent with another body is refused. */
  body_digest: string | null;
}

/** A participant's offline CPF lookup key, kept once computed (docs/offline-desk.md). */
export interface OfflineKeyTable {
  participant_id: number;
  event_id: number;
  /** HMAC of the CPF the key was computed from, under the event's salt: a changed CPF is keyed again. */
  cpf_tag: string;
  lookup_key: string;
}

/** An image an event's layouts place (a logo, a sponsor strip). */
export interface LayoutImageTable {
  id: string;
  event_id: number;
  mime: string;
  width_px: number;
  height_px: number;
  content: Uint8Array;
  created_by: number | null;
  created_at: Instant;
}

/** A product category whose units count on the food panel. */
export interface FoodCategoryTable {
  category_id: number;
}

/** Where e-mails go out (one row, id 1). */
export interface SmtpSettingsTable {
  id: number;
  host: string;
  port: number;
  username: string;
  password: string;
  sender: string;
  updated_by: number;
  updated_at: Instant;
}

/** One sending: the message as written and who it went to (statuses: JSON list). */
export interface EmailBatchTable {
  id: Generated<number>;
  event_id: number;
  subject: string;
  body: string;
  statuses: string;
  created_by: number;
  created_at: Instant;
}

export type EmailRecipientStatus = 'PENDENTE' | 'ENVIANDO' | 'ENVIADO' | 'FALHOU';

/** One address of a sending, with its own result: the queue the sender works through. */
export interface EmailRecipientTable {
  id: Generated<number>;
  batch_id: number;
  participant_id: number | null;
  name: string;
  email: string;
  status: EmailRecipientStatus;
  error: string | null;
  sent_at: Instant | null;
}

/** Pre-aggregated sales per event, UTC hour, dimension and key (modules/reports/summary.ts). */
export interface ReportSalesTable {
  event_id: number;
  slot: string;
  /** 'compradores': report_buyers' rows per product (key_id), in pedidos; slot '', category 0. */
  dim: 'produto' | 'categoria' | 'vendedor' | 'comprador' | 'cupom' | 'compradores';
  key_id: number;
  category_id: number;
  /** 0-7: payments once spread their rows over 8 shards; the fold writes 0 (readers sum them). */
  shard: number;
  pedidos: number;
  quantidade: number;
  bruto_cents: number;
  net_cents: number;
}

/** Pre-aggregated paid lines per event, product and buyer (modules/reports/summary.ts). */
export interface ReportBuyersTable {
  event_id: number;
  product_id: number;
  /** '' when the order has none. */
  customer_name: string;
  /** '' when the order has none. */
  cpf: string;
  pedidos: number;
  quantidade: number;
  total_cents: number;
}

/** Pre-aggregated payments of the paid orders per event, UTC hour slot and payment method. */
export interface ReportPaymentsTable {
  event_id: number;
  slot: string;
  payment_method_id: number;
  /** As report_sales.shard. */
  shard: number;
  pagamentos: number;
  total_cents: number;
}

/** One row per state change of an order: who, at which desk (client address), when. */
export interface OrderTransitionTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  from_state: OrderState | null;
  to_state: OrderState;
  user_id: number;
  desk: string;
  reason: string | null;
  created_at: Instant;
}

/** The first successful answer to a request sent with an Idempotency-Key header; keyed per user. */
export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  /** The order the payment or refund acted on, which the answer shows. */
  order_id: number;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: Instant;
}

export interface EventTable extends Dated {
  id: Generated<number>;
  name: string;
  selected: BoolWithDefault;
  endereco: string | null;
  local: string | null;
  valor_cents: ColumnType<number, number | undefined, number>;
  inicio: Instant | null;
  fim: Instant | null;
  link_courseware: BoolWithDefault;
  print_enabled: BoolWithDefault;
  /** Hex salt of the offline replica's CPF lookup keys (scrypt); made on the first replica read. */
  offline_secret: ColumnType<string | null, string | null | undefined, string | null>;
  course_id: number | null;
}

/** One row per issued access/refresh pair; a login's pairs share family_id. Secrets stored as SHA-256. */
export interface TokenTable {
  id: Generated<number>;
  family_id: string;
  user_id: number;
  access_hash: string;
  refresh_hash: string;
  issued_at: Instant;
  access_expires_at: Instant;
  refresh_expires_at: Instant;
  /** Set when the refresh token was exchanged; presenting it again is a reuse. */
  rotated_at: Instant | null;
  revoked_at: Instant | null;
  /**
   * The pair this refresh token was exchanged for, sealed under a key derived from the refresh
   * token itself (auth/tokens.ts): a duplicate exchange within the grace window gets it again.
   */
  successor_sealed: string | null;
  /** A System user's login while TOTP is required and not yet enrolled: only enrolment may run. */
  totp_enrolment_only: BoolWithDefault;
}

/** Append-only failed logins keyed by 'user:<name>' or 'ip:<address>'; shared by all API instances. */
export interface LoginFailureTable {
  id: Generated<number>;
  throttle_key: string;
  failed_at: Instant;
}

/** A lottery game (docs/lottery-api.md): its pool rule and prize count, who configured it. */
export interface LotteryGameTable {
  id: Generated<number>;
  event_id: number;
  criteria: 'PRODUTOS' | 'CREDENCIADOS';
  /** JSON array of product ids (empty for CREDENCIADOS). */
  product_ids: string;
  prizes_count: number;
  created_by: number;
  created_at: Instant;
}

/** One draw: the pool's tickets and SHA-256, the random index, the winner, who and when. */
export interface LotteryDrawTable {
  id: Generated<number>;
  game_id: number;
  position: number;
  participant_id: number;
  participant_name: string;
  pool_hash: string;
  pool_size: number;
  /** JSON array of the tickets in the order the index points into. */
  pool: string;
  random_index: number;
  drawn_by: number;
  drawn_at: Instant;
}

/** The values a template gives its coupons (docs/coupons-api.md); lists are JSON id arrays. */
interface CouponValues {
  value_bp: number;
  type: ColumnType<string, string | undefined, string>;
  /** JSON array of 'Produto' | 'Curso'. */
  categories: string;
  start_date: Instant | null;
  expiration_date: Instant;
  white_list: ColumnType<string, string | undefined, string>;
  black_list: ColumnType<string, string | undefined, string>;
}

export interface CouponTemplateTable extends CouponValues {
  id: Generated<number>;
  event_id: number;
  name: string;
  propagate: BoolWithDefault;
  removed_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface CouponTable extends CouponValues {
  id: Generated<number>;
  template_id: number;
  event_id: number;
  code: string;
  valid: BoolWithDefault;
  used_at: Instant | null;
  used_order_id: number | null;
  origin_order_id: number | null;
  removed_at: Instant | null;
  created_by: number;
  created_at: Instant;
}

export interface CouponConfigTable {
  event_id: number;
  enabled: BoolWithDefault;
  template_id: number | null;
  min_value_cents: number;
  updated_by: number;
  updated_at: Instant;
}

/** Who changed (or read by CPF, or exported) what, when, from where: docs/audit-api.md. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: Instant;
  user_id: number | null;
  username: string;
  ip: string;
  entity: string;
  entity_id: string | null;
  action: string;
  /** JSON text. */
  before: string | null;
  /** JSON text. */
  after: string | null;
}

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
  pix_psp_settings: PixPspSettingsTable;
  pix_charges: PixChargeTable;
  pix_notifications: PixNotificationTable;
  pix_refunds: PixRefundTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Event = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type EventUpdate = Updateable<EventTable>;
export type Token = Selectable<TokenTable>;
export type NewToken = Insertable<TokenTable>;
export type Center = Selectable<CenterTable>;
export type NewCenter = Insertable<CenterTable>;
export type Profile = Selectable<ProfileTable>;
export type ProductCategory = Selectable<ProductCategoryTable>;
