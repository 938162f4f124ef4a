import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ImportTemplateFormat, ImportTemplateKind } from '@balcao/contract';
import { failedCase, failure, type ApiError, type FailureMeta } from '../../api/api-error';

export type ImportKind = ImportTemplateKind;

/** A line the server refused (the header is line 1). */
export interface ImportFailure {
  line: number;
  error: string;
}

/** A line saved with a substitution (an unknown center placed in the default one). */
export interface ImportWarning {
  line: number;
  warning: string;
}

/** POST /api/participants/upload and /api/produtos/upload answer. */
export interface ImportResult {
  /** The first failed lines (the server lists at most 1000)... */
  fails: ImportFailure[];
  warnings?: ImportWarning[];
  /** ...and how many more it counted, when there are more. */
  failsOmitted?: number;
  created?: number;
  updated?: number;
  unchanged?: number;
}

export interface ImportState {
  uploading: boolean;
  /** 0 to 1 while the sheet is sent; null when unknown. */
  progress: number | null;
  result: ImportResult | null;
}

const idle: ImportState = { uploading: false, progress: null, result: null };
const initialState: Record<ImportKind, ImportState> = { participants: idle, products: idle };

export interface UploadRequest {
  kind: ImportKind;
  /** The spreadsheet as a data URL (docs/accreditation-api.md). */
  sheet: string;
  eventId: number;
}

export const importsSlice = createSlice({
  name: 'imports',
  initialState,
  reducers: {
    uploadRequested(state, action: PayloadAction<UploadRequest>) {
      state[action.payload.kind] = { uploading: true, progress: 0, result: null };
    },
    uploadProgressed(state, action: PayloadAction<{ kind: ImportKind; progress: number }>) {
      state[action.payload.kind].progress = action.payload.progress;
    },
    uploadSucceeded(state, action: PayloadAction<{ kind: ImportKind; result: ImportResult }>) {
      state[action.payload.kind] = { uploading: false, progress: 1, result: action.payload.result };
    },
    uploadFailed: {
      prepare: (kind: ImportKind, error: ApiError) => ({
        ...failure(error),
        payload: { ...error, kind },
      }),
      reducer(state, action: PayloadAction<ApiError & { kind: ImportKind }, string, FailureMeta>) {
        state[action.payload.kind] = idle;
      },
    },
    importReset(state, action: PayloadAction<ImportKind>) {
      state[action.payload] = idle;
    },
    /** 'Baixar modelo': the model file of an import, from the server. */
    templateRequested(
      _state,
      _action: PayloadAction<{ kind: ImportKind; format: ImportTemplateFormat }>,
    ) {},
    templateFailed: failedCase(),
  },
});

export const {
  uploadRequested,
  uploadProgressed,
  uploadSucceeded,
  uploadFailed,
  importReset,
  templateRequested,
  templateFailed,
} = importsSlice.actions;

export const selectImport = (kind: ImportKind) => (state: WithSlice<typeof importsSlice>) =>
  state.imports[kind];
