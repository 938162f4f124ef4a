import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  COURSEWARE_CODE_MESSAGE,
  parseCoursewareCode,
  type ParticipantDto,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import { deskText, type DeskOutcome } from '../../ui/desk-outcome';
import { isHeldCourseware } from '../../ui/courseware-display';

export const EXCHANGED_MESSAGE = 'Apostila trocada.';
export const MISMATCH_MESSAGE = 'A apostila atual não confere com a do participante.';
export const NO_COURSEWARE_MESSAGE = 'O participante não possui apostila.';

export type ExchangeField = 'cpf' | 'current' | 'next' | 'confirm';

export interface ExchangeState {
  cpf: string;
  participant: ParticipantDto | null;
  current: string;
  /** The current courseware matched the participant's. */
  currentConfirmed: boolean;
  next: string;
  busy: boolean;
  /** The status panel: a refusal or 'Apostila trocada.', never a dialog in the scanner's way. */
  outcome: DeskOutcome | null;
  focus: { target: ExchangeField; serial: number };
}

const initialState: ExchangeState = {
  cpf: '',
  participant: null,
  current: '',
  currentConfirmed: false,
  next: '',
  busy: false,
  outcome: null,
  focus: { target: 'cpf', serial: 0 },
};

function moveFocus(state: ExchangeState, target: ExchangeField) {
  state.focus = { target, serial: state.focus.serial + 1 };
}

function showError(state: ExchangeState, text: string, target: ExchangeField) {
  state.outcome = { variant: 'danger', text: deskText(text) };
  moveFocus(state, target);
}

/**
 * 'Troca de Apostila' (SPEC.md sections 4 and 5): verify the participant, confirm the current
 * courseware is theirs, enter the new one (QR id or printed series), confirm; the form clears on
 * success. Every outcome shows in the status panel, so the next scan is never swallowed.
 */
export const exchangeSlice = createSlice({
  name: 'exchange',
  initialState,
  reducers: {
    exchangeCpfChanged(state, action: PayloadAction<string>) {
      state.cpf = action.payload;
      if (state.participant && action.payload !== state.participant.cpf) {
        Object.assign(state, { participant: null, current: '', currentConfirmed: false, next: '' });
      }
    },
    participantRequested(state, action: PayloadAction<{ cpf?: string } | undefined>) {
      if (action.payload?.cpf !== undefined) state.cpf = action.payload.cpf;
      state.busy = true;
      state.outcome = null;
    },
    participantFound(state, action: PayloadAction<ParticipantDto>) {
      state.busy = false;
      state.participant = action.payload;
      state.current = '';
      state.currentConfirmed = false;
      state.next = '';
      if (!action.payload.coursewareId) showError(state, NO_COURSEWARE_MESSAGE, 'cpf');
      else moveFocus(state, 'current');
    },
    /** Exchange failures skip the generic dialog (SPEC.md section 8): the panel shows them. */
    participantFailed: failedCase<ExchangeState>(
      (state, error) => {
        state.busy = false;
        state.participant = null;
        showError(state, error.description, 'cpf');
      },
      { hideError: true },
    ),
    currentChanged(state, action: PayloadAction<string>) {
      state.current = action.payload;
      state.currentConfirmed = false;
    },
    /** The current code (typed then Enter, or scanned) must be the participant's. */
    currentEntered(state, action: PayloadAction<string | undefined>) {
      if (action.payload !== undefined) state.current = action.payload;
      const code = state.current.trim();
      if (!state.participant) return;
      if (!state.participant.coursewareId) {
        showError(state, NO_COURSEWARE_MESSAGE, 'cpf');
      } else if (!isHeldCourseware(code, state.participant)) {
        state.currentConfirmed = false;
        showError(state, MISMATCH_MESSAGE, 'current');
      } else {
        state.currentConfirmed = true;
        state.outcome = null;
        moveFocus(state, 'next');
      }
    },
    nextChanged(state, action: PayloadAction<string>) {
      state.next = action.payload;
    },
    nextEntered(state, action: PayloadAction<string | undefined>) {
      if (action.payload !== undefined) state.next = action.payload;
      if (!parseCoursewareCode(state.next)) {
        showError(state, COURSEWARE_CODE_MESSAGE, 'next');
      } else {
        state.outcome = null;
        moveFocus(state, 'confirm');
      }
    },
    exchangeRequested(state) {
      state.busy = true;
    },
    exchangeSucceeded(state) {
      Object.assign(state, {
        ...initialState,
        outcome: { variant: 'success', text: EXCHANGED_MESSAGE },
        focus: { target: 'cpf', serial: state.focus.serial + 1 },
      });
    },
    exchangeFailed: failedCase<ExchangeState>(
      (state, error) => {
        state.busy = false;
        showError(state, error.description, 'next');
      },
      { hideError: true },
    ),
    exchangeCleared(state) {
      Object.assign(state, {
        ...initialState,
        focus: { target: 'cpf', serial: state.focus.serial + 1 },
      });
    },
  },
});

export const {
  exchangeCpfChanged,
  participantRequested,
  participantFound,
  participantFailed,
  currentChanged,
  currentEntered,
  nextChanged,
  nextEntered,
  exchangeRequested,
  exchangeSucceeded,
  exchangeFailed,
  exchangeCleared,
} = exchangeSlice.actions;

export const selectExchange = (state: WithSlice<typeof exchangeSlice>) => state.exchange;
