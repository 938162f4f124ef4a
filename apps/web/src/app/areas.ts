import { createAction, type Slice } from '@reduxjs/toolkit';
import type { Saga, SagaIterator, Task } from 'redux-saga';
import type { AdminPage } from '@balcao/contract';
import { rootReducer } from './root-reducer';

/**
 * A load a page needs before it shows. It handles its own failure (puts its `*Failed` action) so
 * the next loads still run.
 */
export type PageLoader = () => SagaIterator;

/**
 * A part of the app loaded with its pages' chunk: its slices, the sagas that serve them and the
 * loads each of its pages needs before showing (SPEC.md 'Data loaded when a menu item is chosen').
 */
export interface Area {
  name: string;
  slices: readonly Slice[];
  sagas: readonly Saga[];
  pageLoaders?: Partial<Record<AdminPage, readonly PageLoader[]>>;
  /** True while the area holds work a reload would lose (a guest at the desk): updates wait. */
  busy?: (state: never) => boolean;
}

/** Dispatched to every store when an area joins it, so its slices' state exists at once. */
export const areaLoaded = createAction<string>('app/areaLoaded');

interface AreaHost {
  dispatch(action: ReturnType<typeof areaLoaded>): unknown;
  runSaga(saga: Saga): Task;
}

const areas = new Map<string, Area>();
const hosts = new Set<AreaHost>();

function start(host: AreaHost, area: Area): void {
  for (const saga of area.sagas) host.runSaga(saga);
}

/**
 * Called once at the top of each area's `area.ts`, which its page modules import: the first time
 * the chunk loads, the slices join the root reducer and the sagas start on every store (once each).
 */
export function registerArea(area: Area): void {
  if (areas.has(area.name)) return;
  areas.set(area.name, area);
  for (const slice of area.slices) rootReducer.inject(slice);
  for (const host of hosts) {
    host.dispatch(areaLoaded(area.name));
    start(host, area);
  }
}

/** A new store starts the sagas of the areas already loaded (their slices are in the reducer). */
export function attachAreas(host: AreaHost): void {
  hosts.add(host);
  for (const area of areas.values()) start(host, area);
}

/**
 * SPEC.md 'Data loaded when a menu item is chosen': the loads a loaded area declares for one of
 * its pages, run in order after the selected-event lookup. The one registry of page loads.
 */
export function areaPageLoaders(page: AdminPage): readonly PageLoader[] | undefined {
  for (const area of areas.values()) {
    const loaders = area.pageLoaders?.[page];
    if (loaders) return loaders;
  }
  return undefined;
}

/** Whether a loaded area holds work a reload would lose (app/updates waits for none). */
export function anyAreaBusy(state: unknown): boolean {
  for (const area of areas.values()) if (area.busy?.(state as never)) return true;
  return false;
}
