import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { EventDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { downloadCsv, toCsv } from '../../ui/csv';
import { selectSelectedEvent } from '../../app/events/slice';
import { ATTENDANCE_CSV_NAME, attendanceCells } from './columns';
import {
  attendanceColumnsFailed,
  attendanceColumnsLoaded,
  attendanceCsvRequested,
  attendanceFailed,
  attendanceLoaded,
  attendanceRequested,
  selectAttendance,
  type AttendanceColumn,
  type AttendanceRow,
  type AttendanceState,
} from './slice';

const loadColumns = failingTo(
  attendanceColumnsFailed,
  function* (eventId: number | null): SagaIterator {
    if (eventId === null) {
      yield put(attendanceColumnsLoaded({ eventId, columns: [] }));
      return;
    }
    const body: { columns: AttendanceColumn[] } = yield call(
      callApi<{ columns: AttendanceColumn[] }>,
      { url: '/api/attendance/select/columns', params: { eventId } },
    );
    yield put(attendanceColumnsLoaded({ eventId, columns: body.columns ?? [] }));
  },
);

/** The page load's first step (SPEC.md section 2): the selected event's columns. */
export function* loadAttendanceColumns(): SagaIterator {
  const event: EventDto | null = yield select(selectSelectedEvent);
  yield call(loadColumns, event?.id ?? null);
}

const loadAttendance = failingTo(
  attendanceFailed,
  function* (action: ReturnType<typeof attendanceRequested>): SagaIterator {
    const { eventId } = action.payload;
    const state: AttendanceState = yield select(selectAttendance);
    if (state.eventId !== eventId || state.columns.length === 0) yield call(loadColumns, eventId);
    const body: { data: AttendanceRow[] } = yield call(callApi<{ data: AttendanceRow[] }>, {
      url: '/api/attendance/select',
      params: { eventId },
    });
    yield put(attendanceLoaded(body.data ?? []));
  },
);

function* exportCsv(): SagaIterator {
  const { columns, rows }: AttendanceState = yield select(selectAttendance);
  const cells = attendanceCells(columns);
  yield call(
    downloadCsv,
    ATTENDANCE_CSV_NAME,
    toCsv(
      cells.map((cell) => cell.title),
      rows.map((row) => cells.map((cell) => cell.text(row))),
    ),
  );
}

export function* attendanceSaga(): SagaIterator {
  yield takeLatest(attendanceRequested.type, loadAttendance);
  yield takeLeading(attendanceCsvRequested.type, exportCsv);
}
