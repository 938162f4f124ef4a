/** SPEC.md section 3: the print services a printer mapping routes, with their pt-BR labels. */
export const PRINT_SERVICES = [
  'BADGE',
  'COUPON',
  'PRODUCT',
  'CHECKOUT',
  'DELIVERY',
  'COURSEWARE',
] as const;

export type PrintService = (typeof PRINT_SERVICES)[number];

export const PRINT_SERVICE_LABELS: Record<PrintService, string> = {
  BADGE: 'Crachá',
  COUPON: 'Cupom',
  PRODUCT: 'Produto',
  CHECKOUT: 'Caixa',
  DELIVERY: 'Expedição',
  COURSEWARE: 'Selo',
};
