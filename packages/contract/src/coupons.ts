/**
 * Coupons (issue 11, docs/coupons-api.md): templates per event, the coupons generated from them,
 * the automatic coupon settings, and the rules both the server and the SPA apply. The per-item
 * percent is orders.ts's couponPercentFor (lists), narrowed here by the coupon's categories; the
 * money math stays orders.ts's lineAmounts.
 */
import type { Cents } from './money.ts';
import { couponPercentFor, type CouponRule } from './orders.ts';
import type { Permission } from './permissions.ts';
import { PRODUCT_TYPES, type ProductType } from './tables.ts';

/** The admin screens ('Template de Cupons', 'Cupons', 'Configurar cupons automáticos'). */
export const COUPON_ADMIN_PERMISSIONS: readonly Permission[] = ['Coupons'];

/** SPEC.md section 3: the only coupon type. */
export const COUPON_TYPES = ['PERCENT_VALUE'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** A coupon covers products of these category types ('Produtos' and/or 'Cursos' on screen). */
export const COUPON_CATEGORIES = PRODUCT_TYPES;
export type CouponCategory = ProductType;
export const COUPON_CATEGORY_LABELS: Record<CouponCategory, string> = {
  Produto: 'Produtos',
  Curso: 'Cursos',
};

export const COUPON_NAME_MAX = 255;
/**
 * Most coupons one generate call makes (docs/coupons-api.md): the SPA's batch sends them 30 at a
 * time, so with no printer mapped a batch opens one PDF per 30 coupons, as product tags do.
 */
export const COUPON_PRINT_BATCH = 30;

// ---- Messages (SPEC.md section 5 where it gives the text) -----------------------------------

export const COUPON_FILL_FIELDS = 'Preencha os campos';
export const COUPON_NAME_TOO_LONG = 'O nome deve ter no máximo 255 caracteres.';
export const COUPON_PERCENT_OVER_100 = 'A porcentagem deve ser no máximo 100.';
export const COUPON_PERCENT_NOT_POSITIVE = 'A porcentagem deve ser maior que 0.';
export const COUPON_NO_CATEGORY = 'Selecione ao menos uma categoria (Produtos ou Cursos).';
export const COUPON_NO_EXPIRATION = 'Informe a data de expiração.';
export const COUPON_INVALID_DATE = 'Data inválida.';
export const COUPON_START_BEFORE_NOW = 'A data de início não pode ser anterior a agora.';
export const COUPON_EXPIRATION_BEFORE_START =
  'A data de expiração deve ser posterior à data de início.';
export const COUPON_EXPIRATION_PAST = 'A data de expiração deve ser futura.';
export const COUPON_NO_ALLOWED_PRODUCT = 'Nenhum produto permitido para este cupom.';
export const COUPON_UNKNOWN_PRODUCT = 'Produto da lista não encontrado no evento.';

export const COUPON_TEMPLATE_NOT_FOUND = 'Template de cupom não encontrado.';
export const COUPON_TEMPLATE_IN_CONFIG =
  'Este template é usado pelos cupons automáticos. Altere a configuração antes de deletá-lo.';
export const COUPON_NOT_FOUND = 'Cupom não encontrado.';
export const COUPON_INVALIDATED = 'Este cupom foi invalidado.';
export const COUPON_REMOVED = 'Este cupom foi removido.';
export const COUPON_ALREADY_USED = 'Este cupom já foi utilizado.';
export const COUPON_EXPIRED = 'Este cupom expirou.';
export const COUPON_NOT_STARTED = 'Este cupom ainda não está válido.';
export const COUPON_OTHER_EVENT = 'Este cupom é de outro evento.';
export const COUPON_NO_MATCHING_ITEM = 'Este cupom não vale para os itens deste pedido.';
export const COUPON_USED_CANNOT_CHANGE = 'Um cupom utilizado não pode ser alterado.';

export const COUPON_CONFIG_TEMPLATE_REQUIRED = 'Selecione o template dos cupons automáticos.';
export const COUPON_CONFIG_MIN_VALUE = 'Informe um valor mínimo maior que zero.';

/** Successes the SPA shows. */
export const COUPON_INSERTED = 'Cupom inserido';
export const COUPON_REMOVED_FROM_ORDER = 'Cupom removido';
export const COUPON_CONFIG_SAVED = 'Configuração salva!';
export const COUPON_BATCH_QUANTITY = 'Digite um número maior que 0.';
export const COUPON_DELETE_QUESTION = 'Deseja deletar?';

// ---- Codes ----------------------------------------------------------------------------------

/** Crockford base 32 without I, L, O, U: nothing to misread when typed from paper. */
export const COUPON_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters × 5 bits = 80 random bits. */
export const COUPON_CODE_LENGTH = 16;

/** What a cashier typed or scanned, as stored: upper case, without spaces or dashes. */
export function normalizeCouponCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** 'ABCD-EFGH-JKMN-PQRS': the printed form (the QR carries the bare code). */
export function formatCouponCode(code: string): string {
  return (normalizeCouponCode(code).match(/.{1,4}/g) ?? []).join('-');
}

// ---- Wire shapes ----------------------------------------------------------------------------

/** A product in a white or black list; requests need only the id. */
export interface CouponProductRef {
  id: number;
  name?: string;
}

/**
 * POST /api/coupons/templates[/{id}]?eventId. Dates are ISO-8601 instants (UTC, e.g.
 * '2026-12-31T23:59:59.999Z'); startDate null means 'from now'.
 */
export interface CouponTemplateInput {
  name: string;
  /** Percent, > 0 and ≤ 100, 2 decimals. */
  value: number;
  type?: CouponType;
  categories: CouponCategory[];
  startDate: string | null;
  expirationDate: string;
  whiteList: CouponProductRef[];
  blackList: CouponProductRef[];
  /** On: edits reach the template's unused coupons. Off: coupons keep their generated values. */
  propagate: boolean;
}

export interface CouponCounters {
  generated: number;
  used: number;
  available: number;
  expired: number;
  invalidated: number;
  removed: number;
}

export interface CouponTemplateDto extends CouponCounters {
  id: number;
  eventId: number;
  name: string;
  value: number;
  type: CouponType;
  categories: CouponCategory[];
  startDate: string | null;
  expirationDate: string;
  whiteList: Required<CouponProductRef>[];
  blackList: Required<CouponProductRef>[];
  propagate: boolean;
}

export const COUPON_STATES = ['invalidated', 'used', 'expired', 'available'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  invalidated: 'Invalidado',
  used: 'Utilizado',
  expired: 'Expirado',
  available: 'Disponível',
};

export interface CouponDto {
  id: number;
  /** The random code the QR and the printed text carry (what `id_cupom` takes). */
  code: string;
  eventId: number;
  templateId: number;
  template: { name: string };
  value: number;
  categories: CouponCategory[];
  startDate: string | null;
  expirationDate: string;
  isValid: boolean;
  isUsed: boolean;
  /** The order that used it, and when (ISO-8601 UTC); null until used. */
  usedOrderId: number | null;
  usedAt: string | null;
  /** The paid order that generated it automatically; null for a printed one. */
  originOrderId: number | null;
  whiteList: Required<CouponProductRef>[];
  blackList: Required<CouponProductRef>[];
  /** couponState at the server's now. */
  state: CouponState;
  createdAt: string;
}

/** GET/POST /api/coupons/config?eventId. */
export interface CouponConfigDto {
  enabled: boolean;
  templateId: number | null;
  /** Cents (shown in reais). */
  minValue: Cents;
}

/** POST /api/carrinho/cupom/{id}: a code applies it, null / '' / absent removes it. */
export interface ApplyCouponRequest {
  id_cupom?: string | null;
}

// ---- Rules ----------------------------------------------------------------------------------

/**
 * SPEC.md section 4: invalidated (not valid), used, expired (now after the expiration instant,
 * both UTC), available. The expiration instant itself is still valid.
 */
export function couponState(
  coupon: { isValid: boolean; isUsed: boolean; expirationDate: string },
  now: Date,
): CouponState {
  if (!coupon.isValid) return 'invalidated';
  if (coupon.isUsed) return 'used';
  if (now.getTime() > Date.parse(coupon.expirationDate)) return 'expired';
  return 'available';
}

/** A coupon's rule: orders.ts's CouponRule plus the categories it covers. */
export interface CouponLineRule extends CouponRule {
  categories: readonly CouponCategory[];
}

/**
 * The percent a line gets from a coupon: 0 outside the coupon's categories, otherwise
 * orders.ts's couponPercentFor (no lists: all; blacklist: listed get 0; whitelist: only listed).
 */
export function couponLinePercent(
  line: { productId: number; type: CouponCategory },
  rule: CouponLineRule,
): number {
  if (!rule.categories.includes(line.type)) return 0;
  return couponPercentFor(line.productId, rule);
}

/** The products (of the event) a coupon may discount; the template needs at least one. */
export function couponAllowedProducts<P extends { id: number; type: CouponCategory }>(
  products: readonly P[],
  rule: Omit<CouponLineRule, 'value'>,
): P[] {
  return products.filter(
    (product) =>
      couponLinePercent({ productId: product.id, type: product.type }, { ...rule, value: 1 }) > 0,
  );
}

/** ISO-8601 instant → Date; null when unreadable. */
function instant(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    return null;
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * SPEC.md section 5's checks of a template form, in the order the form shows them; null when it
 * passes. `products` are the event's products (for 'no allowed product'). `checkStart`: the start
 * date is checked against now on create and when an edit changes it (a running template keeps
 * its past start). A start within the current minute counts as now.
 */
export function validateCouponTemplate(
  input: CouponTemplateInput,
  now: Date,
  products: readonly { id: number; type: CouponCategory }[],
  checkStart = true,
): string | null {
  const name = input.name.trim();
  if (name === '' || !Number.isFinite(input.value) || input.value === 0) return COUPON_FILL_FIELDS;
  if (name.length > COUPON_NAME_MAX) return COUPON_NAME_TOO_LONG;
  if (input.value > 100) return COUPON_PERCENT_OVER_100;
  if (input.value <= 0) return COUPON_PERCENT_NOT_POSITIVE;
  if (input.categories.length === 0) return COUPON_NO_CATEGORY;
  if (!input.expirationDate) return COUPON_NO_EXPIRATION;
  const expiration = instant(input.expirationDate);
  if (!expiration) return COUPON_INVALID_DATE;
  let start: Date | null = null;
  if (input.startDate) {
    start = instant(input.startDate);
    if (!start) return COUPON_INVALID_DATE;
    if (checkStart && start.getTime() < Math.floor(now.getTime() / 60_000) * 60_000) {
      return COUPON_START_BEFORE_NOW;
    }
  }
  if (start && expiration.getTime() <= start.getTime()) return COUPON_EXPIRATION_BEFORE_START;
  if (expiration.getTime() <= now.getTime()) return COUPON_EXPIRATION_PAST;
  const known = new Set(products.map((product) => product.id));
  const listed = [...input.whiteList, ...input.blackList];
  if (listed.some((product) => !known.has(product.id))) return COUPON_UNKNOWN_PRODUCT;
  const allowed = couponAllowedProducts(products, {
    categories: input.categories,
    whiteList: input.whiteList.map((product) => product.id),
    blackList: input.blackList.map((product) => product.id),
  });
  if (allowed.length === 0) return COUPON_NO_ALLOWED_PRODUCT;
  return null;
}
