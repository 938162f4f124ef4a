import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AuditOptionsDto, AuditPageDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { downloadBlob } from '../../ui/download';
import {
  auditCsvRequested,
  auditFailed,
  auditLoaded,
  auditOptionsLoaded,
  auditRequested,
} from './slice';

const loadAuditPage = failingTo(
  auditFailed,
  function* (action: ReturnType<typeof auditRequested>): SagaIterator {
    const page: AuditPageDto = yield call(callApi<AuditPageDto>, {
      url: '/api/audit',
      params: action.payload,
    });
    yield put(auditLoaded(page));
  },
);

/** The filters' choices: users and the entities the log names (a page loader). */
export const loadAuditOptions = failingTo(auditFailed, function* (): SagaIterator {
  const options: AuditOptionsDto = yield call(callApi<AuditOptionsDto>, {
    url: '/api/audit/opcoes',
  });
  yield put(auditOptionsLoaded(options));
});

/** The server writes and streams the CSV; the SPA hands it to the browser. */
const downloadAuditCsv = failingTo(
  auditFailed,
  function* (action: ReturnType<typeof auditCsvRequested>): SagaIterator {
    const bytes: ArrayBuffer = yield call(callApi<ArrayBuffer>, {
      url: '/api/audit/csv',
      params: action.payload,
      responseType: 'arraybuffer',
    });
    yield call(downloadBlob, 'Auditoria.csv', new Blob([bytes], { type: 'text/csv' }));
  },
);

export function* auditSaga(): SagaIterator {
  yield takeLatest(auditRequested.type, loadAuditPage);
  yield takeLeading(auditCsvRequested.type, downloadAuditCsv);
}
