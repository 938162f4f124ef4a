import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { failedCase } from '../../api/api-error';

/** The option lists pages load before they show (SPEC.md 'Data loaded when a menu item is chosen'). */
export const LOOKUP_KEYS = [
  'countries',
  'cities',
  'centers',
  'courses',
  'permissions',
  'profiles',
  'productCategories',
  'printers',
  'events',
  'products',
] as const;
export type LookupKey = (typeof LOOKUP_KEYS)[number];

export const LOOKUP_URLS: Record<LookupKey, string> = {
  countries: '/api/countries/select',
  cities: '/api/cities/select',
  centers: '/api/centers/select',
  courses: '/api/courses/select',
  permissions: '/api/permissions/select',
  profiles: '/api/profiles/select',
  productCategories: '/api/product/categories/select',
  printers: '/api/printers/select',
  events: '/api/events/list',
  products: '/api/reports/produtos',
};

/** An option of a lookup: an id and a name, with whatever else its list carries. */
export type LookupItem = { id: number | string; name: string } & Record<string, unknown>;
export type LookupsState = Partial<Record<LookupKey, LookupItem[]>>;

const initialState: LookupsState = {};

/** The app-wide cache of option lists: the editors, the filters and the top bar's event switch. */
export const lookupsSlice = createSlice({
  name: 'lookups',
  initialState,
  reducers: {
    /** A widget outside the page loaders (the top bar's event switch) needs a lookup. */
    lookupRequested(_state, _action: PayloadAction<LookupKey>) {},
    lookupLoaded(state, action: PayloadAction<{ key: LookupKey; items: LookupItem[] }>) {
      state[action.payload.key] = action.payload.items;
    },
    lookupFailed: failedCase(),
  },
});

export const { lookupRequested, lookupLoaded, lookupFailed } = lookupsSlice.actions;

export const selectLookups = (state: WithSlice<typeof lookupsSlice>) => state.lookups;
