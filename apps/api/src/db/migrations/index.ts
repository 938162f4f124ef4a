import type { Kysely, Migration } from 'kysely';
import type { MigrationContext, SqlDialect } from './sql-dialect.ts';
import * as foundation from './20261121120000_foundation.ts';
import * as adminTables from './20261122120000_admin_tables.ts';
import * as printQueue from './20261122130000_print_queue.ts';
import * as accreditation from './20261122140000_accreditation.ts';
import * as brasilCountry from './20261123090000_brasil_country.ts';
import * as store from './20261123090000_store.ts';
import * as authVersion from './20261123091500_auth_version.ts';
import * as drawerPix from './20261123110000_drawer_pix.ts';
import * as reportIndexes from './20261123110000_report_indexes.ts';
import * as coupons from './20261123170000_coupons.ts';
import * as lottery from './20261123171000_lottery.ts';
import * as foodEmails from './20261123172000_food_emails.ts';
import * as reportSales from './20261123173000_report_sales.ts';
import * as reportPayments from './20261123180000_report_payments.ts';
import * as auditLog from './20261124100000_audit_log.ts';
import * as privacyAccounts from './20261124110000_privacy_accounts.ts';
import * as reportBuyers from './20261124160000_report_buyers.ts';
import * as totpSecretSealed from './20261125100000_totp_secret_sealed.ts';
import * as reportShards from './20261125110000_report_shards.ts';
import * as userMaxDiscount from './20261125120000_user_max_discount.ts';
import * as drawerCountsBigint from './20261125130000_drawer_counts_bigint.ts';
import * as idempotencyKeysPerUser from './20261125130000_idempotency_keys_per_user.ts';
import * as printFilesParticipant from './20261125130100_print_files_participant.ts';
import * as refreshGrace from './20261125230000_refresh_grace.ts';
import * as printerAgentSeen from './20261126090000_printer_agent_seen.ts';
import * as layouts from './20261127120000_layouts.ts';
import * as offlineDesk from './20261127160000_offline_desk.ts';
import * as pixPsp from './20261127180000_pix_psp.ts';
import * as pixCharges from './20261127190000_pix_charges.ts';
import * as pixPayments from './20261128100000_pix_payments.ts';
import * as salesToFold from './20261129100000_sales_to_fold.ts';
import * as pixWebhookSecretSealed from './20261130090000_pix_webhook_secret_sealed.ts';
import * as pixOneActiveCharge from './20261130090100_pix_one_active_charge.ts';
import * as offlineKeys from './20261130100000_offline_keys.ts';
import * as paymentReceived from './20261201090000_payment_received.ts';
import * as reportNamesEnglish from './20261202090000_report_names_english.ts';
import * as passes from './20261203100000_passes.ts';
import * as emailKinds from './20261203100100_email_kinds.ts';
import * as kiosks from './20261203110000_kiosks.ts';
import * as certificates from './20261203120000_certificates.ts';
import * as lotteryPool from './20261203130000_lottery_pool.ts';
import * as reportBuyerSlots from './20261203140000_report_buyer_slots.ts';
import * as reportBuyerSlotsProduct from './20261203150000_report_buyer_slots_product.ts';
import * as lotteryPoolGzip from './20261204090000_lottery_pool_gzip.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
interface DialectMigration {
  up(db: Kysely<any>, dialect: SqlDialect, context: MigrationContext): Promise<void>;
  down?(db: Kysely<any>, dialect: SqlDialect): Promise<void>;
}

/** Every migration, by name; names sort in the order they run. A static list works under tsx and vitest. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '20261121120000_foundation': foundation,
  '20261122120000_admin_tables': adminTables,
  '20261122130000_print_queue': printQueue,
  '20261122140000_accreditation': accreditation,
  '20261123090000_brasil_country': brasilCountry,
  '20261123090000_store': store,
  '20261123091500_auth_version': authVersion,
  '20261123110000_drawer_pix': drawerPix,
  '20261123110000_report_indexes': reportIndexes,
  '20261123170000_coupons': coupons,
  '20261123171000_lottery': lottery,
  '20261123172000_food_emails': foodEmails,
  '20261123173000_report_sales': reportSales,
  '20261123180000_report_payments': reportPayments,
  '20261124100000_audit_log': auditLog,
  '20261124110000_privacy_accounts': privacyAccounts,
  '20261124160000_report_buyers': reportBuyers,
  '20261125100000_totp_secret_sealed': totpSecretSealed,
  '20261125110000_report_shards': reportShards,
  '20261125120000_user_max_discount': userMaxDiscount,
  '20261125130000_drawer_counts_bigint': drawerCountsBigint,
  '20261125130000_idempotency_keys_per_user': idempotencyKeysPerUser,
  '20261125130100_print_files_participant': printFilesParticipant,
  '20261125230000_refresh_grace': refreshGrace,
  '20261126090000_printer_agent_seen': printerAgentSeen,
  '20261127120000_layouts': layouts,
  '20261127160000_offline_desk': offlineDesk,
  '20261127180000_pix_psp': pixPsp,
  '20261127190000_pix_charges': pixCharges,
  '20261128100000_pix_payments': pixPayments,
  '20261129100000_sales_to_fold': salesToFold,
  '20261130090000_pix_webhook_secret_sealed': pixWebhookSecretSealed,
  '20261130090100_pix_one_active_charge': pixOneActiveCharge,
  '20261130100000_offline_keys': offlineKeys,
  '20261201090000_payment_received': paymentReceived,
  '20261202090000_report_names_english': reportNamesEnglish,
  '20261203100000_passes': passes,
  '20261203100100_email_kinds': emailKinds,
  '20261203110000_kiosks': kiosks,
  '20261203120000_certificates': certificates,
  '20261203130000_lottery_pool': lotteryPool,
  '20261203140000_report_buyer_slots': reportBuyerSlots,
  '20261203150000_report_buyer_slots_product': reportBuyerSlotsProduct,
  '20261204090000_lottery_pool_gzip': lotteryPoolGzip,
};

export function migrationsFor(
  dialect: SqlDialect,
  context: MigrationContext,
): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, { up, down }]) => [
      name,
      { up: (db) => up(db, dialect, context), down: down && ((db) => down(db, dialect)) },
    ]),
  );
}
