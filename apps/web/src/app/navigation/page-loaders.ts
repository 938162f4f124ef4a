import type { SagaIterator } from 'redux-saga';
import type { AdminPage } from '@balcao/contract';
import { loadPrintJobs } from '../printing/sagas';
import { loadSetupStatus } from '../setup/sagas';
import {
  loadCenters,
  loadCities,
  loadCountries,
  loadCourses,
  loadEvents,
  loadPermissions,
  loadPrinters,
  loadProductCategories,
  loadProfiles,
} from '../lookups/sagas';

/**
 * A load a page needs before it shows. It handles its own failure (puts its `*Failed` action) so
 * the next loads still run.
 */
export type PageLoader = () => SagaIterator;

/**
 * SPEC.md 'Data loaded when a menu item is chosen': the loads of each page, run in order after
 * the selected-event lookup. Here the pages of the features loaded with the app (tables, setup,
 * printing); an area loaded with its page chunk declares its pages' loads in its `area.ts`
 * (app/areas.ts), e.g. `pageLoaders: { STORE: [loadSaleProducts] }`.
 */
export const PAGE_LOADERS: Partial<Record<AdminPage, readonly PageLoader[]>> = {
  SETUP: [loadSetupStatus],
  PROFILES: [loadPermissions],
  USERS: [loadPermissions, loadProfiles, loadCenters, loadProductCategories],
  PRODUCTS: [loadProductCategories],
  CITIES: [loadCountries],
  CENTERS: [loadCities],
  EVENTS: [loadCourses],
  // Not in SPEC.md's list: the printer mapping's destination needs the printers.
  PRINTERS: [loadPrinters],
  PRINT_QUEUE: [loadPrintJobs],
  PARTICIPANTS: [loadEvents, loadCenters],
};
