import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PixConfigDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/** GET/POST /api/carrinho/pix/config: who receives the cashier's PIX payments. */
export type PixConfig = PixConfigDto;

export interface PixConfigState {
  config: PixConfig;
  editing: boolean;
  busy: boolean;
  /** 'Configuração salva!' is showing. */
  saved: boolean;
}

const EMPTY: PixConfig = { chave: '', nome: '', cidade: '' };
const initialState: PixConfigState = {
  config: EMPTY,
  editing: false,
  busy: false,
  saved: false,
};

export const pixConfigSlice = createSlice({
  name: 'pixConfig',
  initialState,
  reducers: {
    pixConfigLoaded(state, action: PayloadAction<PixConfig>) {
      state.config = action.payload;
    },
    pixConfigFailed: failedCase(),
    pixEditStarted(state) {
      state.editing = true;
      state.saved = false;
    },
    pixEditCancelled(state) {
      state.editing = false;
    },
    pixSaveRequested(state, _action: PayloadAction<PixConfig>) {
      state.busy = true;
    },
    pixSaved(state, action: PayloadAction<PixConfig>) {
      state.busy = false;
      state.editing = false;
      state.saved = true;
      state.config = action.payload;
    },
    pixSavedNoticeClosed(state) {
      state.saved = false;
    },
    /** The server's reason ('Chave PIX inválida.', ...) shows in the generic dialog. */
    pixSaveFailed: failedCase<PixConfigState>((state) => {
      state.busy = false;
    }),
  },
});

export const {
  pixConfigLoaded,
  pixConfigFailed,
  pixEditStarted,
  pixEditCancelled,
  pixSaveRequested,
  pixSaved,
  pixSavedNoticeClosed,
  pixSaveFailed,
} = pixConfigSlice.actions;

export const selectPixConfig = (state: WithSlice<typeof pixConfigSlice>) => state.pixConfig;
