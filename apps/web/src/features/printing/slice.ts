import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PrintJob } from '@balcao/contract';
import { failure, type ApiError, type FailureMeta } from '../../api/api-error';
import { sessionEnded } from '../session/slice';

export interface PrintingState {
  jobs: PrintJob[];
  loading: boolean;
  retryingId: number | null;
}

const initialState: PrintingState = { jobs: [], loading: false, retryingId: null };

/** 'Fila de impressão': the print jobs of every mapped printer, and reprints. */
export const printingSlice = createSlice({
  name: 'printing',
  initialState,
  reducers: {
    jobsRequested(state) {
      state.loading = true;
    },
    jobsLoaded(state, action: PayloadAction<PrintJob[]>) {
      state.jobs = action.payload;
      state.loading = false;
    },
    jobsFailed: {
      prepare: failure,
      reducer(state, _action: PayloadAction<ApiError, string, FailureMeta>) {
        state.loading = false;
      },
    },
    reprintRequested(state, action: PayloadAction<{ id: number }>) {
      state.retryingId = action.payload.id;
    },
    reprintSucceeded(state) {
      state.retryingId = null;
    },
    reprintFailed: {
      prepare: failure,
      reducer(state, _action: PayloadAction<ApiError, string, FailureMeta>) {
        state.retryingId = null;
      },
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectPrinting: (state) => state,
  },
});

export const {
  jobsRequested,
  jobsLoaded,
  jobsFailed,
  reprintRequested,
  reprintSucceeded,
  reprintFailed,
} = printingSlice.actions;
export const { selectPrinting } = printingSlice.selectors;
