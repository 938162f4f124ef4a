import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type FilterFn,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { TableColumn } from './columns';

/** SPEC.md section 9. */
export const PAGE_SIZES = [10, 20, 30, 40, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** SPEC.md's sizes plus a table's own default when it is not one of them (the lottery's 8). */
function pageSizesWith(pageSize: number): number[] {
  return [...new Set<number>([...PAGE_SIZES, pageSize])].sort((a, b) => a - b);
}
const SEARCH_DELAY_MS = 300;

/** The page a server-side table asks for (docs/table-protocol.md). */
export interface TableQuery {
  start: number;
  length: number;
  search: string;
  sort: string;
  dir: 'asc' | 'desc';
}

export interface ServerSide {
  /** Rows matching the search (`recordsFiltered`). */
  rowCount: number;
  /** Rows before the search (`recordsTotal`). */
  totalCount: number;
  /** Called with the first page on mount and whenever paging, sorting or the search changes. */
  onQueryChange: (query: TableQuery) => void;
  /** What the server's search matches ('Nome ou CPF'), the box's placeholder. */
  searchHint?: string;
  /** False when the server does not search: no 'Pesquisar' box (default true). */
  searchable?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a hidden caption). */
  label: string;
  columns: readonly TableColumn<Row>[];
  data: readonly Row[];
  getRowId: (row: Row) => string;
  defaultPageSize?: number;
  /** The initial sort; SPEC.md's default is the first column ascending. */
  defaultSort?: { id: string; desc: boolean };
  /** Server mode: the data is one page the owner fetched for the last query. */
  server?: ServerSide;
  loading?: boolean;
  onCreate?: () => void;
  onEdit?: (row: Row) => void;
  onRemove?: (row: Row) => void;
  /** The create button's text ('Novo' by default). */
  createLabel?: string;
  /** Extra toolbar buttons, given the selected row (when one) and every selected row. */
  toolbar?: (selected: Row | null, selectedRows: readonly Row[]) => ReactNode;
  /**
   * Several rows can be selected (a checkbox per row and one for the page); edit and remove act
   * on a single selected row.
   */
  multiSelect?: boolean;
  /** A row's name for its selection checkbox ('Selecionar {name}'). */
  rowLabel?: (row: Row) => string;
  /** Columns not shown that the search box still matches (e.g. the sale table's Totvs code). */
  hiddenColumns?: readonly string[];
  /** A totals row under the rows, one cell per column id, each under its own column. */
  footer?: Readonly<Record<string, ReactNode>>;
}

export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR');
}

const count = (value: number) => value.toLocaleString('pt-BR');

/** 'Mostrando 1 até 10 de 57 registros', as DataTables says it in pt-BR. */
export function pagingInfo(
  pageIndex: number,
  pageSize: number,
  filtered: number,
  total: number,
): string {
  const from = filtered === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min((pageIndex + 1) * pageSize, filtered);
  const info = `Mostrando ${count(from)} até ${count(to)} de ${count(filtered)} registros`;
  return filtered === total ? info : `${info} (Filtrados de ${count(total)} registros)`;
}

/** Page numbers around the current one, with null for a gap. */
function pageWindow(pageIndex: number, pageCount: number): (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i);
  const pages = new Set([0, pageCount - 1, pageIndex - 1, pageIndex, pageIndex + 1]);
  const sorted = [...pages].filter((p) => p >= 0 && p < pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) result.push(null);
    result.push(page);
  });
  return result;
}

/**
 * The one table of the back-office (TanStack Table): paging with SPEC.md's sizes, sorting (first
 * column ascending by default), a 'Pesquisar' box, row selection by click and the editor's toolbar.
 * Client mode pages, sorts and searches the rows it holds; server mode asks its owner for one page.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    data,
    getRowId,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    defaultSort,
    server,
    loading = false,
    onCreate,
    onEdit,
    onRemove,
    createLabel = 'Novo',
    toolbar,
    multiSelect = false,
    rowLabel,
    hiddenColumns,
    footer,
  } = props;
  const firstColumn = columns.find((c) => c.enableSorting !== false)?.id;
  const [sorting, setSorting] = useState<SortingState>(
    defaultSort ? [defaultSort] : firstColumn ? [{ id: firstColumn, desc: false }] : [],
  );
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: defaultPageSize,
  });
  const [searchInput, setSearchInput] = useState('');
  const [globalFilter, setGlobalFilter] = useState('');
  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  const id = useId();

  const texts = useMemo(
    () => new Map(columns.map((c) => [c.id ?? '', c.meta?.text] as const)),
    [columns],
  );
  const globalFilterFn = useMemo<FilterFn<Row>>(
    () => (row, columnId, filter: string) => {
      const text = texts.get(columnId);
      return text
        ? normaliseText(text(row.original)).includes(normaliseText(filter.trim()))
        : false;
    },
    [texts],
  );

  const serverMode = server !== undefined;
  const rowCount = server?.rowCount ?? 0;
  // TanStack's table object is mutable by design; this component does not rely on memoising it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: data as Row[],
    columns: columns as TableColumn<Row>[],
    getRowId: (row) => getRowId(row),
    state: {
      sorting,
      pagination,
      globalFilter,
      columnVisibility: Object.fromEntries((hiddenColumns ?? []).map((id) => [id, false])),
    },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    onGlobalFilterChange: setGlobalFilter,
    globalFilterFn,
    getColumnCanGlobalFilter: (column) => Boolean(texts.get(column.id)),
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    ...(serverMode
      ? { manualPagination: true, manualSorting: true, manualFiltering: true, rowCount }
      : {
          getFilteredRowModel: getFilteredRowModel(),
          getSortedRowModel: getSortedRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
        }),
  });

  const pageCount = Math.max(table.getPageCount(), 1);
  const pageIndex = Math.min(pagination.pageIndex, pageCount - 1);
  const filteredCount = serverMode ? rowCount : table.getFilteredRowModel().rows.length;
  const totalCount = serverMode ? (server?.totalCount ?? rowCount) : data.length;

  // Removing the last rows of the last page leaves it empty: show the page before instead.
  useEffect(() => {
    if (pageIndex !== pagination.pageIndex) table.setPageIndex(pageIndex);
  }, [pageIndex, pagination.pageIndex, table]);

  // Server mode: the search is sent once typing pauses; client mode filters as the user types.
  useEffect(() => {
    if (!serverMode || searchInput === globalFilter) return undefined;
    const timer = setTimeout(() => {
      setGlobalFilter(searchInput);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [serverMode, searchInput, globalFilter]);

  const onQueryChange = server?.onQueryChange;
  const queryListener = useRef(onQueryChange);
  useEffect(() => {
    queryListener.current = onQueryChange;
  }, [onQueryChange]);
  const sort = sorting[0];
  useEffect(() => {
    queryListener.current?.({
      start: pagination.pageIndex * pagination.pageSize,
      length: pagination.pageSize,
      search: globalFilter.trim(),
      sort: sort?.id ?? '',
      dir: sort?.desc ? 'desc' : 'asc',
    });
  }, [pagination.pageIndex, pagination.pageSize, globalFilter, sort?.id, sort?.desc]);

  // Only rows still shown count: another page or a new search leaves the others behind.
  const selectedRows = data.filter((row) => selectedIds.includes(getRowId(row)));
  const selected = selectedRows.length === 1 ? (selectedRows[0] ?? null) : null;
  const toggle = (id: string) =>
    setSelectedIds((current) => {
      if (current.includes(id)) return current.filter((item) => item !== id);
      return multiSelect ? [...current, id] : [id];
    });
  const onRowKey = (event: KeyboardEvent, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(id);
    }
  };

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length + (multiSelect ? 1 : 0);
  const pageIds = rows.map((row) => row.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selectedIds.includes(id));
  const togglePage = () =>
    setSelectedIds((current) =>
      pageSelected
        ? current.filter((id) => !pageIds.includes(id))
        : [...current, ...pageIds.filter((id) => !current.includes(id))],
    );

  return (
    <div className="data-table">
      <div className="data-table-toolbar">
        {onCreate && (
          <Button type="button" onClick={onCreate}>
            {createLabel}
          </Button>
        )}
        {onEdit && (
          <Button
            type="button"
            variant="secondary"
            disabled={!selected}
            onClick={() => selected && onEdit(selected)}
          >
            Editar
          </Button>
        )}
        {onRemove && (
          <Button
            type="button"
            variant="danger"
            disabled={!selected}
            onClick={() => selected && onRemove(selected)}
          >
            Remover
          </Button>
        )}
        {toolbar?.(selected, selectedRows)}
      </div>
      <div className="data-table-controls">
        <Form.Group className="data-table-length" controlId={`${id}-length`}>
          <Form.Label className="mb-0">Exibir</Form.Label>
          <Form.Select
            size="sm"
            aria-label="Registros por página"
            value={pagination.pageSize}
            onChange={(event) =>
              setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })
            }
          >
            {pageSizesWith(defaultPageSize).map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Form.Select>
          <span>resultados por página</span>
        </Form.Group>
        {server?.searchable !== false && (
          <Form.Group className="data-table-search" controlId={`${id}-search`}>
            <Form.Label className="mb-0">Pesquisar</Form.Label>
            <Form.Control
              size="sm"
              type="search"
              placeholder={server?.searchHint}
              value={searchInput}
              onChange={(event) => {
                setSearchInput(event.target.value);
                if (!serverMode) {
                  setGlobalFilter(event.target.value);
                  setPagination((p) => ({ ...p, pageIndex: 0 }));
                }
              }}
            />
          </Form.Group>
        )}
      </div>
      <div className="data-table-scroll">
        <Table striped hover size="sm" className="align-middle mb-0" aria-busy={loading}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {multiSelect && (
                  <th scope="col" className="data-table-check">
                    <Form.Check
                      aria-label="Selecionar todos desta página"
                      checked={pageSelected}
                      disabled={pageIds.length === 0}
                      onChange={togglePage}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  if (!header.column.getCanSort()) {
                    return (
                      <th key={header.id} scope="col">
                        {content}
                      </th>
                    );
                  }
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                      }
                    >
                      <button
                        type="button"
                        className="data-table-sort"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {content}
                        <span className="data-table-sort-icon" aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '⇅'}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="text-center text-body-secondary py-3">
                  {loading ? 'Processando...' : 'Nenhum registro encontrado'}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const isSelected = selectedIds.includes(row.id);
                return (
                  <tr
                    key={row.id}
                    tabIndex={0}
                    aria-selected={isSelected}
                    className={isSelected ? 'table-active data-table-selected' : undefined}
                    onClick={() => toggle(row.id)}
                    onDoubleClick={() => {
                      if (!onEdit) return;
                      setSelectedIds([row.id]);
                      onEdit(row.original);
                    }}
                    onKeyDown={(event) => {
                      if (event.target === event.currentTarget) onRowKey(event, row.id);
                    }}
                  >
                    {multiSelect && (
                      <td className="data-table-check">
                        <Form.Check
                          aria-label={`Selecionar ${rowLabel ? rowLabel(row.original) : 'linha'}`}
                          checked={isSelected}
                          onClick={(event) => event.stopPropagation()}
                          onChange={() => toggle(row.id)}
                        />
                      </td>
                    )}
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
          {footer && (
            <tfoot>
              <tr className="fw-bold">
                {multiSelect && <td />}
                {table.getVisibleLeafColumns().map((column) => (
                  <td key={column.id}>{footer[column.id] ?? null}</td>
                ))}
              </tr>
            </tfoot>
          )}
        </Table>
        {loading && rows.length > 0 && (
          <div className="data-table-processing" role="status">
            Processando...
          </div>
        )}
      </div>
      <div className="data-table-footer">
        <div role="status" aria-live="polite">
          {pagingInfo(pageIndex, pagination.pageSize, filteredCount, totalCount)}
        </div>
        <nav aria-label={`Paginação de ${label}`}>
          <ul className="pagination pagination-sm mb-0">
            <li className={`page-item${table.getCanPreviousPage() ? '' : ' disabled'}`}>
              <button
                type="button"
                className="page-link"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.previousPage()}
              >
                Anterior
              </button>
            </li>
            {pageWindow(pageIndex, pageCount).map((page, i) =>
              page === null ? (
                <li key={`gap-${i}`} className="page-item disabled">
                  <span className="page-link">…</span>
                </li>
              ) : (
                <li key={page} className={`page-item${page === pageIndex ? ' active' : ''}`}>
                  <button
                    type="button"
                    className="page-link"
                    aria-current={page === pageIndex ? 'page' : undefined}
                    onClick={() => table.setPageIndex(page)}
                  >
                    {page + 1}
                  </button>
                </li>
              ),
            )}
            <li className={`page-item${table.getCanNextPage() ? '' : ' disabled'}`}>
              <button
                type="button"
                className="page-link"
                disabled={!table.getCanNextPage()}
                onClick={() => table.nextPage()}
              >
                Próximo
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
