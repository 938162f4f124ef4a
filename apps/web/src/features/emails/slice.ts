import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type {
  EmailBatchDto,
  EmailPreviewDto,
  ParticipantStatus,
  SmtpConfigDto,
  SmtpConfigRequest,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import {
  SETTINGS_FORM_CLOSED,
  settingsFormCases,
  type SettingsFormPhase,
} from '../../ui/settings-form-state';

export interface MessageDraft {
  eventId: number | null;
  statuses: ParticipantStatus[];
  subject: string;
  body: string;
}

/** The SMTP settings form's phase at the top; the composer's message below. */
export interface EmailsState extends SettingsFormPhase {
  smtp: SmtpConfigDto;
  message: MessageDraft;
  preview: EmailPreviewDto | null;
  previewing: boolean;
  /** Asking 'Enviar para N destinatários?' before queueing. */
  confirming: boolean;
  /** The sending on screen, polled until done. */
  batch: EmailBatchDto | null;
  sending: boolean;
}

const NO_SMTP: SmtpConfigDto = { host: '', port: 587, user: '', sender: '', hasPassword: false };

const initialState: EmailsState = {
  smtp: NO_SMTP,
  ...SETTINGS_FORM_CLOSED,
  message: { eventId: null, statuses: ['OK'], subject: '', body: '' },
  preview: null,
  previewing: false,
  confirming: false,
  batch: null,
  sending: false,
};

const smtpForm = settingsFormCases<EmailsState, SmtpConfigRequest, SmtpConfigDto>('smtp');

export const emailsSlice = createSlice({
  name: 'emails',
  initialState,
  reducers: {
    smtpLoaded: smtpForm.loaded,
    smtpLoadFailed: failedCase(),
    smtpEditStarted: smtpForm.editStarted,
    smtpEditCancelled: smtpForm.editCancelled,
    smtpSaveRequested: smtpForm.saveRequested,
    smtpSaved: smtpForm.saved,
    smtpSaveFailed: smtpForm.saveFailed,
    smtpSavedNoticeClosed: smtpForm.savedNoticeClosed,
    messageChanged(state, action: PayloadAction<Partial<MessageDraft>>) {
      state.message = { ...state.message, ...action.payload };
      state.preview = null;
    },
    statusToggled(state, action: PayloadAction<ParticipantStatus>) {
      const statuses = state.message.statuses;
      state.message.statuses = statuses.includes(action.payload)
        ? statuses.filter((status) => status !== action.payload)
        : [...statuses, action.payload];
      state.preview = null;
    },
    previewRequested(state) {
      state.previewing = true;
    },
    previewLoaded(state, action: PayloadAction<EmailPreviewDto>) {
      state.previewing = false;
      state.preview = action.payload;
    },
    previewFailed: failedCase<EmailsState>((state) => {
      state.previewing = false;
    }),
    sendAsked(state) {
      state.confirming = true;
    },
    sendDeclined(state) {
      state.confirming = false;
    },
    sendRequested(state) {
      state.confirming = false;
      state.sending = true;
    },
    retryRequested(state) {
      state.sending = true;
    },
    batchUpdated(state, action: PayloadAction<EmailBatchDto>) {
      state.batch = action.payload;
      state.sending = !action.payload.done;
    },
    sendFailed: failedCase<EmailsState>((state) => {
      state.sending = false;
    }),
  },
});

export const {
  smtpLoaded,
  smtpLoadFailed,
  smtpEditStarted,
  smtpEditCancelled,
  smtpSaveRequested,
  smtpSaved,
  smtpSaveFailed,
  smtpSavedNoticeClosed,
  messageChanged,
  statusToggled,
  previewRequested,
  previewLoaded,
  previewFailed,
  sendAsked,
  sendDeclined,
  sendRequested,
  retryRequested,
  batchUpdated,
  sendFailed,
} = emailsSlice.actions;

export const selectEmails = (state: WithSlice<typeof emailsSlice>) => state.emails;
