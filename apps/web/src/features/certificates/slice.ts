import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type {
  CertificateDto,
  CertificateEligibilityDto,
  CertificateIssueJobDto,
  CertificateRuleDto,
  CertificateRuleRequest,
  CertificateSendingDto,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import {
  SETTINGS_FORM_CLOSED,
  settingsFormCases,
  type SettingsFormPhase,
} from '../../ui/settings-form-state';

/** What the page asks before doing it: issuing, sending, or revoking one certificate. */
export type CertificatesAsking =
  { kind: 'issue' } | { kind: 'email' } | { kind: 'revoke'; certificate: CertificateDto } | null;

/**
 * 'Certificados' for one event: its rule (a settings form's phase at the top), who earns one, the
 * issuing and the e-mail sending on screen (each polled until done), and the certificates issued.
 */
export interface CertificatesState extends SettingsFormPhase {
  eventId: number | null;
  loading: boolean;
  rule: CertificateRuleDto | null;
  eligibility: CertificateEligibilityDto | null;
  certificates: CertificateDto[];
  asking: CertificatesAsking;
  job: CertificateIssueJobDto | null;
  issuing: boolean;
  batch: CertificateSendingDto | null;
  sending: boolean;
  /** The certificate being revoked (its code), and the server's refusal shown in the dialog. */
  revoking: string | null;
  revokeError: string | null;
  /** A download in flight: a certificate's code, or 'zip'. */
  downloading: string | null;
}

const initialState: CertificatesState = {
  ...SETTINGS_FORM_CLOSED,
  eventId: null,
  loading: false,
  rule: null,
  eligibility: null,
  certificates: [],
  asking: null,
  job: null,
  issuing: false,
  batch: null,
  sending: false,
  revoking: null,
  revokeError: null,
  downloading: null,
};

const ruleForm = settingsFormCases<CertificatesState, CertificateRuleRequest, CertificateRuleDto>(
  'rule',
);

export const certificatesSlice = createSlice({
  name: 'certificates',
  initialState,
  reducers: {
    /** Another event on screen: what was shown of the last one goes. */
    eventChosen(state, action: PayloadAction<number>) {
      if (state.eventId !== action.payload) {
        Object.assign(state, initialState, { eventId: action.payload });
      }
      state.loading = true;
    },
    eventLoaded(
      state,
      action: PayloadAction<{
        rule: CertificateRuleDto;
        /** Null until the event has a rule saved. */
        eligibility: CertificateEligibilityDto | null;
        certificates: CertificateDto[];
      }>,
    ) {
      state.loading = false;
      state.rule = action.payload.rule;
      state.eligibility = action.payload.eligibility;
      state.certificates = action.payload.certificates;
    },
    eventLoadFailed: failedCase<CertificatesState>((state) => {
      state.loading = false;
    }),
    ruleEditStarted: ruleForm.editStarted,
    ruleEditCancelled: ruleForm.editCancelled,
    ruleSaveRequested: ruleForm.saveRequested,
    ruleSaved: ruleForm.saved,
    ruleSaveFailed: ruleForm.saveFailed,
    ruleSavedNoticeClosed: ruleForm.savedNoticeClosed,
    asked(state, action: PayloadAction<NonNullable<CertificatesAsking>>) {
      state.asking = action.payload;
      state.revokeError = null;
    },
    askDeclined(state) {
      state.asking = null;
      state.revokeError = null;
    },
    issueRequested(state) {
      state.asking = null;
      state.issuing = true;
    },
    jobUpdated(state, action: PayloadAction<CertificateIssueJobDto>) {
      state.job = action.payload;
      state.issuing = !action.payload.done;
    },
    issueFailed: failedCase<CertificatesState>((state) => {
      state.issuing = false;
    }),
    emailRequested(state) {
      state.asking = null;
      state.sending = true;
    },
    emailRetryRequested(state) {
      state.sending = true;
    },
    batchUpdated(state, action: PayloadAction<CertificateSendingDto>) {
      state.batch = action.payload;
      state.sending = !action.payload.done;
    },
    emailFailed: failedCase<CertificatesState>((state) => {
      state.sending = false;
    }),
    revokeRequested(state, action: PayloadAction<{ code: string; reason: string }>) {
      state.revoking = action.payload.code;
      state.revokeError = null;
    },
    /** The server's answer: the certificate as it now is. */
    revoked(state, action: PayloadAction<CertificateDto>) {
      state.revoking = null;
      state.asking = null;
      state.certificates = state.certificates.map((certificate) =>
        certificate.code === action.payload.code ? action.payload : certificate,
      );
    },
    /** A refusal about the reason shows in the dialog; anything else in the error dialog. */
    revokeFailed: failedCase<CertificatesState>(
      (state, error) => {
        state.revoking = null;
        if (error.status === 400 || error.status === 409) state.revokeError = error.description;
      },
      { hideError: (error) => error.status === 400 || error.status === 409 },
    ),
    pdfRequested(state, action: PayloadAction<string>) {
      state.downloading = action.payload;
    },
    zipRequested(state) {
      state.downloading = 'zip';
    },
    downloadFinished(state) {
      state.downloading = null;
    },
    downloadFailed: failedCase<CertificatesState>((state) => {
      state.downloading = null;
    }),
  },
});

export const {
  eventChosen,
  eventLoaded,
  eventLoadFailed,
  ruleEditStarted,
  ruleEditCancelled,
  ruleSaveRequested,
  ruleSaved,
  ruleSaveFailed,
  ruleSavedNoticeClosed,
  asked,
  askDeclined,
  issueRequested,
  jobUpdated,
  issueFailed,
  emailRequested,
  emailRetryRequested,
  batchUpdated,
  emailFailed,
  revokeRequested,
  revoked,
  revokeFailed,
  pdfRequested,
  zipRequested,
  downloadFinished,
  downloadFailed,
} = certificatesSlice.actions;

export const selectCertificates = (state: WithSlice<typeof certificatesSlice>) =>
  state.certificates;
