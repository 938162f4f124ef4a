import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type {
  Layout,
  LayoutDocument,
  LayoutDto,
  LayoutImageDto,
  LayoutSampleDto,
  PrintJob,
  PrintJobStatus,
} from '@balcao/contract';
import { failedCase, type ApiError } from '../../api/api-error';

export const LAYOUT_SAVED = 'Layout salvo.';
export const LAYOUT_RESTORED = 'Layout padrão restaurado.';

/** An image the server took (POST /api/layouts/images), for the editor that sent it. */
export interface UploadedLayoutImage {
  /** The editor's own name for its request: only the editor that asked places the image. */
  requestId: string;
  image: LayoutImageDto;
}

/** 'Imprimir teste' sent to a printer's queue, followed until its agent prints it. */
export interface TestPrintJob {
  jobId: number;
  printer: string;
  status: PrintJobStatus;
  error: string | null;
}

export interface LayoutsState {
  /** The document the page edits. */
  document: LayoutDocument;
  /** Why there is nothing to edit (no event selected), in the server's words. */
  noEvent: string | null;
  loading: boolean;
  /** What the server holds for the selected event; the editor's changes are the page's own. */
  dto: LayoutDto | null;
  sample: LayoutSampleDto | null;
  /** Counts the layouts the editor must start over from (a load, 'Restaurar padrão'). */
  revision: number;
  saving: boolean;
  /** The server's refusal of a save (400), shown with the layout's problems. */
  saveError: string | null;
  restoring: boolean;
  printing: boolean;
  printJob: TestPrintJob | null;
  /** 'Layout salvo.' and the like. */
  toast: string | null;
  /** The images the preview can draw, by id: the layout's own (`dto.images`) and the uploads. */
  images: Record<string, LayoutImageDto>;
  uploadingImage: boolean;
  /** Why an image was not taken: the browser's check or the server's refusal (400). */
  imageError: string | null;
  /** The last upload the server took, until an editor places it. */
  uploadedImage: UploadedLayoutImage | null;
}

const initialState: LayoutsState = {
  document: 'badge',
  noEvent: null,
  loading: false,
  dto: null,
  sample: null,
  revision: 0,
  saving: false,
  saveError: null,
  restoring: false,
  printing: false,
  printJob: null,
  toast: null,
  images: {},
  uploadingImage: false,
  imageError: null,
  uploadedImage: null,
};

/** 'Layouts de impressão': the selected event's layout of each printed document. */
export const layoutsSlice = createSlice({
  name: 'layouts',
  initialState,
  reducers: {
    layoutDocumentChosen(state, action: PayloadAction<LayoutDocument>) {
      state.document = action.payload;
      state.loading = true;
      state.saveError = null;
      state.printJob = null;
      state.imageError = null;
    },
    layoutLoaded(state, action: PayloadAction<{ dto: LayoutDto; sample: LayoutSampleDto }>) {
      state.loading = false;
      state.noEvent = null;
      state.dto = action.payload.dto;
      state.sample = action.payload.sample;
      state.revision += 1;
      state.saveError = null;
      state.printJob = null;
      // A fresh editor: no undo reaches the images of the one before.
      state.images = { ...action.payload.dto.images };
      state.imageError = null;
      state.uploadedImage = null;
    },
    layoutLoadFailed: failedCase<LayoutsState>((state) => {
      state.loading = false;
    }),
    /** GET answered 404: no event is selected, an expected state rather than an error. */
    layoutNoEvent(state, action: PayloadAction<string>) {
      state.loading = false;
      state.noEvent = action.payload;
      state.dto = null;
      state.sample = null;
      state.images = {};
    },
    layoutSaveRequested(state, _action: PayloadAction<Layout>) {
      state.saving = true;
      state.saveError = null;
    },
    layoutSaved(state, action: PayloadAction<LayoutDto>) {
      state.saving = false;
      state.dto = action.payload;
      // The editor's history goes on: an undone upload may be redone after the save.
      state.images = { ...state.images, ...action.payload.images };
      state.toast = LAYOUT_SAVED;
    },
    /** A refused layout (400) shows on the page beside its problems; the rest in the dialog. */
    layoutSaveFailed: failedCase<LayoutsState>(
      (state, error, meta) => {
        state.saving = false;
        if (meta.hideError) state.saveError = error.description;
      },
      { hideError: (error: ApiError) => error.status === 400 },
    ),
    layoutRestoreRequested(state) {
      state.restoring = true;
    },
    layoutRestored(state, action: PayloadAction<LayoutDto>) {
      state.restoring = false;
      state.dto = action.payload;
      state.revision += 1;
      state.saveError = null;
      state.images = { ...action.payload.images };
      state.imageError = null;
      state.uploadedImage = null;
      state.toast = LAYOUT_RESTORED;
    },
    layoutRestoreFailed: failedCase<LayoutsState>((state) => {
      state.restoring = false;
    }),
    layoutPrintTestRequested(state, _action: PayloadAction<Layout>) {
      state.printing = true;
      state.printJob = null;
    },
    /** No printer mapped: the file went to this tab's print dialog. */
    layoutPrintTestOpened(state) {
      state.printing = false;
    },
    layoutPrintTestQueued(state, action: PayloadAction<{ jobId: number; printer: string }>) {
      state.printing = false;
      state.printJob = { ...action.payload, status: 'queued', error: null };
    },
    layoutPrintTestJobUpdated(state, action: PayloadAction<PrintJob>) {
      const job = action.payload;
      if (state.printJob?.jobId !== job.id) return;
      state.printJob.status = job.status;
      state.printJob.error = job.error;
    },
    layoutPrintTestFailed: failedCase<LayoutsState>((state) => {
      state.printing = false;
    }),
    layoutToastDismissed(state) {
      state.toast = null;
    },
    /** An image (or a background's PDF) read by the editor, to POST as `dataUrl`. */
    layoutImageUploadRequested(
      state,
      _action: PayloadAction<{ requestId: string; dataUrl: string }>,
    ) {
      state.uploadingImage = true;
      state.imageError = null;
    },
    layoutImageUploaded(state, action: PayloadAction<UploadedLayoutImage>) {
      const { image } = action.payload;
      state.uploadingImage = false;
      state.images[image.id] = image;
      state.uploadedImage = action.payload;
    },
    /** A refused image (400) shows on the page; the rest (no event, …) in the dialog. */
    layoutImageUploadFailed: failedCase<LayoutsState>(
      (state, error, meta) => {
        state.uploadingImage = false;
        if (meta.hideError) state.imageError = error.description;
      },
      { hideError: (error: ApiError) => error.status === 400 },
    ),
    /** The browser's check refused the file before sending it (not PNG, JPEG or SVG, too big). */
    layoutImageRefused(state, action: PayloadAction<string>) {
      state.imageError = action.payload;
    },
    layoutImageErrorDismissed(state) {
      state.imageError = null;
    },
  },
});

export const {
  layoutDocumentChosen,
  layoutLoaded,
  layoutLoadFailed,
  layoutNoEvent,
  layoutSaveRequested,
  layoutSaved,
  layoutSaveFailed,
  layoutRestoreRequested,
  layoutRestored,
  layoutRestoreFailed,
  layoutPrintTestRequested,
  layoutPrintTestOpened,
  layoutPrintTestQueued,
  layoutPrintTestJobUpdated,
  layoutPrintTestFailed,
  layoutToastDismissed,
  layoutImageUploadRequested,
  layoutImageUploaded,
  layoutImageUploadFailed,
  layoutImageRefused,
  layoutImageErrorDismissed,
} = layoutsSlice.actions;

export const selectLayouts = (state: WithSlice<typeof layoutsSlice>) => state.layouts;
