import type { AdminPage } from './menu.ts';

/**
 * The reports as declarations both sides read (docs/reports-api.md): the filters each takes, its
 * columns and their formats. The server pairs each with one SQL query; one SPA page renders any.
 */
export type ReportFilter = 'categoryId' | 'centerId' | 'productId' | 'courseId';
export type ReportFormat = 'text' | 'integer' | 'money' | 'datetime' | 'percent';

export interface ReportColumn {
  key: string;
  label: string;
  format: ReportFormat;
  /** Summed (in SQL) into the totals row. */
  total?: boolean;
}

export interface ReportDeclaration {
  /** Under /api/reports/; the CSV is the same path with /csv. */
  path: string;
  title: string;
  page: AdminPage;
  /** The CSV's name, without extension. */
  fileName: string;
  /** Besides eventId, inicio and fim, which every report takes. */
  filters: readonly ReportFilter[];
  columns: readonly ReportColumn[];
}

const money = (key: string, label: string): ReportColumn => ({
  key,
  label,
  format: 'money',
  total: true,
});
const count = (key: string, label: string): ReportColumn => ({
  key,
  label,
  format: 'integer',
  total: true,
});
const text = (key: string, label: string): ReportColumn => ({ key, label, format: 'text' });
const SALES_FIGURES = [
  count('pedidos', 'Pedidos'),
  count('quantidade', 'Quantidade'),
  money('bruto', 'Valor bruto'),
  money('descontos', 'Descontos'),
  money('total', 'Total'),
];

export const REPORTS = {
  REPORT_TOTAL_SALES: {
    path: 'vendas/total',
    title: 'Vendas Totais',
    page: 'REPORT_TOTAL_SALES',
    fileName: 'vendas-totais',
    filters: ['categoryId'],
    columns: [text('categoria', 'Categoria'), ...SALES_FIGURES],
  },
  REPORT_CENTER_SALES: {
    path: 'vendas/dos_nucleos',
    title: 'Vendas dos Núcleos',
    page: 'REPORT_CENTER_SALES',
    fileName: 'vendas-dos-nucleos',
    filters: ['centerId', 'categoryId'],
    columns: [text('nucleo', 'Núcleo'), ...SALES_FIGURES],
  },
  REPORT_PARTICIPANT_PURCHASES: {
    path: 'vendas/por_nucleos',
    title: 'Compras dos Participantes',
    page: 'REPORT_PARTICIPANT_PURCHASES',
    fileName: 'compras-dos-participantes',
    filters: ['centerId', 'categoryId'],
    columns: [text('nucleo', 'Núcleo'), ...SALES_FIGURES],
  },
  REPORT_PRODUCT_SALES: {
    path: 'vendas/por_produtos',
    title: 'Vendas por Produtos',
    page: 'REPORT_PRODUCT_SALES',
    fileName: 'vendas-por-produtos',
    filters: ['categoryId', 'productId'],
    columns: [text('produto', 'Produto'), text('categoria', 'Categoria'), ...SALES_FIGURES],
  },
  REPORT_PAYMENT_SALES: {
    path: 'vendas/por_pagamentos',
    title: 'Vendas por Pagamento',
    page: 'REPORT_PAYMENT_SALES',
    fileName: 'vendas-por-pagamento',
    filters: [],
    columns: [
      text('forma_pagamento', 'Forma de pagamento'),
      count('pagamentos', 'Pagamentos'),
      money('total', 'Total'),
    ],
  },
  REPORT_ACCUMULATED_SALES: {
    path: 'vendas',
    title: 'Gráfico do acumulado de vendas',
    page: 'REPORT_ACCUMULATED_SALES',
    fileName: 'acumulado-de-vendas',
    filters: [],
    columns: [
      { key: 'hora', label: 'Hora', format: 'datetime' },
      money('total', 'Total'),
      { key: 'acumulado', label: 'Acumulado', format: 'money' },
    ],
  },
  REPORT_PRODUCT_BUYERS: {
    path: 'compradores/por_produto',
    title: 'Compradores por Produto',
    page: 'REPORT_PRODUCT_BUYERS',
    fileName: 'compradores-por-produto',
    filters: ['categoryId', 'productId'],
    columns: [
      text('produto', 'Produto'),
      text('cpf', 'CPF'),
      text('nome', 'Nome'),
      count('quantidade', 'Quantidade'),
      money('total', 'Total'),
    ],
  },
  REPORT_PAID_CARTS: {
    path: 'carrinhos/pagos',
    title: 'Carrinhos Pagos',
    page: 'REPORT_PAID_CARTS',
    fileName: 'carrinhos-pagos',
    filters: [],
    columns: [
      { key: 'pedido', label: 'Pedido', format: 'integer' },
      { key: 'pago_em', label: 'Pago em', format: 'datetime' },
      text('cpf', 'CPF'),
      text('cliente', 'Cliente'),
      text('vendedor', 'Vendedor'),
      text('caixa', 'Caixa'),
      text('situacao', 'Situação'),
      count('quantidade', 'Itens'),
      money('total', 'Total'),
    ],
  },
  REPORT_COUPONS: {
    path: 'cupons',
    title: 'Relatório de cupons',
    page: 'REPORT_COUPONS',
    fileName: 'cupons',
    filters: [],
    columns: [
      text('cupom', 'Cupom'),
      { key: 'percentual', label: 'Percentual', format: 'percent' },
      count('pedidos', 'Pedidos'),
      money('desconto', 'Desconto'),
      money('total', 'Total'),
    ],
  },
} as const satisfies Partial<Record<AdminPage, ReportDeclaration>>;

export type ReportPage = keyof typeof REPORTS;

/** A cell on the wire: money in reais with 2 decimals, instants as ISO UTC. */
export type ReportCell = string | number | null;

export interface ReportResult {
  rows: Record<string, ReportCell>[];
  /** One figure per column marked `total`. */
  totals: Record<string, number>;
}

export interface DashboardReport {
  total: number;
  pago: number;
  a_receber: number;
}
