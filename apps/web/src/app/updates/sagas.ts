import { call, select, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { WithSlice } from '@reduxjs/toolkit';
import { anyAreaBusy } from '../areas';
import type { navigationSlice } from '../navigation/slice';
import { updateReady } from './slice';

/**
 * A moment a reload loses nothing: no page is loading, no unsaved work is held and no area is
 * busy (at the accreditation desk: no guest on screen, no check, print or link under way).
 */
export function isBetweenGuests(state: WithSlice<typeof navigationSlice>): boolean {
  if (state.navigation.loading || state.navigation.unsavedWork) return false;
  return !anyAreaBusy(state);
}

/** Waits for the update, then for a pause between guests, then lets the new version reload. */
export function* applyUpdateBetweenGuests(activate: () => Promise<void>): SagaIterator {
  yield take(updateReady.type);
  for (;;) {
    const idle: boolean = yield select(isBetweenGuests);
    if (idle) break;
    yield take('*');
  }
  yield call(activate);
}
