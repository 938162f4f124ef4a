import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { REPORTS, type DashboardReport, type EventDto, type ReportResult } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { downloadBlob } from '../../ui/download';
import { selectSelectedEvent } from '../../app/events/slice';
import {
  dashboardLoaded,
  dashboardRequested,
  reportCsvRequested,
  reportFailed,
  reportLoaded,
  reportRequested,
} from './slice';

const loadReport = failingTo(
  reportFailed,
  function* (action: ReturnType<typeof reportRequested>): SagaIterator {
    const { page, params } = action.payload;
    const result: ReportResult = yield call(callApi<ReportResult>, {
      url: `/api/reports/${REPORTS[page].path}`,
      params,
    });
    yield put(reportLoaded(result));
  },
);

/** The server writes the CSV (docs/reports-api.md); the SPA hands it to the browser. */
const downloadReportCsv = failingTo(
  reportFailed,
  function* (action: ReturnType<typeof reportCsvRequested>): SagaIterator {
    const { page, params } = action.payload;
    const { path, fileName } = REPORTS[page];
    const bytes: ArrayBuffer = yield call(callApi<ArrayBuffer>, {
      url: `/api/reports/${path}/csv`,
      params,
      responseType: 'arraybuffer',
    });
    yield call(downloadBlob, `${fileName}.csv`, new Blob([bytes], { type: 'text/csv' }));
  },
);

const loadDashboard = failingTo(
  reportFailed,
  function* (action: ReturnType<typeof dashboardRequested>): SagaIterator {
    const cards: DashboardReport = yield call(callApi<DashboardReport>, {
      url: '/api/reports/dashboard',
      params: { eventId: action.payload.eventId },
    });
    yield put(dashboardLoaded(cards));
  },
);

/** SPEC.md 'Dashboard: dashboard report, then events': the selected event's cards. */
export function* loadSelectedDashboard(): SagaIterator {
  const event: EventDto | null = yield select(selectSelectedEvent);
  if (event) yield call(loadDashboard, dashboardRequested({ eventId: event.id }));
}

export function* reportsSaga(): SagaIterator {
  yield takeLatest(reportRequested.type, loadReport);
  yield takeLatest(dashboardRequested.type, loadDashboard);
  yield takeLeading(reportCsvRequested.type, downloadReportCsv);
}
