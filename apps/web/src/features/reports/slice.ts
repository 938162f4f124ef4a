import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { DashboardReport, ReportPage, ReportResult } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/** What a report page asks for: the event, the period as typed and its own filters. */
export interface ReportRequest {
  page: ReportPage;
  params: Record<string, string>;
}

export interface ReportsState {
  page: ReportPage | null;
  result: ReportResult | null;
  loading: boolean;
  dashboard: DashboardReport | null;
}

const initialState: ReportsState = { page: null, result: null, loading: false, dashboard: null };

export const reportsSlice = createSlice({
  name: 'reports',
  initialState,
  reducers: {
    reportRequested(state, action: PayloadAction<ReportRequest>) {
      state.loading = true;
      if (state.page !== action.payload.page) state.result = null;
      state.page = action.payload.page;
    },
    reportLoaded(state, action: PayloadAction<ReportResult>) {
      state.loading = false;
      state.result = action.payload;
    },
    reportFailed: failedCase<ReportsState>((state) => {
      state.loading = false;
    }),
    reportCsvRequested(_state, _action: PayloadAction<ReportRequest>) {},
    dashboardRequested(state, _action: PayloadAction<{ eventId: number }>) {
      state.loading = true;
    },
    dashboardLoaded(state, action: PayloadAction<DashboardReport>) {
      state.loading = false;
      state.dashboard = action.payload;
    },
  },
});

export const {
  reportRequested,
  reportLoaded,
  reportFailed,
  reportCsvRequested,
  dashboardRequested,
  dashboardLoaded,
} = reportsSlice.actions;

export const selectReports = (state: WithSlice<typeof reportsSlice>) => state.reports;
