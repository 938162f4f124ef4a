import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { queuedPrintText } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import type { Notice } from '../../ui/notice-dialog';

export interface NamedRef {
  id: number | string;
  name: string;
}

/** A message dialog of the table pages ('Erro!' 'Digite um número maior que 0.', ...). */
export interface TableExtrasState {
  /** The event whose QR code shows, with the image's object URL once fetched. */
  eventQr: { event: NamedRef; url: string | null } | null;
  /** A product's tag print: asking the quantity, or printing batch after batch. */
  productPrint: {
    product: NamedRef;
    stage: 'prompt' | 'printing';
    /** Tags printed so far of the quantity asked ('Imprimindo - x/y'). */
    progress?: { printed: number; total: number };
    /** 'Cancelar' while printing: no batch starts after the current one. */
    stopping?: boolean;
  } | null;
  notice: Notice | null;
  /** The prompt reopens when the 'Erro!' notice about the quantity closes. */
  reopenPrompt: NamedRef | null;
  exporting: boolean;
}

const initialState: TableExtrasState = {
  eventQr: null,
  productPrint: null,
  notice: null,
  reopenPrompt: null,
  exporting: false,
};

export const QUANTITY_ERROR: Notice = { title: 'Erro!', text: 'Digite um número maior que 0.' };

export const tableExtrasSlice = createSlice({
  name: 'tableExtras',
  initialState,
  reducers: {
    eventQrRequested(state, action: PayloadAction<NamedRef>) {
      state.eventQr = { event: action.payload, url: null };
    },
    eventQrLoaded(state, action: PayloadAction<string>) {
      if (state.eventQr) state.eventQr.url = action.payload;
    },
    eventQrFailed: failedCase<TableExtrasState>((state) => {
      state.eventQr = null;
    }),
    eventQrClosed(state) {
      state.eventQr = null;
    },
    productPrintPrompted(state, action: PayloadAction<NamedRef>) {
      state.productPrint = { product: action.payload, stage: 'prompt' };
    },
    /** SPEC.md section 5: a quantity that is not an integer above 0; the prompt reopens after. */
    productPrintQuantityInvalid(state) {
      if (!state.productPrint) return;
      state.reopenPrompt = state.productPrint.product;
      state.productPrint = null;
      state.notice = QUANTITY_ERROR;
    },
    productPrintRequested(state, action: PayloadAction<{ quantity: number }>) {
      if (!state.productPrint) return;
      state.productPrint.stage = 'printing';
      state.productPrint.progress = { printed: 0, total: action.payload.quantity };
    },
    productPrintProgressed(state, action: PayloadAction<{ printed: number }>) {
      if (state.productPrint?.progress)
        state.productPrint.progress.printed = action.payload.printed;
    },
    productPrintStopRequested(state) {
      if (state.productPrint) state.productPrint.stopping = true;
    },
    /** `printer`: the printer whose queue took the tags; null: the PDF opened in the browser. */
    productPrintSucceeded(state, action: PayloadAction<{ printer: string | null }>) {
      state.productPrint = null;
      // Queued is not printed: the printer's agent may not be running ('Fila de impressão').
      if (action.payload.printer !== null) {
        state.notice = {
          title: 'Sucesso!',
          text: `${queuedPrintText('Etiquetas', action.payload.printer)}.`,
        };
      }
    },
    /** Tag print failures skip the generic dialog and show 'Erro!' (SPEC.md section 8). */
    productPrintFailed: failedCase<TableExtrasState>(
      (state, error) => {
        state.productPrint = null;
        state.notice = { title: 'Erro!', text: error.description };
      },
      { hideError: true },
    ),
    productPrintCancelled(state) {
      state.productPrint = null;
    },
    noticeDismissed(state) {
      state.notice = null;
      if (state.reopenPrompt) {
        state.productPrint = { product: state.reopenPrompt, stage: 'prompt' };
        state.reopenPrompt = null;
      }
    },
    productsCsvRequested(state) {
      state.exporting = true;
    },
    productsCsvSucceeded(state) {
      state.exporting = false;
    },
    productsCsvFailed: failedCase<TableExtrasState>((state) => {
      state.exporting = false;
    }),
  },
});

export const {
  eventQrRequested,
  eventQrLoaded,
  eventQrFailed,
  eventQrClosed,
  productPrintPrompted,
  productPrintQuantityInvalid,
  productPrintRequested,
  productPrintProgressed,
  productPrintStopRequested,
  productPrintSucceeded,
  productPrintFailed,
  productPrintCancelled,
  noticeDismissed,
  productsCsvRequested,
  productsCsvSucceeded,
  productsCsvFailed,
} = tableExtrasSlice.actions;

export const selectTableExtras = (state: WithSlice<typeof tableExtrasSlice>) => state.tableExtras;
