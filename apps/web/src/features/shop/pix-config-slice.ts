import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { PixConfigDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import {
  SETTINGS_FORM_CLOSED,
  settingsFormCases,
  type SettingsFormPhase,
} from '../../ui/settings-form-state';

/** GET/POST /api/carrinho/pix/config: who receives the cashier's PIX payments. */
export type PixConfig = PixConfigDto;

export interface PixConfigState extends SettingsFormPhase {
  config: PixConfig;
}

const EMPTY: PixConfig = { chave: '', nome: '', cidade: '' };
const initialState: PixConfigState = {
  config: EMPTY,
  ...SETTINGS_FORM_CLOSED,
};

const form = settingsFormCases<PixConfigState, PixConfig>('config');

export const pixConfigSlice = createSlice({
  name: 'pixConfig',
  initialState,
  reducers: {
    pixConfigLoaded: form.loaded,
    pixConfigFailed: failedCase(),
    pixEditStarted: form.editStarted,
    pixEditCancelled: form.editCancelled,
    pixSaveRequested: form.saveRequested,
    pixSaved: form.saved,
    pixSavedNoticeClosed: form.savedNoticeClosed,
    /** The server's reason ('Chave PIX inválida.', ...) shows in the generic dialog. */
    pixSaveFailed: form.saveFailed,
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
