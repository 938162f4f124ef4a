/** The admin tables' area: loaded with their pages' chunks, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import {
  loadCities,
  loadCountries,
  loadCourses,
  loadPermissions,
  loadPrinters,
  loadProductCategories,
  loadProfiles,
  loadCenters,
} from '../../app/lookups/sagas';
import { tableExtrasSlice } from './extras-slice';
import { tableExtrasSaga } from './extras-sagas';

registerArea({
  name: 'tables',
  slices: [tableExtrasSlice],
  sagas: [tableExtrasSaga],
  pageLoaders: {
    PROFILES: [loadPermissions],
    USERS: [loadPermissions, loadProfiles, loadCenters, loadProductCategories],
    PRODUCTS: [loadProductCategories],
    CITIES: [loadCountries],
    CENTERS: [loadCities],
    EVENTS: [loadCourses],
    // Not in SPEC.md's list: the printer mapping's destination needs the printers.
    PRINTERS: [loadPrinters],
  },
});
