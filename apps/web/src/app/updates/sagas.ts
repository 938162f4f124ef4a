import { call, select, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { RootState } from '../store';
import { updateReady } from './slice';

/**
 * A moment a reload loses nothing: no page is loading and no unsaved work is held, and at the
 * accreditation desk no guest is on screen and no check, print or link is under way.
 */
export function isBetweenGuests(state: RootState): boolean {
  if (state.navigation.loading || state.navigation.unsavedWork) return false;
  const desk = state.accreditation;
  if (state.session.adminPage !== 'SUBSCRIPTION' || !desk) return true;
  return (
    desk.participant === null &&
    desk.cpf === '' &&
    !desk.checking &&
    !desk.printing &&
    !desk.linking
  );
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
