import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PassSendingDto, PassSendingRequest } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/** 'Reemitir ingresso' and 'Enviar ingressos' on 'Gerenciar Participantes' (issue #43). */
export interface PassesState {
  reissuing: boolean;
  /** The confirmation of a reissue the server made; null when none to show. */
  notice: string | null;
  /** The sending on screen, polled until done. */
  sending: PassSendingDto | null;
  busy: boolean;
}

const initialState: PassesState = { reissuing: false, notice: null, sending: null, busy: false };

export const passesSlice = createSlice({
  name: 'passes',
  initialState,
  reducers: {
    reissueRequested(state, _action: PayloadAction<{ participantId: number; name: string }>) {
      state.reissuing = true;
    },
    reissued(state, action: PayloadAction<{ name: string }>) {
      state.reissuing = false;
      state.notice = `Ingresso de ${action.payload.name} reemitido: o anterior deixou de valer. Envie o novo em 'Enviar ingressos'.`;
    },
    reissueFailed: failedCase<PassesState>((state) => {
      state.reissuing = false;
    }),
    noticeClosed(state) {
      state.notice = null;
    },
    passSendRequested(state, _action: PayloadAction<Omit<PassSendingRequest, 'eventId'>>) {
      state.busy = true;
      state.sending = null;
    },
    passRetryRequested(state) {
      state.busy = true;
    },
    passSendingUpdated(state, action: PayloadAction<PassSendingDto>) {
      state.sending = action.payload;
      state.busy = !action.payload.done;
    },
    passSendFailed: failedCase<PassesState>((state) => {
      state.busy = false;
    }),
    passSendingClosed(state) {
      if (!state.busy) state.sending = null;
    },
  },
});

export const {
  reissueRequested,
  reissued,
  reissueFailed,
  noticeClosed,
  passSendRequested,
  passRetryRequested,
  passSendingUpdated,
  passSendFailed,
  passSendingClosed,
} = passesSlice.actions;

export const selectPasses = (state: WithSlice<typeof passesSlice>) => state.passes;
