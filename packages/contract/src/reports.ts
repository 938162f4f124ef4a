import type { AdminPage } from './menu.ts';
import type { Permission } from './permissions.ts';

/**
 * The reports as declarations both sides read (docs/reports-api.md): the filters each takes, its
 * columns and their formats. The server pairs each with one SQL query; one SPA page renders any.
 */
export type ReportFilter = 'categoryId' | 'centerId' | 'productId' | 'courseId';
/** 'cpf': shown and exported as 000.000.000-00 (bare digits lose their leading zero in a sheet). */
export type ReportFormat = 'text' | 'integer' | 'money' | 'datetime' | 'percent' | 'cpf';

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
  /** Long lists: the server answers one page at a time, sorted as asked (ReportPaging). */
  paged?: boolean;
  /**
   * A paged report the server searches (the `busca` query parameter): what it matches, shown in
   * its search box ('Nome ou CPF'). A paged report without it shows no search box.
   */
  search?: string;
  /** The permissions that open it; Report when absent. */
  access?: readonly Permission[];
  /** Only in the production app mode (SPEC.md section 2); not served in FULL_SGE. */
  productionOnly?: boolean;
  /** Shown as a Chart.js chart (features/reports/report-chart.tsx) above its table. */
  chart?: 'bar' | 'line';
}

/** Query parameters of a paged report; the CSV always carries every row. */
export interface ReportPaging {
  /** 1-based; default 1. */
  pagina?: number;
  /** Rows per page, 1 to 1000; default 100. */
  por_pagina?: number;
  /** A column key; default the report's own order. */
  ordem?: string;
  direcao?: 'asc' | 'desc';
  /** Paged reports with `search`: only the rows whose name or CPF contains it (any case). */
  busca?: string;
}
export const REPORT_PAGE_SIZE = 100;
export const REPORT_MAX_PAGE_SIZE = 1000;

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
const CPF: ReportColumn = { key: 'cpf', label: 'CPF', format: 'cpf' };
const COURSEWARE_FILTERS = ['courseId', 'centerId'] as const;
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
    chart: 'line',
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
    paged: true,
    search: 'Nome ou CPF',
    columns: [
      text('produto', 'Produto'),
      CPF,
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
    paged: true,
    search: 'Cliente ou CPF',
    columns: [
      { key: 'pedido', label: 'Pedido', format: 'integer' },
      { key: 'pago_em', label: 'Pago em', format: 'datetime' },
      CPF,
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
      text('codigo', 'Código'),
      { key: 'percentual', label: 'Percentual', format: 'percent' },
      count('pedidos', 'Pedidos'),
      money('desconto', 'Desconto'),
      money('total', 'Total'),
    ],
  },
  REPORT_SALES_DISTRIBUTION: {
    path: 'distribuicao_valores',
    title: 'Gráfico de distribuição de vendas',
    page: 'REPORT_SALES_DISTRIBUTION',
    fileName: 'distribuicao-de-vendas',
    filters: [],
    chart: 'bar',
    columns: [
      text('categoria', 'Categoria'),
      count('quantidade', 'Quantidade'),
      money('total', 'Total'),
      { key: 'percentual', label: 'Percentual', format: 'percent' },
    ],
  },
  REPORT_COURSEWARES: {
    path: 'apostilas',
    title: 'Relatório de Apostilas',
    page: 'REPORT_COURSEWARES',
    fileName: 'apostilas',
    filters: COURSEWARE_FILTERS,
    paged: true,
    access: ['Courseware'],
    productionOnly: true,
    columns: [
      text('codigo', 'Código'),
      text('curso', 'Curso'),
      text('nucleo', 'Núcleo'),
      text('situacao', 'Situação'),
      CPF,
      text('participante', 'Participante'),
      count('impressoes', 'Impressões'),
      { key: 'atualizado_em', label: 'Atualizado em', format: 'datetime' },
    ],
  },
  REPORT_CENTER_COURSEWARES: {
    path: 'selos',
    title: 'Relatório de Apostilas por Núcleo',
    page: 'REPORT_CENTER_COURSEWARES',
    fileName: 'apostilas-por-nucleo',
    filters: COURSEWARE_FILTERS,
    productionOnly: true,
    columns: [
      text('nucleo', 'Núcleo'),
      text('curso', 'Curso'),
      count('emitido', 'Emitido'),
      count('impresso', 'Impresso'),
      count('associado', 'Associado'),
      count('devolvido', 'Devolvido'),
      count('trocado', 'Trocado'),
      count('cancelado', 'Cancelado'),
      count('total', 'Total'),
    ],
  },
} as const satisfies Partial<Record<AdminPage, ReportDeclaration>>;

export type ReportPage = keyof typeof REPORTS;

/** A cell on the wire: money in reais with 2 decimals, instants as ISO UTC. */
export type ReportCell = string | number | null;

export interface ReportResult {
  rows: Record<string, ReportCell>[];
  /** One figure per column marked `total`, over every row (not only the page). */
  totals: Record<string, number>;
  /** Paged reports: how many rows the whole report has. */
  total_linhas?: number;
}

export interface DashboardReport {
  total: number;
  pago: number;
  a_receber: number;
}
