import type { Permission } from './permissions.ts';
import type { PrintService } from './printing.ts';

/** docs/table-protocol.md: one failing field of an editor form, with its pt-BR message. */
export interface FieldError {
  name: string;
  status: string;
}

/**
 * docs/table-protocol.md: what an editor form posts for a field (`data[ROWID][name]`, a reference
 * as `[id]`, a list as `[n][id]`), and the whole row's fields.
 */
export type WireValue = string | { id: string } | { id: string }[];
export type WirePayload = Record<string, WireValue>;

/** GET /api/{resource}/select. Server-paged tables add the two counts. */
export interface TableListResponse<Row> {
  data: Row[];
  recordsTotal?: number;
  recordsFiltered?: number;
}

/** Query of a server-paged list: offset, page size (at most 100), text, field and direction. */
export interface TablePageQuery {
  start?: number;
  length?: number;
  search?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
}

export const TABLE_PAGE_MAX = 100;

export const PRODUCT_TYPES = ['Produto', 'Curso'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** A reference to another row, as table rows carry it. */
export interface RowRef {
  id: number;
  name: string;
}

interface Dated {
  id: number;
  /** ISO-8601 instants. */
  dateCreated: string;
  dateUpdated: string;
}

export interface PermissionRow {
  id: number;
  name: Permission;
  friendlyName: string;
}

export interface CountryRow extends Dated {
  name: string;
}

export interface CityRow extends Dated {
  name: string;
  country: RowRef;
}

export interface CenterRow extends Dated {
  /** Assigned by the server (next number); the SPA shows it padded to 3 digits. */
  serial: number;
  name: string;
  city: RowRef | null;
  /** '#rrggbb': the badges' colour bands that follow the center; null when it has none. */
  color: string | null;
  /** Read-only; only in answers to callers who may edit centers. */
  apiToken?: string;
}

export interface CourseRow extends Dated {
  serial: number;
  name: string;
}

export interface ProfileRow extends Dated {
  name: string;
  permissions: PermissionRow[];
}

export interface UserRow extends Dated {
  active: boolean;
  name: string;
  username: string;
  center: RowRef | null;
  profiles: RowRef[];
  permissions: PermissionRow[];
  /** The largest discount percent (whole, 0–100) the user may give an order line. */
  maxDiscount: number;
  productCategories: RowRef[];
}

export interface ProductCategoryRow extends Dated {
  name: string;
  type: ProductType;
}

export interface ProductRow extends Dated {
  name: string;
  category: RowRef & { type: ProductType };
  /** Reais, 2 decimals. */
  price: number;
  /** Read-only: changed by initialInventory (insert) and adjustInventory (update). */
  inventory: number;
  codTotvs: string | null;
}

/** GET /api/produtos/lista: a product as the store sells it. */
export interface SaleProduct {
  id: number;
  name: string;
  descricao: string;
  /** Reais, 2 decimals. */
  preco: number;
  categoria: ProductType;
  codTotvs: string | null;
  inventory: number;
}

export interface PrinterRow extends Dated {
  name: string;
  serial: string | null;
  /** Read-only; only in answers to callers who may edit printers. */
  apiToken?: string;
}

export interface PrintMappingRow extends Dated {
  /** A username, or '*' for anyone. */
  origin: string;
  destination: RowRef;
  service: PrintService;
}
