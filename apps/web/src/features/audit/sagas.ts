import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AuditOptionsDto, AuditPageDto } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { downloadBlob } from '../../ui/download';
import {
  auditCsvRequested,
  auditFailed,
  auditLoaded,
  auditOptionsLoaded,
  auditRequested,
} from './slice';

function* loadAuditPage(action: ReturnType<typeof auditRequested>): SagaIterator {
  try {
    const page: AuditPageDto = yield call(callApi<AuditPageDto>, {
      url: '/api/audit',
      params: action.payload,
    });
    yield put(auditLoaded(page));
  } catch (thrown) {
    yield put(auditFailed(toApiError(thrown)));
  }
}

/** The filters' choices: users and the entities the log names (a page loader). */
export function* loadAuditOptions(): SagaIterator {
  try {
    const options: AuditOptionsDto = yield call(callApi<AuditOptionsDto>, {
      url: '/api/audit/opcoes',
    });
    yield put(auditOptionsLoaded(options));
  } catch (thrown) {
    yield put(auditFailed(toApiError(thrown)));
  }
}

/** The server writes and streams the CSV; the SPA hands it to the browser. */
function* downloadAuditCsv(action: ReturnType<typeof auditCsvRequested>): SagaIterator {
  try {
    const bytes: ArrayBuffer = yield call(callApi<ArrayBuffer>, {
      url: '/api/audit/csv',
      params: action.payload,
      responseType: 'arraybuffer',
    });
    yield call(downloadBlob, 'Auditoria.csv', new Blob([bytes], { type: 'text/csv' }));
  } catch (thrown) {
    yield put(auditFailed(toApiError(thrown)));
  }
}

export function* auditSaga(): SagaIterator {
  yield takeLatest(auditRequested.type, loadAuditPage);
  yield takeLeading(auditCsvRequested.type, downloadAuditCsv);
}
