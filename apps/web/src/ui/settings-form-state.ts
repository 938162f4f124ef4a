import type { Draft, PayloadAction } from '@reduxjs/toolkit';
import { failedCase, type ApiError, type FailureMeta } from '../api/api-error';

/**
 * What a slice keeps of a `SettingsForm` (the draft lives in the form): view or edit mode, a save
 * in flight ('Processando'), and 'Configuração salva!' showing.
 */
export interface SettingsFormPhase {
  editing: boolean;
  busy: boolean;
  saved: boolean;
}

export const SETTINGS_FORM_CLOSED: SettingsFormPhase = {
  editing: false,
  busy: false,
  saved: false,
};

interface SettingsFormOptions<State, Saved> {
  /** Where the slice keeps the phase; most slices keep its fields at the top (`(state) => state`). */
  phase: (state: Draft<State>) => SettingsFormPhase;
  /** Keeps what the server answered to the save. */
  keep: (state: Draft<State>, saved: Saved) => void;
  /** What else a failed save does (e.g. a 400 shown in the form), and when it skips the dialog. */
  failed?: (state: Draft<State>, error: ApiError, meta: FailureMeta) => void;
  hideError?: boolean | ((error: ApiError) => boolean);
}

/**
 * The case reducers every settings form's slice had copied: 'Editar', Cancelar, Salvar, its
 * answer or failure, and the closed notice. A slice names them with its own action names
 * (`foodEditStarted: form.editStarted`, ...).
 */
export function settingsFormCases<State, Request, Saved = Request>(
  options: SettingsFormOptions<State, Saved>,
) {
  const { phase, keep, failed = () => {}, hideError = false } = options;
  return {
    editStarted(state: Draft<State>) {
      phase(state).editing = true;
      phase(state).saved = false;
    },
    editCancelled(state: Draft<State>) {
      phase(state).editing = false;
    },
    saveRequested(state: Draft<State>, _action: PayloadAction<Request>) {
      phase(state).busy = true;
      phase(state).saved = false;
    },
    saved(state: Draft<State>, action: PayloadAction<Saved>) {
      Object.assign(phase(state), { busy: false, editing: false, saved: true });
      keep(state, action.payload);
    },
    saveFailed: failedCase<State>(
      (state, error, meta) => {
        phase(state).busy = false;
        failed(state, error, meta);
      },
      { hideError },
    ),
    savedNoticeClosed(state: Draft<State>) {
      phase(state).saved = false;
    },
  };
}
