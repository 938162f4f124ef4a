import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  EmailBatchDto,
  EmailPreviewDto,
  ParticipantStatus,
  SmtpConfigDto,
} from '@balcao/contract';
import { failure, type ApiError, type FailureMeta } from '../../api/api-error';
import type { RootState } from '../../app/store';

export interface SmtpDraft {
  host: string;
  port: string;
  user: string;
  password: string;
  sender: string;
}

export interface MessageDraft {
  eventId: number | null;
  statuses: ParticipantStatus[];
  subject: string;
  body: string;
}

export interface EmailsState {
  smtp: SmtpConfigDto;
  smtpDraft: SmtpDraft;
  editing: boolean;
  busy: boolean;
  saved: boolean;
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
const draftOf = (smtp: SmtpConfigDto): SmtpDraft => ({
  host: smtp.host,
  port: String(smtp.port),
  user: smtp.user,
  password: '',
  sender: smtp.sender,
});

const initialState: EmailsState = {
  smtp: NO_SMTP,
  smtpDraft: draftOf(NO_SMTP),
  editing: false,
  busy: false,
  saved: false,
  message: { eventId: null, statuses: ['OK'], subject: '', body: '' },
  preview: null,
  previewing: false,
  confirming: false,
  batch: null,
  sending: false,
};

export const emailsSlice = createSlice({
  name: 'emails',
  initialState,
  reducers: {
    smtpLoaded(state, action: PayloadAction<SmtpConfigDto>) {
      state.smtp = action.payload;
    },
    smtpLoadFailed: {
      prepare: failure,
      reducer(_state, _action: PayloadAction<ApiError, string, FailureMeta>) {},
    },
    smtpEditStarted(state) {
      state.editing = true;
      state.saved = false;
      state.smtpDraft = draftOf(state.smtp);
    },
    smtpDraftChanged(state, action: PayloadAction<Partial<SmtpDraft>>) {
      state.smtpDraft = { ...state.smtpDraft, ...action.payload };
    },
    smtpEditCancelled(state) {
      state.editing = false;
    },
    smtpSaveRequested(state) {
      state.busy = true;
    },
    smtpSaved(state, action: PayloadAction<SmtpConfigDto>) {
      state.busy = false;
      state.editing = false;
      state.saved = true;
      state.smtp = action.payload;
    },
    smtpSaveFailed: {
      prepare: failure,
      reducer(state, _action: PayloadAction<ApiError, string, FailureMeta>) {
        state.busy = false;
      },
    },
    smtpSavedNoticeClosed(state) {
      state.saved = false;
    },
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
    previewFailed: {
      prepare: failure,
      reducer(state, _action: PayloadAction<ApiError, string, FailureMeta>) {
        state.previewing = false;
      },
    },
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
    sendFailed: {
      prepare: failure,
      reducer(state, _action: PayloadAction<ApiError, string, FailureMeta>) {
        state.sending = false;
      },
    },
  },
});

export const {
  smtpLoaded,
  smtpLoadFailed,
  smtpEditStarted,
  smtpDraftChanged,
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

export const selectEmails = (state: RootState) => state.emails;
