import type { RowKey, TableResource } from '../resource.ts';
import { coursewares } from './coursewares.ts';
import { events } from './events.ts';
import { participants } from './participants.ts';
import { profiles, users } from './people.ts';
import { centers, cities, countries, courses } from './places.ts';
import { paymentMethods } from './payment-methods.ts';
import { printMappings, printers } from './printing.ts';
import { productCategories, products } from './products.ts';

/** Every admin table served by the generic protocol (docs/table-protocol.md). */
export const TABLE_RESOURCES: readonly TableResource<unknown, RowKey>[] = [
  countries,
  cities,
  centers,
  courses,
  events,
  participants,
  coursewares,
  profiles,
  users,
  productCategories,
  products,
  printers,
  printMappings,
  paymentMethods,
];
