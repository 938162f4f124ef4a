import { LOOKUP_KEYS, type LookupKey } from '../lookups/slice';
/** Every admin table of issue 3, by the key the tables slice keeps it under. */
export const TABLE_KEYS = [
  'countries',
  'cities',
  'centers',
  'courses',
  'events',
  'profiles',
  'users',
  'productCategories',
  'products',
  'printers',
  'printMapping',
  'paymentMethods',
  'participants',
  'participantsLimited',
  'coursewares',
] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

export interface TableResource {
  /**
   * insert, update/{id} and delete/{id} live under this path. A `:param` segment is the parent
   * row the table belongs to (`/api/events/:eventId/participants`), given by the page.
   */
  base: string;
  /** GET for the rows. */
  list: string;
  /** Large tables page, search and sort on the server (docs/table-protocol.md). */
  server: boolean;
}

function resource(base: string, server = false): TableResource {
  return { base, list: `${base}/select`, server };
}

/** docs/table-protocol.md endpoints. */
export const TABLE_RESOURCES: Record<TableKey, TableResource> = {
  countries: resource('/api/countries'),
  cities: resource('/api/cities'),
  centers: resource('/api/centers'),
  courses: resource('/api/courses'),
  events: { base: '/api/events', list: '/api/events/list', server: false },
  profiles: resource('/api/profiles'),
  users: resource('/api/users', true),
  productCategories: resource('/api/product/categories'),
  products: resource('/api/products', true),
  printers: resource('/api/printers'),
  printMapping: resource('/api/prints/mapping'),
  paymentMethods: resource('/api/payment-methods'),
  // docs/accreditation-api.md: per-event participants and per-course coursewares, paged.
  participants: resource('/api/events/:eventId/participants', true),
  participantsLimited: resource('/api/events/:eventId/participants', true),
  coursewares: resource('/api/courses/:courseId/coursewares', true),
};

/** A table whose path holds its parent's id. */
export function hasParent(table: TableKey): boolean {
  return /\/:\w+/.test(TABLE_RESOURCES[table].base);
}

/** The path with the parent id in place of its `:param` segment. */
export function withParent(path: string, parentId: string | null): string {
  return path.replace(/\/:\w+/, `/${encodeURIComponent(parentId ?? '')}`);
}

/** A table whose saves change a lookup: the lookup is reloaded after them, when it was loaded. */
export function lookupOfTable(table: TableKey): LookupKey | null {
  return (LOOKUP_KEYS as readonly string[]).includes(table) ? (table as LookupKey) : null;
}
