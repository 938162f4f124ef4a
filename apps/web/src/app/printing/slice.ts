import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { MappedPrinterStatus, PrintJob, PrintService } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface PrintingState {
  jobs: PrintJob[];
  loading: boolean;
  retryingId: number | null;
  /** GET /api/prints/status, polled while signed in: the printers this user's prints go to. */
  printers: MappedPrinterStatus[];
}

const initialState: PrintingState = { jobs: [], loading: false, retryingId: null, printers: [] };

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
    jobsFailed: failedCase<PrintingState>((state) => {
      state.loading = false;
    }),
    /** The shell is up: poll GET /api/prints/status until it goes. */
    printerWatchStarted() {},
    printerWatchStopped() {},
    printersLoaded(state, action: PayloadAction<MappedPrinterStatus[]>) {
      state.printers = action.payload;
    },
    reprintRequested(state, action: PayloadAction<{ id: number }>) {
      state.retryingId = action.payload.id;
    },
    reprintSucceeded(state) {
      state.retryingId = null;
    },
    reprintFailed: failedCase<PrintingState>((state) => {
      state.retryingId = null;
    }),
  },
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
  printerWatchStarted,
  printerWatchStopped,
  printersLoaded,
} = printingSlice.actions;
export const { selectPrinting } = printingSlice.selectors;

/** The mapped printers whose agent is not asking for work (all, or those serving `service`). */
export const selectSilentPrinters = createSelector(
  [
    (state: WithSlice<typeof printingSlice>) => state.printing.printers,
    (_state: WithSlice<typeof printingSlice>, service?: PrintService) => service,
  ],
  (printers, service) =>
    printers.filter(
      (printer) => printer.silent && (service === undefined || printer.services.includes(service)),
    ),
);
