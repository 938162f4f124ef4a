import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  REPORTS,
  formatCpf,
  formatPercent,
  type ReportCell,
  type ReportColumn,
  type ReportFilter,
  type ReportPage as ReportPageId,
} from '@balcao/contract';
import { column } from '../../ui/columns';
import { DataTable, type TableQuery } from '../../ui/data-table';
import { EventSelect } from '../../ui/event-select';
import { PeriodField } from '../../ui/period-field';
import { eventDateSortKey, formatDateTime, formatReais } from '../../ui/formats';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups, type LookupItem } from '../../app/lookups/slice';
import { PageFrame } from '../../ui/page-frame';
import { reportCsvRequested, reportRequested, selectReports } from './slice';
import './area';

type ResultRow = Record<string, ReportCell>;

/** The dropdown filters the SPA can offer, with the lookup that fills each. */
const FILTER_CHOICES: Record<
  ReportFilter,
  { label: string; lookup: 'centers' | 'courses' | 'productCategories' | 'products' }
> = {
  categoryId: { label: 'Categoria', lookup: 'productCategories' },
  centerId: { label: 'Núcleo', lookup: 'centers' },
  courseId: { label: 'Curso', lookup: 'courses' },
  productId: { label: 'Produto', lookup: 'products' },
};

/** Chart.js comes in its own chunk, only when a chart page opens. */
const ReportChart = lazy(() => import('./report-chart'));

export function formatCell(format: ReportColumn['format'], value: ReportCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (format === 'money') return formatReais(value);
  if (format === 'datetime') return formatDateTime(value);
  if (format === 'percent') return formatPercent(Number(value));
  if (format === 'cpf') return formatCpf(String(value));
  return String(value);
}

/** Any declared report (packages/contract/src/reports.ts): filters, table, totals, CSV. */
export function ReportPage({ page }: { page: ReportPageId }) {
  const declaration = REPORTS[page];
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedEvent);
  const lookups = useAppSelector(selectLookups);
  const events = lookups.events ?? [];
  const state = useAppSelector(selectReports);
  const result = state.page === page ? state.result : null;
  const [chosenEvent, setEventId] = useState<string | null>(null);
  // The selected event until the user picks one (it may arrive after the first render).
  const eventId = chosenEvent ?? String(selected?.id ?? events[0]?.id ?? '');
  const [inicio, setInicio] = useState('');
  const [fim, setFim] = useState('');
  const [choices, setChoices] = useState<Partial<Record<ReportFilter, string>>>({});

  const params = useMemo(() => {
    const query: Record<string, string> = { eventId };
    // Typed as dd/mm/yyyy hh:ii, sent as YYYY-MM-DD HH:mm; the server explains a bad one.
    if (inicio.trim()) query.inicio = eventDateSortKey(inicio.trim());
    if (fim.trim()) query.fim = eventDateSortKey(fim.trim());
    for (const [name, value] of Object.entries(choices)) if (value) query[name] = value;
    return query;
  }, [eventId, inicio, fim, choices]);

  const paged = 'paged' in declaration && declaration.paged === true;
  // What the server's search matches, on the reports it searches (busca).
  const searchHint = 'search' in declaration ? declaration.search : undefined;
  // Paged reports: the table's page and sort, sent with the filters.
  const tableQuery = useRef<TableQuery | null>(null);
  const pagingParams = (query: TableQuery | null): Record<string, string> =>
    query
      ? {
          pagina: String(Math.floor(query.start / query.length) + 1),
          por_pagina: String(query.length),
          ...(query.sort ? { ordem: query.sort, direcao: query.dir } : {}),
          // The table's 'Pesquisar' box, on the reports the server searches.
          ...(searchHint && query.search ? { busca: query.search } : {}),
        }
      : {};
  const search = () => {
    if (eventId === '') return;
    const query = paged && tableQuery.current ? { ...tableQuery.current, start: 0 } : null;
    dispatch(reportRequested({ page, params: { ...params, ...pagingParams(query) } }));
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- first load; later ones on 'Filtrar'
  useEffect(search, [page, eventId]);
  const onQueryChange = (query: TableQuery) => {
    const first = tableQuery.current === null;
    tableQuery.current = query;
    if (!first && eventId !== '') {
      dispatch(reportRequested({ page, params: { ...params, ...pagingParams(query) } }));
    }
  };

  const columns = useMemo(
    () =>
      declaration.columns.map((spec: ReportColumn) =>
        column<ResultRow>({
          id: spec.key,
          header: spec.label,
          text: (row) => formatCell(spec.format, row[spec.key]),
          sortValue: (row) =>
            spec.format === 'text' || spec.format === 'cpf'
              ? String(row[spec.key] ?? '')
              : Number(row[spec.key] ?? 0),
        }),
      ),
    [declaration],
  );
  const rows = (result?.rows ?? []) as ResultRow[];
  // The totals row: each summed figure under its column, 'Total' under the first one.
  const footer = useMemo(() => {
    if (!result || !declaration.columns.some((spec: ReportColumn) => spec.total)) return undefined;
    return Object.fromEntries(
      declaration.columns.map((spec: ReportColumn, index) => [
        spec.key,
        spec.total ? formatCell(spec.format, result.totals[spec.key]) : index === 0 ? 'Total' : '',
      ]),
    );
  }, [result, declaration]);

  return (
    <PageFrame title={declaration.title}>
      <Form
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <Row className="g-2 align-items-end">
          {/* Wide enough for an event's whole name beside the other filters. */}
          <Col md={6} xl={4}>
            <Form.Group controlId="report-event">
              <Form.Label>Evento</Form.Label>
              <EventSelect
                events={events}
                value={eventId}
                onChange={setEventId}
                emptyLabel="Selecione o evento"
              />
            </Form.Group>
          </Col>
          {declaration.filters.map((name) => {
            const choice = FILTER_CHOICES[name];
            const items: LookupItem[] = lookups[choice.lookup] ?? [];
            return (
              <Col md={2} key={name}>
                <Form.Group controlId={`report-${name}`}>
                  <Form.Label>{choice.label}</Form.Label>
                  <Form.Select
                    value={choices[name] ?? ''}
                    onChange={(e) => setChoices({ ...choices, [name]: e.target.value })}
                  >
                    <option value="">Todos</option>
                    {items.map((item) => (
                      <option key={item.id} value={String(item.id)}>
                        {item.name}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
            );
          })}
          <PeriodField id="report-inicio" label="Início" value={inicio} onChange={setInicio} />
          <PeriodField id="report-fim" label="Fim" value={fim} onChange={setFim} />
          <Col xs="auto" className="d-flex gap-2">
            <Button type="submit" disabled={eventId === ''}>
              Filtrar
            </Button>
            <Button
              type="button"
              variant="outline-secondary"
              disabled={eventId === ''}
              onClick={() => {
                // The CSV has every row of the filters and of the table's search.
                const busca = searchHint ? tableQuery.current?.search : undefined;
                dispatch(
                  reportCsvRequested({ page, params: busca ? { ...params, busca } : params }),
                );
              }}
            >
              Baixar CSV
            </Button>
          </Col>
        </Row>
      </Form>
      {'chart' in declaration && result && result.rows.length > 0 && (
        <div className="report-chart mb-3" style={{ height: 320 }}>
          <Suspense fallback={<p>Processando...</p>}>
            <ReportChart kind={declaration.chart} rows={rows} />
          </Suspense>
        </div>
      )}
      <DataTable<ResultRow>
        key={page}
        label={declaration.title}
        columns={columns}
        data={rows}
        getRowId={(row) => declaration.columns.map((spec) => String(row[spec.key] ?? '')).join('|')}
        defaultPageSize={100}
        loading={state.loading}
        server={
          paged
            ? {
                rowCount: result?.total_linhas ?? 0,
                totalCount: result?.total_linhas ?? 0,
                onQueryChange,
                searchable: searchHint !== undefined,
                searchHint,
              }
            : undefined
        }
        footer={footer}
      />
    </PageFrame>
  );
}

/** One component per menu page, for the lazy page table (src/pages.tsx). */
export const REPORT_PAGES = {} as Record<ReportPageId, ComponentType>;
for (const page of Object.keys(REPORTS) as ReportPageId[]) {
  REPORT_PAGES[page] = function DeclaredReportPage() {
    return <ReportPage page={page} />;
  };
}
