import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { ReportCell } from '@balcao/contract';
import { formatDateTime, formatReais } from '../../ui/formats';

/**
 * The two report charts (SPEC.md: 'Gráfico de distribuição de vendas', 'Gráfico do acumulado de
 * vendas'), drawn by Chart.js. This module is imported lazily by report-page.tsx, so Chart.js is
 * downloaded only when a chart page opens.
 */
ChartJS.register(
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
);

/** SPEC.md section 9: the 7 fixed chart colours. */
export const CHART_COLORS = [
  '#3366cc',
  '#dc3912',
  '#ff9900',
  '#109618',
  '#990099',
  '#0099c6',
  '#dd4477',
] as const;

type Row = Record<string, ReportCell>;

const moneyAxis = {
  ticks: { callback: (value: string | number) => formatReais(Number(value)) },
};
const moneyTooltip = {
  callbacks: {
    label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) =>
      `${item.dataset.label ?? ''}: ${formatReais(item.parsed.y ?? 0)}`,
  },
};

export default function ReportChart({ kind, rows }: { kind: 'bar' | 'line'; rows: Row[] }) {
  if (kind === 'bar') {
    return (
      <Bar
        aria-label="Gráfico de distribuição de vendas"
        role="img"
        data={{
          labels: rows.map((row) => String(row.categoria ?? '')),
          datasets: [
            {
              label: 'Total',
              data: rows.map((row) => Number(row.total ?? 0)),
              backgroundColor: rows.map((_, index) => CHART_COLORS[index % CHART_COLORS.length]),
            },
          ],
        }}
        options={{
          locale: 'pt-BR',
          maintainAspectRatio: false,
          plugins: { legend: { display: false }, tooltip: moneyTooltip },
          scales: { y: { ...moneyAxis, title: { display: true, text: 'Vendas (R$)' } } },
        }}
      />
    );
  }
  // A single hour of sales is one point per line: drawn large, off the axes, above a zero base.
  const alone = rows.length === 1;
  return (
    <Line
      aria-label="Gráfico do acumulado de vendas"
      role="img"
      data={{
        labels: rows.map((row) => formatDateTime(row.hora).slice(0, 16)),
        datasets: [
          {
            label: 'Acumulado',
            data: rows.map((row) => Number(row.acumulado ?? 0)),
            borderColor: CHART_COLORS[0],
            backgroundColor: `${CHART_COLORS[0]}33`,
            fill: true,
            pointRadius: alone ? 8 : 3,
          },
          {
            label: 'Vendas na hora',
            data: rows.map((row) => Number(row.total ?? 0)),
            borderColor: CHART_COLORS[1],
            backgroundColor: CHART_COLORS[1],
            pointRadius: alone ? 6 : 3,
          },
        ],
      }}
      options={{
        locale: 'pt-BR',
        maintainAspectRatio: false,
        plugins: { tooltip: moneyTooltip },
        scales: {
          x: { offset: alone, title: { display: true, text: 'Hora' } },
          y: {
            ...moneyAxis,
            beginAtZero: true,
            title: { display: true, text: 'Vendas (R$)' },
          },
        },
      }}
    />
  );
}
