import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { queuedPrintText, type CoursewareDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import { isExpectedRefusal, refusal, type DeskOutcome } from '../../ui/desk-outcome';
import type { Notice } from '../../ui/notice-dialog';

/** A message dialog of the courseware pages. */
export const NONE_SELECTED_MESSAGE = 'Nenhuma apostila foi selecionada para imprimir etiqueta';
export const BATCH_SUCCESS_MESSAGE = 'Etiquetas impressas corretamente.';

export interface CoursewareState {
  /** Label printing in a batch (SPEC.md section 4): [done, total] while it runs. */
  batch: { done: number; total: number; cancelRequested: boolean } | null;
  notice: Notice | null;
  /** 'Devolução de Apostilas'. */
  returnDesk: {
    code: string;
    courseware: CoursewareDto | null;
    looking: boolean;
    returning: boolean;
    /** The status panel: a refusal ('Apostila não encontrada.') or the return done. */
    outcome: DeskOutcome | null;
  };
}

const initialReturnDesk: CoursewareState['returnDesk'] = {
  code: '',
  courseware: null,
  looking: false,
  returning: false,
  outcome: null,
};

const initialState: CoursewareState = { batch: null, notice: null, returnDesk: initialReturnDesk };

export const coursewareSlice = createSlice({
  name: 'courseware',
  initialState,
  reducers: {
    batchPrintRequested(state, action: PayloadAction<{ courseId: string; ids: string[] }>) {
      if (action.payload.ids.length === 0) {
        state.notice = { title: 'Erro', text: NONE_SELECTED_MESSAGE };
        return;
      }
      state.batch = { done: 0, total: action.payload.ids.length, cancelRequested: false };
    },
    batchPrintProgressed(state, action: PayloadAction<number>) {
      if (state.batch) state.batch.done = action.payload;
    },
    /** Takes effect between two labels. */
    batchPrintCancelRequested(state) {
      if (state.batch) state.batch.cancelRequested = true;
    },
    batchPrintCancelled(state) {
      state.batch = null;
    },
    /** `printer`: the printer whose queue took the labels (not printed yet); null: the browser's. */
    batchPrintSucceeded(state, action: PayloadAction<{ printer: string | null }>) {
      state.batch = null;
      const { printer } = action.payload;
      state.notice = {
        title: 'Sucesso!',
        text:
          printer === null ? BATCH_SUCCESS_MESSAGE : `${queuedPrintText('Etiquetas', printer)}.`,
      };
    },
    /** Batch failures skip the generic dialog (SPEC.md section 8) and stop the batch. */
    batchPrintFailed: failedCase<CoursewareState>(
      (state, error) => {
        state.batch = null;
        state.notice = { title: 'Erro!', text: error.description };
      },
      { hideError: true },
    ),
    noticeDismissed(state) {
      state.notice = null;
    },
    returnCodeChanged(state, action: PayloadAction<string>) {
      state.returnDesk.code = action.payload;
      state.returnDesk.outcome = null;
    },
    returnLookupRequested(state, action: PayloadAction<{ code?: string } | undefined>) {
      if (action.payload?.code !== undefined) state.returnDesk.code = action.payload.code;
      state.returnDesk.looking = true;
      state.returnDesk.courseware = null;
      state.returnDesk.outcome = null;
    },
    returnLookupSucceeded(state, action: PayloadAction<CoursewareDto>) {
      state.returnDesk.looking = false;
      state.returnDesk.courseware = action.payload;
    },
    /** A refusal shows in the desk's panel; only the unexpected takes the error dialog. */
    returnLookupFailed: failedCase<CoursewareState>(
      (state, error, meta) => {
        state.returnDesk.looking = false;
        if (meta.hideError) state.returnDesk.outcome = refusal(error);
      },
      { hideError: isExpectedRefusal },
    ),
    returnRequested(state) {
      state.returnDesk.returning = true;
    },
    returnSucceeded(state, action: PayloadAction<{ courseware: CoursewareDto; message: string }>) {
      state.returnDesk = {
        ...initialReturnDesk,
        courseware: action.payload.courseware,
        outcome: { variant: 'success', text: action.payload.message },
      };
    },
    returnFailed: failedCase<CoursewareState>(
      (state, error, meta) => {
        state.returnDesk.returning = false;
        if (meta.hideError) state.returnDesk.outcome = refusal(error);
      },
      { hideError: isExpectedRefusal },
    ),
  },
});

export const {
  batchPrintRequested,
  batchPrintProgressed,
  batchPrintCancelRequested,
  batchPrintCancelled,
  batchPrintSucceeded,
  batchPrintFailed,
  noticeDismissed,
  returnCodeChanged,
  returnLookupRequested,
  returnLookupSucceeded,
  returnLookupFailed,
  returnRequested,
  returnSucceeded,
  returnFailed,
} = coursewareSlice.actions;

export const selectCourseware = (state: WithSlice<typeof coursewareSlice>) => state.courseware;
