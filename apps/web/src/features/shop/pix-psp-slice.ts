import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PixPspSettingsDto, PixPspSettingsInput } from '@balcao/contract';
import { failedCase, type ApiError } from '../../api/api-error';
import { isExpectedRefusal } from '../../ui/desk-outcome';
import {
  SETTINGS_FORM_CLOSED,
  settingsFormCases,
  type SettingsFormPhase,
} from '../../ui/settings-form-state';

/** 'Testar conexão' (POST /api/pix/psp/test) or 'Registrar webhook' (POST /api/pix/psp/webhook). */
export type PixPspCheck = 'test' | 'webhook';

/** What the server answers for a check: the PSP's verdict in pt-BR. */
export interface PixPspCheckAnswer {
  ok: boolean;
  message: string;
}

export interface PixPspState {
  /** GET /api/pix/psp; null until it answers. */
  settings: PixPspSettingsDto | null;
  /** Salvar's phase; the PSP form has no view mode, so `editing` stays false. */
  form: SettingsFormPhase;
  /** The server's 400 on Salvar, shown in the form. */
  saveError: string | null;
  /** Bumped by a save or a disconnect: the form starts again, its secrets and files blank. */
  revision: number;
  checking: PixPspCheck | null;
  /** The last check's answer, or its refusal (4xx), shown under its button. */
  outcome: (PixPspCheckAnswer & { check: PixPspCheck }) | null;
  removing: boolean;
}

const initialState: PixPspState = {
  settings: null,
  form: SETTINGS_FORM_CLOSED,
  saveError: null,
  revision: 0,
  checking: null,
  outcome: null,
  removing: false,
};

function settingsReplaced(state: PixPspState, settings: PixPspSettingsDto) {
  state.settings = settings;
  state.saveError = null;
  state.outcome = null;
  state.revision += 1;
}

const form = settingsFormCases<PixPspState, PixPspSettingsInput, PixPspSettingsDto>(
  settingsReplaced,
  {
    phase: (state) => state.form,
    /** A refused connection (400: address, client_id, certificate) shows in the form. */
    failed: (state, error, meta) => {
      if (meta.hideError) state.saveError = error.description;
    },
    hideError: (error: ApiError) => error.status === 400,
  },
);

/** 'Configuração PIX' → the PSP that confirms the charges (docs/pix.md, issue #28). */
export const pixPspSlice = createSlice({
  name: 'pixPsp',
  initialState,
  reducers: {
    pixPspLoaded(state, action: PayloadAction<PixPspSettingsDto>) {
      state.settings = action.payload;
    },
    pixPspLoadFailed: failedCase(),
    pixPspSaveRequested(state, action: PayloadAction<PixPspSettingsInput>) {
      form.saveRequested(state, action);
      state.saveError = null;
    },
    pixPspSaved: form.saved,
    pixPspSaveFailed: form.saveFailed,
    pixPspSavedNoticeClosed: form.savedNoticeClosed,
    pixPspCheckRequested(state, action: PayloadAction<PixPspCheck>) {
      state.checking = action.payload;
      state.outcome = null;
    },
    pixPspCheckAnswered(state, action: PayloadAction<PixPspCheckAnswer & { check: PixPspCheck }>) {
      state.checking = null;
      state.outcome = action.payload;
    },
    /** A refusal (no PIX key for the webhook, ...) shows beside the button; the rest in the dialog. */
    pixPspCheckFailed: failedCase<PixPspState>(
      (state, error, meta) => {
        if (meta.hideError && state.checking) {
          state.outcome = { check: state.checking, ok: false, message: error.description };
        }
        state.checking = null;
      },
      { hideError: isExpectedRefusal },
    ),
    pixPspRemoveRequested(state) {
      state.removing = true;
    },
    pixPspRemoved(state, action: PayloadAction<PixPspSettingsDto>) {
      state.removing = false;
      settingsReplaced(state, action.payload);
    },
    pixPspRemoveFailed: failedCase<PixPspState>((state) => {
      state.removing = false;
    }),
  },
});

export const {
  pixPspLoaded,
  pixPspLoadFailed,
  pixPspSaveRequested,
  pixPspSaved,
  pixPspSaveFailed,
  pixPspSavedNoticeClosed,
  pixPspCheckRequested,
  pixPspCheckAnswered,
  pixPspCheckFailed,
  pixPspRemoveRequested,
  pixPspRemoved,
  pixPspRemoveFailed,
} = pixPspSlice.actions;

export const selectPixPsp = (state: WithSlice<typeof pixPspSlice>) => state.pixPsp;
