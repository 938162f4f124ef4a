import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { failedCase } from '../../api/api-error';

/** GET /api/attendance/select/columns: 'total' and one 'column_{n}' per event day. */
export interface AttendanceColumn {
  key: string;
  title: string;
}

/** GET /api/attendance/select rows: the first check-in time per day ('HH:mm' or null). */
export type AttendanceRow = {
  id: number | string;
  cpf: string;
  name: string;
  center: string | { name: string } | null;
  total: number;
} & Record<string, unknown>;

export interface AttendanceState {
  eventId: number | null;
  columns: AttendanceColumn[];
  rows: AttendanceRow[];
  loading: boolean;
}

const initialState: AttendanceState = { eventId: null, columns: [], rows: [], loading: false };

export const attendanceSlice = createSlice({
  name: 'attendance',
  initialState,
  reducers: {
    attendanceColumnsLoaded(
      state,
      action: PayloadAction<{ eventId: number | null; columns: AttendanceColumn[] }>,
    ) {
      state.eventId = action.payload.eventId;
      state.columns = action.payload.columns;
    },
    attendanceColumnsFailed: failedCase<AttendanceState>((state) => {
      state.columns = [];
    }),
    /** The list of an event (its columns too when the event changed). */
    attendanceRequested(state, action: PayloadAction<{ eventId: number }>) {
      state.loading = true;
      if (state.eventId !== action.payload.eventId) {
        state.rows = [];
      }
    },
    attendanceLoaded(state, action: PayloadAction<AttendanceRow[]>) {
      state.loading = false;
      state.rows = action.payload;
    },
    attendanceFailed: failedCase<AttendanceState>((state) => {
      state.loading = false;
    }),
    attendanceCsvRequested() {},
  },
});

export const {
  attendanceColumnsLoaded,
  attendanceColumnsFailed,
  attendanceRequested,
  attendanceLoaded,
  attendanceFailed,
  attendanceCsvRequested,
} = attendanceSlice.actions;

export const selectAttendance = (state: WithSlice<typeof attendanceSlice>) => state.attendance;
