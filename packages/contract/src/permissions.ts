/** The permission names of SPEC.md section 6, in the order the product lists them. */
export const PERMISSIONS = [
  'System',
  'Center',
  'Course',
  'Coupons',
  'Courseware',
  'ChangeCourseware',
  'ReturnCourseware',
  'Event',
  'Participant',
  'Subscription',
  'ImportParticipants',
  'ImportProducts',
  'Attendance',
  'Product',
  'ProductTags',
  'Store',
  'Checkout',
  'Delivery',
  'StoreCheckout',
  'StoreCheckoutDelivery',
  'CheckoutDelivery',
  'Report',
  'Lottery',
  // Not in SPEC.md: the self-service kiosk (issue #43). A user holding it is a kiosk and nothing
  // else: it sees only the kiosk page and reaches only the kiosk's calls (isKiosk).
  'Kiosk',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Friendly pt-BR names shown in the profile checklist. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  System: 'Sistema',
  Center: 'Núcleos',
  Course: 'Cursos',
  Coupons: 'Cupons',
  Courseware: 'Apostilas',
  ChangeCourseware: 'Troca de Apostila',
  ReturnCourseware: 'Devolução de Apostilas',
  Event: 'Eventos',
  Participant: 'Gerenciar Participantes',
  Subscription: 'Credenciamento',
  ImportParticipants: 'Importar Participantes',
  ImportProducts: 'Importar Produtos e Cursos',
  Attendance: 'Lista de Presença',
  Product: 'Produtos',
  ProductTags: 'Etiquetas de Produtos',
  Store: 'Vendas',
  Checkout: 'Caixa',
  Delivery: 'Expedição',
  StoreCheckout: 'Loja Vendas+Caixa',
  StoreCheckoutDelivery: 'Loja Vendas+Caixa+Expedição',
  CheckoutDelivery: 'Loja Caixa+Expedição',
  Report: 'Relatórios',
  Lottery: 'Sorteio',
  Kiosk: 'Quiosque',
};

/** A kiosk user (issue #43): whatever else it holds, it is only a kiosk. */
export function isKiosk(permissions: readonly string[]): boolean {
  return permissions.includes('Kiosk');
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** Permissions that may sell at the store (the cashier loads products only for these). */
export const STORE_PERMISSIONS: readonly Permission[] = [
  'Store',
  'StoreCheckout',
  'StoreCheckoutDelivery',
];
