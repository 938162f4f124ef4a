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

interface SettingsFormOptions<State> {
  /** Where the slice keeps the phase; by default its fields are the state's own. */
  phase?: (state: Draft<State>) => SettingsFormPhase;
  /** What else a failed save does (e.g. a 400 shown in the form), and when it skips the dialog. */
  failed?: (state: Draft<State>, error: ApiError, meta: FailureMeta) => void;
  hideError?: boolean | ((error: ApiError) => boolean);
}

/** Keeps the server's answer: the state's field of that name, or a function that stores it. */
type Keep<State, Saved> = keyof Draft<State> | ((state: Draft<State>, saved: Saved) => void);

/**
 * The case reducers every settings form's slice had copied: the loaded settings, 'Editar',
 * Cancelar, Salvar, its answer or failure, and the closed notice. A slice names them with its
 * own action names (`foodEditStarted: form.editStarted`, ...).
 */
export function settingsFormCases<State, Request, Saved = Request>(
  keep: Keep<State, Saved>,
  options: SettingsFormOptions<State> = {},
) {
  const {
    phase = (state: Draft<State>) => state as SettingsFormPhase,
    failed = () => {},
    hideError = false,
  } = options;
  const store = (state: Draft<State>, saved: Saved) => {
    if (typeof keep === 'function') keep(state, saved);
    else (state as Record<typeof keep, unknown>)[keep] = saved;
  };
  return {
    loaded(state: Draft<State>, action: PayloadAction<Saved>) {
      store(state, action.payload);
    },
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
      store(state, action.payload);
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
