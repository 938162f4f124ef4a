import { call, join, fork, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator, Task } from 'redux-saga';
import {
  CERTIFICATE_PATHS,
  normalizeCertificateCode,
  type CertificateVerificationDto,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { loadConfig } from '../../app/config/sagas';
import { selectConfigLoaded } from '../../app/config/slice';
import { showCodeInAddress } from './verify-path';
import { verificationAnswered, verificationFailed, verificationRequested } from './verify-slice';

const NOT_FOUND: CertificateVerificationDto = { status: 'not_found' };

/** GET /api/certificados/verificar/{code}, without login. */
function* askServer(code: string): SagaIterator<CertificateVerificationDto> {
  try {
    const answer: CertificateVerificationDto = yield call(callApi<CertificateVerificationDto>, {
      url: CERTIFICATE_PATHS.verify(code),
      auth: false,
    });
    return answer;
  } catch (thrown) {
    if (toApiError(thrown).status === 404) return NOT_FOUND;
    throw thrown;
  }
}

/**
 * A code typed or read from the QR. One that cannot be a code (wrong length, a character outside
 * the alphabet) is not found without asking. The page starts without the app's startup, so the
 * event's zone (GET /api/config) comes with the first answer, before its dates show.
 */
const verify = failingTo(
  verificationFailed,
  function* ({ payload }: ReturnType<typeof verificationRequested>): SagaIterator {
    const code = normalizeCertificateCode(payload);
    if (code === null) {
      yield put(verificationAnswered(NOT_FOUND));
      return;
    }
    const loaded: boolean = yield select(selectConfigLoaded);
    const config: Task | null = loaded ? null : yield fork(loadConfig);
    const answer: CertificateVerificationDto = yield call(askServer, code);
    if (config) yield join(config);
    yield call(showCodeInAddress, code);
    yield put(verificationAnswered(answer));
  },
);

export function* certificateCheckSaga(): SagaIterator {
  yield takeLatest(verificationRequested.type, verify);
}
