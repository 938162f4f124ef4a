import type { TableResource } from '../resource.ts';
import { events } from './events.ts';
import { profiles, users } from './people.ts';
import { centers, cities, countries, courses } from './places.ts';
import { printMappings, printers } from './printing.ts';
import { productCategories, products } from './products.ts';

/** Every admin table served by the generic protocol (docs/table-protocol.md). */
export const TABLE_RESOURCES: readonly TableResource<unknown>[] = [
  countries,
  cities,
  centers,
  courses,
  events,
  profiles,
  users,
  productCategories,
  products,
  printers,
  printMappings,
];
