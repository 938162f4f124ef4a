import { CERTIFICATE_PERMISSION } from './certificates.ts';
import { isKiosk, type Permission } from './permissions.ts';

/**
 * `BALCAO_APP_MODE`: `production` is the standalone product with its own registries
 * (SPEC.md's "production build only" items); `FULL_SGE` runs beside an external SGE that owns
 * countries, cities, centers, courses and coursewares, and may send e-mails.
 */
export const APP_MODES = ['production', 'FULL_SGE'] as const;
export type AppMode = (typeof APP_MODES)[number];

export const LAND_PAGES = ['LOGIN', 'ADMIN', 'LOTTERY'] as const;
export type LandPage = (typeof LAND_PAGES)[number];

/** The menu's collapsible headings, in the order they show. */
export const MENU_GROUPS = [
  'Credenciamento',
  'Loja',
  'Cupons',
  'Relatórios',
  'Cadastros',
  'Configurações',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface MenuItem {
  page: AdminPage;
  label: string;
  /** The heading the item sits under; SPEC.md's order is kept inside each group. */
  group: MenuGroup;
  /** A longer name where the label alone is ambiguous (the report 'Cupons'): tooltip and title. */
  title?: string;
  /** Shown when the user holds any of these; an empty list is always shown. */
  permissions: readonly Permission[];
  productionOnly?: boolean;
  /** Shown only outside production mode. */
  nonProductionOnly?: boolean;
}

const REPORT: readonly Permission[] = ['Report'];
const SYSTEM: readonly Permission[] = ['System'];

/** SPEC.md section 2, in menu order. 'Sair' is an action, not a page, and is added by the shell. */
export const MENU = [
  {
    page: 'SUBSCRIPTION',
    group: 'Credenciamento',
    label: 'Credenciamento',
    permissions: ['Subscription'],
  },
  {
    page: 'CHANGE_COURSEWARE',
    group: 'Credenciamento',
    label: 'Troca de Apostila',
    permissions: ['ChangeCourseware'],
  },
  {
    page: 'PARTICIPANTS_LIMITED',
    group: 'Credenciamento',
    label: 'Participantes',
    permissions: ['Subscription'],
  },
  // Not in SPEC.md's menu: the self-service kiosks at a glance (issue #43), for the desk's
  // supervisors and admins (PIN and reprint policy: System only, docs/kiosk-api.md).
  {
    page: 'KIOSKS',
    group: 'Credenciamento',
    label: 'Quiosques',
    permissions: ['Subscription', 'System'],
  },
  {
    page: 'IMPORT_PARTICIPANTS',
    group: 'Credenciamento',
    label: 'Importar Participantes',
    permissions: ['ImportParticipants'],
  },
  {
    page: 'IMPORT_PRODUCTS',
    group: 'Loja',
    label: 'Importar Produtos e Cursos',
    permissions: ['ImportProducts'],
  },
  {
    page: 'PARTICIPANTS',
    group: 'Credenciamento',
    label: 'Gerenciar Participantes',
    permissions: ['Participant'],
  },
  {
    page: 'ATTENDANCE',
    group: 'Credenciamento',
    label: 'Lista de Presença',
    permissions: ['Attendance', 'Report'],
  },
  // Not in SPEC.md's menu: an event's certificates of attendance and their verification (issue #44).
  {
    page: 'CERTIFICATES',
    group: 'Credenciamento',
    label: 'Certificados',
    permissions: [CERTIFICATE_PERMISSION],
  },
  { page: 'PROFILES', group: 'Configurações', label: 'Perfis de Usuários', permissions: SYSTEM },
  { page: 'USERS', group: 'Configurações', label: 'Usuários', permissions: SYSTEM },
  { page: 'PRINTERS', group: 'Configurações', label: 'Impressoras', permissions: SYSTEM },
  { page: 'PRINT_QUEUE', group: 'Configurações', label: 'Fila de impressão', permissions: SYSTEM },
  // Not in SPEC.md's menu: the event's own badge, selo and coupon layouts (issue #27).
  { page: 'LAYOUTS', group: 'Configurações', label: 'Layouts de impressão', permissions: SYSTEM },
  // Not in SPEC.md's menu: the cashier's payment methods are editable (issue 'Store I').
  {
    page: 'PAYMENT_METHODS',
    group: 'Configurações',
    label: 'Formas de pagamento',
    permissions: SYSTEM,
  },
  // Not in SPEC.md's menu: who changed what (issue 17, 'Audit log').
  { page: 'AUDIT', group: 'Configurações', label: 'Auditoria', permissions: SYSTEM },
  // Not in SPEC.md's menu: the first-run checklist with its optional steps, kept reachable once
  // the required ones are done (it also sits atop the menu while they are not).
  { page: 'SETUP', group: 'Configurações', label: 'Primeiros passos', permissions: SYSTEM },
  {
    page: 'COUNTRIES',
    group: 'Cadastros',
    label: 'Países',
    permissions: SYSTEM,
    productionOnly: true,
  },
  {
    page: 'CITIES',
    group: 'Cadastros',
    label: 'Cidades',
    permissions: SYSTEM,
    productionOnly: true,
  },
  {
    page: 'CENTERS',
    group: 'Cadastros',
    label: 'Núcleos',
    permissions: ['Center'],
    productionOnly: true,
  },
  {
    page: 'COURSES',
    group: 'Cadastros',
    label: 'Cursos',
    permissions: ['Course'],
    productionOnly: true,
  },
  {
    page: 'COURSEWARES',
    group: 'Cadastros',
    label: 'Apostilas',
    permissions: ['Courseware'],
    productionOnly: true,
  },
  {
    page: 'RETURN_COURSEWARE',
    group: 'Credenciamento',
    label: 'Devolução de Apostilas',
    permissions: ['ReturnCourseware'],
    productionOnly: true,
  },
  { page: 'EVENTS', group: 'Cadastros', label: 'Eventos', permissions: ['Event'] },
  { page: 'PRODUCTS', group: 'Loja', label: 'Produtos', permissions: ['Product'] },
  // SPEC.md lists the tag page under Product and makes it ProductTags' first page: either opens it.
  {
    page: 'PRODUCT_TAGS',
    group: 'Loja',
    label: 'Etiquetas de Produtos',
    permissions: ['Product', 'ProductTags'],
  },
  { page: 'STORE', group: 'Loja', label: 'Vendas', permissions: ['Store'] },
  {
    page: 'COUPON_TEMPLATES',
    group: 'Cupons',
    label: 'Template de Cupons',
    permissions: ['Coupons'],
  },
  { page: 'COUPONS', group: 'Cupons', label: 'Cupons', permissions: ['Coupons'] },
  { page: 'CHECKOUT', group: 'Loja', label: 'Caixa', permissions: ['Checkout'] },
  { page: 'DELIVERY', group: 'Loja', label: 'Expedição', permissions: ['Delivery'] },
  {
    page: 'STORE_CHECKOUT',
    group: 'Loja',
    label: 'Loja Vendas+Caixa',
    permissions: ['StoreCheckout'],
  },
  {
    page: 'CHECKOUT_DELIVERY',
    group: 'Loja',
    label: 'Loja Caixa+Expedição',
    permissions: ['CheckoutDelivery'],
  },
  {
    page: 'STORE_CHECKOUT_DELIVERY',
    group: 'Loja',
    label: 'Loja Vendas+Caixa+Expedição',
    permissions: ['StoreCheckoutDelivery'],
  },
  { page: 'PAID_ORDERS', group: 'Loja', label: 'Pedidos pagos', permissions: SYSTEM },
  // Not in SPEC.md's menu: the Pix to give back and the refunds asked of the PSP (issue #28),
  // beside 'Pedidos pagos' and with the estorno's permission (PIX_REFUND_PERMISSIONS).
  { page: 'PIX_REFUNDS', group: 'Loja', label: 'Devoluções PIX', permissions: SYSTEM },
  {
    page: 'REPORT_DASHBOARD',
    group: 'Relatórios',
    label: 'Relatório Dashboard',
    permissions: REPORT,
  },
  {
    page: 'REPORT_COURSEWARES',
    group: 'Relatórios',
    label: 'Relatório de Apostilas',
    permissions: ['Courseware'],
    productionOnly: true,
  },
  { page: 'REPORT_TOTAL_SALES', group: 'Relatórios', label: 'Vendas Totais', permissions: REPORT },
  {
    page: 'REPORT_CENTER_SALES',
    group: 'Relatórios',
    label: 'Vendas dos Núcleos',
    permissions: REPORT,
  },
  {
    page: 'REPORT_PARTICIPANT_PURCHASES',
    group: 'Relatórios',
    label: 'Compras dos Participantes',
    permissions: REPORT,
  },
  {
    page: 'REPORT_PRODUCT_SALES',
    group: 'Relatórios',
    label: 'Vendas por Produtos',
    permissions: REPORT,
  },
  { page: 'REPORT_PAID_CARTS', group: 'Relatórios', label: 'Carrinhos Pagos', permissions: REPORT },
  {
    page: 'REPORT_PAYMENT_SALES',
    group: 'Relatórios',
    label: 'Vendas por Pagamento',
    permissions: REPORT,
  },
  // Not in SPEC.md's menu: the cash drawers' closings per event for managers (issue 'Store II').
  {
    page: 'REPORT_DRAWER_SESSIONS',
    group: 'Relatórios',
    label: 'Sessões de caixa',
    permissions: REPORT,
  },
  {
    page: 'REPORT_PRODUCT_BUYERS',
    group: 'Relatórios',
    label: 'Compradores por Produto',
    permissions: REPORT,
  },
  // The report shares its label with the coupon list (SPEC.md): its title tells them apart.
  {
    page: 'REPORT_COUPONS',
    group: 'Relatórios',
    label: 'Cupons',
    title: 'Relatório de cupons',
    permissions: REPORT,
  },
  {
    page: 'REPORT_SALES_DISTRIBUTION',
    group: 'Relatórios',
    label: 'Gráfico de distribuição de vendas',
    permissions: REPORT,
  },
  {
    page: 'REPORT_ACCUMULATED_SALES',
    group: 'Relatórios',
    label: 'Gráfico do acumulado de vendas',
    permissions: REPORT,
  },
  {
    page: 'REPORT_CENTER_COURSEWARES',
    group: 'Relatórios',
    label: 'Relatório de Apostilas por Núcleo',
    permissions: REPORT,
    productionOnly: true,
  },
  {
    page: 'SEND_EMAILS',
    group: 'Configurações',
    label: 'Enviar e-mails',
    permissions: SYSTEM,
    nonProductionOnly: true,
  },
  {
    page: 'LOTTERY_CONFIG',
    group: 'Configurações',
    label: 'Configurar sorteio',
    permissions: ['Lottery'],
  },
  {
    page: 'LOTTERY_AUDIT',
    group: 'Configurações',
    label: 'Auditoria do sorteio',
    permissions: ['Lottery'],
  },
  {
    page: 'FOOD_CONFIG',
    group: 'Configurações',
    label: 'Configurar alimentos',
    permissions: SYSTEM,
  },
  {
    page: 'COUPON_CONFIG',
    group: 'Cupons',
    label: 'Configurar cupons automáticos',
    permissions: ['Coupons'],
  },
  { page: 'WEBCAM_CONFIG', group: 'Configurações', label: 'Configurar webcam', permissions: [] },
] as const satisfies readonly (Omit<MenuItem, 'page'> & { page: string })[];

/**
 * Pages reached from outside the menu: the top bar's password change and two-factor login
 * ('Autenticação em dois fatores').
 */
export const EXTRA_PAGES = ['PASSWORD', 'TOTP'] as const;

export type AdminPage = (typeof MENU)[number]['page'] | (typeof EXTRA_PAGES)[number];

/** The first page of each permission, in the order SPEC.md section 2 tries them after login. */
export const FIRST_PAGES: readonly (readonly [Permission, AdminPage])[] = [
  ['System', 'USERS'],
  ['Center', 'CENTERS'],
  ['Course', 'COURSES'],
  ['Coupons', 'COUPON_CONFIG'],
  ['Courseware', 'COURSEWARES'],
  ['ChangeCourseware', 'CHANGE_COURSEWARE'],
  ['ReturnCourseware', 'RETURN_COURSEWARE'],
  ['Event', 'EVENTS'],
  ['Participant', 'PARTICIPANTS'],
  ['Subscription', 'SUBSCRIPTION'],
  ['ImportParticipants', 'IMPORT_PARTICIPANTS'],
  ['ImportProducts', 'IMPORT_PRODUCTS'],
  ['Attendance', 'ATTENDANCE'],
  ['Product', 'PRODUCTS'],
  ['ProductTags', 'PRODUCT_TAGS'],
  ['Store', 'STORE'],
  ['Checkout', 'CHECKOUT'],
  ['Delivery', 'DELIVERY'],
  ['StoreCheckout', 'STORE_CHECKOUT'],
  ['CheckoutDelivery', 'CHECKOUT_DELIVERY'],
  ['StoreCheckoutDelivery', 'STORE_CHECKOUT_DELIVERY'],
  ['Report', 'REPORT_TOTAL_SALES'],
  ['Lottery', 'LOTTERY_CONFIG'],
];

/** Items whose label becomes 'Loja' when the user holds exactly one of their permissions. */
const LOJA_PERMISSIONS: readonly Permission[] = [
  'Checkout',
  'CheckoutDelivery',
  'StoreCheckoutDelivery',
];
const LOJA_PAGES: readonly AdminPage[] = [
  'CHECKOUT',
  'CHECKOUT_DELIVERY',
  'STORE_CHECKOUT_DELIVERY',
];

function holdsAny(held: readonly string[], wanted: readonly Permission[]): boolean {
  return wanted.length === 0 || wanted.some((p) => held.includes(p));
}

function visibleInMode(item: MenuItem, mode: AppMode): boolean {
  if (item.productionOnly && mode !== 'production') return false;
  if (item.nonProductionOnly && mode === 'production') return false;
  return true;
}

/**
 * The menu a user sees: items they hold a permission for, in this mode, with the 'Loja' rule. The
 * rule names a user's one store screen; beside 'Loja Vendas+Caixa' (StoreCheckout, not one of the
 * rule's permissions) a bare 'Loja' would not say which screen is which, so there every item
 * keeps its own label (issue #47: 'Loja' was the Caixa).
 */
export function menuFor(permissions: readonly string[], mode: AppMode): MenuItem[] {
  // A kiosk sees its kiosk page and nothing else (issue #43).
  if (isKiosk(permissions)) return [];
  const lojaCount = LOJA_PERMISSIONS.filter((p) => permissions.includes(p)).length;
  const items = (MENU as readonly MenuItem[]).filter(
    (item) => visibleInMode(item, mode) && holdsAny(permissions, item.permissions),
  );
  const otherLoja = items.some((item) => item.page === 'STORE_CHECKOUT');
  return items.map((item) =>
    lojaCount === 1 && !otherLoja && LOJA_PAGES.includes(item.page)
      ? { ...item, label: 'Loja' }
      : item,
  );
}

/** The user's menu under its headings: groups in MENU_GROUPS order, empty ones left out. */
export function menuGroupsFor(
  permissions: readonly string[],
  mode: AppMode,
): { group: MenuGroup; items: MenuItem[] }[] {
  const items = menuFor(permissions, mode);
  return MENU_GROUPS.map((group) => ({
    group,
    items: items.filter((item) => item.group === group),
  })).filter((entry) => entry.items.length > 0);
}

/** The page a user lands on after login, or null for the blank 'Nenhuma permissão' page. */
export function firstPageFor(permissions: readonly string[], mode: AppMode): AdminPage | null {
  const visible = new Set(menuFor(permissions, mode).map((item) => item.page));
  for (const [permission, page] of FIRST_PAGES) {
    if (permissions.includes(permission) && visible.has(page)) return page;
  }
  return null;
}

/** Whether the user may open a page (the menu's rule; extra pages are open to everyone). */
export function canOpenPage(
  permissions: readonly string[],
  mode: AppMode,
  page: AdminPage,
): boolean {
  if (EXTRA_PAGES.some((name) => name === page)) return true;
  return menuFor(permissions, mode).some((item) => item.page === page);
}

/** Combined store screens start on the sales tab, or on the cashier tab for cashier+delivery. */
export function initialStoreTab(page: AdminPage): 'SALE' | 'CHECKOUT' | 'DELIVERY' | null {
  switch (page) {
    case 'STORE':
    case 'STORE_CHECKOUT':
    case 'STORE_CHECKOUT_DELIVERY':
      return 'SALE';
    case 'CHECKOUT':
    case 'CHECKOUT_DELIVERY':
      return 'CHECKOUT';
    case 'DELIVERY':
      return 'DELIVERY';
    default:
      return null;
  }
}
