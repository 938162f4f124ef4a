import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  LIST_FAILED_MESSAGE,
  WebcamError,
  listVideoInputs,
  type VideoInput,
} from './media-devices';
import { webcamDevicesFailed, webcamDevicesLoaded, webcamEditStarted } from './slice';

function* loadDevices(): SagaIterator {
  try {
    const devices: VideoInput[] = yield call(listVideoInputs);
    yield put(webcamDevicesLoaded(devices));
  } catch (thrown) {
    yield put(
      webcamDevicesFailed(thrown instanceof WebcamError ? thrown.message : LIST_FAILED_MESSAGE),
    );
  }
}

export function* webcamSaga(): SagaIterator {
  yield takeLatest(webcamEditStarted.type, loadDevices);
}
