import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { CERTIFICATE_MESSAGES, type CertificateVerificationDto } from '@balcao/contract';
import { failedCase, NETWORK_ERROR_DESCRIPTION } from '../../api/api-error';

/** The public page '/verificar': one code asked at a time, its answer or why there is none. */
export interface CertificateCheckState {
  checking: boolean;
  /** The code the answer is about, as the server formats it. */
  answer: CertificateVerificationDto | null;
  /** Why no answer came (too many checks, no connection): shown on the page, never a dialog. */
  error: string | null;
}

const initialState: CertificateCheckState = { checking: false, answer: null, error: null };

export const certificateCheckSlice = createSlice({
  name: 'certificateCheck',
  initialState,
  reducers: {
    verificationRequested(state, _action: PayloadAction<string>) {
      state.checking = true;
      state.answer = null;
      state.error = null;
    },
    verificationAnswered(state, action: PayloadAction<CertificateVerificationDto>) {
      state.checking = false;
      state.answer = action.payload;
    },
    verificationFailed: failedCase<CertificateCheckState>(
      (state, error) => {
        state.checking = false;
        state.error =
          error.status === 429
            ? CERTIFICATE_MESSAGES.tooManyVerifications
            : error.status === 0
              ? NETWORK_ERROR_DESCRIPTION
              : error.description;
      },
      { hideError: true },
    ),
  },
});

export const { verificationRequested, verificationAnswered, verificationFailed } =
  certificateCheckSlice.actions;

export const selectCertificateCheck = (state: WithSlice<typeof certificateCheckSlice>) =>
  state.certificateCheck;
