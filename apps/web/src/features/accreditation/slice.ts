import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  queuedPrintText,
  type AccreditationStatus,
  type BadgeJobCounts,
  type OfflineIssueDto,
  type ParticipantDto,
  type PrintJob,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import { isExpectedRefusal, refusal, type DeskOutcome } from '../../ui/desk-outcome';

/** GET /api/subscriptions/participant/check for a found participant (docs/accreditation-api.md). */
export interface CheckAnswer {
  status: AccreditationStatus;
  participant: ParticipantDto;
  event: { id: number; name: string; linkCourseware: boolean };
  /** Badges asked for and not printed yet (the server's answer; the replica does not know). */
  badgeJobs?: BadgeJobCounts;
}

/** Where the desk puts the cursor after a step (SPEC.md section 2, 'Accreditation'). */
export type DeskFocus = 'cpf' | 'print' | 'link';

export interface AccreditationState {
  /** The CPF field's digits. */
  cpf: string;
  /** The CPF the shown status is about. */
  checkedCpf: string | null;
  status: AccreditationStatus | null;
  participant: ParticipantDto | null;
  /** The shown participant's badges still in a printer's queue or failed there. */
  badgeJobs: BadgeJobCounts | null;
  usualName: string;
  coursewareCode: string;
  checking: boolean;
  printing: boolean;
  linking: boolean;
  /** A refusal or a printed badge, shown in the status panel until the next check. */
  outcome: DeskOutcome | null;
  /** The badge queued for a printer that the panel follows until its agent takes it. */
  badgeJob: BadgeJob | null;
  /** Bumped on every move, so the page focuses even when the target stays the same. */
  focus: { target: DeskFocus; serial: number };
  /** The shown participant came from the offline replica (docs/offline-desk.md). */
  offline: boolean;
  /** Queued actions the server did not simply apply: 'Pendências da sincronização'. */
  syncIssues: OfflineIssueDto[];
}

const initialState: AccreditationState = {
  cpf: '',
  checkedCpf: null,
  status: null,
  participant: null,
  badgeJobs: null,
  usualName: '',
  coursewareCode: '',
  checking: false,
  printing: false,
  linking: false,
  outcome: null,
  badgeJob: null,
  focus: { target: 'cpf', serial: 0 },
  offline: false,
  syncIssues: [],
};

export interface BadgeJob {
  jobId: number;
  printer: string;
  name: string;
  printCount: number;
}

/** The badge's default name: the usual name, else the first name; never cut (too long is refused). */
export function defaultBadgeName(participant: ParticipantDto): string {
  return participant.usualName?.trim() || participant.name.trim().split(/\s+/)[0] || '';
}

/** 'Crachá impresso: Maria (2ª impressão)': the count says a reprint is one. */
export function printedText(name: string, printCount: number): string {
  return `Crachá impresso: ${name}${printCount > 1 ? ` (${printCount}ª impressão)` : ''}`;
}

/**
 * A queued badge as the panel says it: in the queue until the printer's agent takes it (only then
 * 'Crachá impresso'), or why it failed.
 */
export function badgeJobOutcome(
  badge: BadgeJob,
  job?: Pick<PrintJob, 'status' | 'error'>,
): DeskOutcome {
  if (job?.status === 'printing' || job?.status === 'done') {
    return { variant: 'success', text: printedText(badge.name, badge.printCount) };
  }
  if (job?.status === 'failed') {
    return {
      variant: 'danger',
      text: `Crachá não impresso na impressora ${badge.printer}: ${job.error ?? 'falhou'}. Reimprima em 'Fila de impressão'.`,
    };
  }
  return {
    variant: 'warning',
    text: `${queuedPrintText('Crachá', badge.printer)}: ${badge.name}`,
  };
}

/** SPEC.md section 2: badge-less to the print button, courseware-less to the link control. */
export function focusFor(status: AccreditationStatus): DeskFocus {
  if (status === 'WITHOUT_BADGE') return 'print';
  if (status === 'WITHOUT_COURSEWARE') return 'link';
  return 'cpf';
}

function moveFocus(state: AccreditationState, target: DeskFocus) {
  state.focus = { target, serial: state.focus.serial + 1 };
}

function resetForm(state: AccreditationState) {
  Object.assign(state, {
    cpf: '',
    participant: null,
    badgeJobs: null,
    usualName: '',
    coursewareCode: '',
  });
}

export const accreditationSlice = createSlice({
  name: 'accreditation',
  initialState,
  reducers: {
    cpfChanged(state, action: PayloadAction<string>) {
      state.cpf = action.payload;
    },
    /** Verify the CPF in the field (or the given one, e.g. from 'ir para credenciamento'). */
    checkRequested(
      state,
      // participantId: the desk opened from a list of masked CPFs, or the re-check after a link.
      action: PayloadAction<{ cpf?: string; participantId?: number } | undefined>,
    ) {
      if (action.payload?.cpf !== undefined) state.cpf = action.payload.cpf;
      state.checking = true;
      state.outcome = null;
      state.badgeJob = null;
    },
    checkSucceeded(state, action: PayloadAction<CheckAnswer & { cpf: string; offline?: boolean }>) {
      const { status, participant, cpf } = action.payload;
      state.checking = false;
      state.offline = action.payload.offline ?? false;
      state.checkedCpf = cpf;
      state.status = status;
      state.participant = participant;
      state.badgeJobs = action.payload.badgeJobs ?? null;
      state.usualName = defaultBadgeName(participant);
      state.coursewareCode = '';
      moveFocus(state, focusFor(status));
    },
    /** SPEC.md section 8: not found resets the form with no dialog and shows its panel. */
    checkNotFound(state, action: PayloadAction<{ cpf: string }>) {
      state.checking = false;
      resetForm(state);
      state.checkedCpf = action.payload.cpf;
      state.status = 'NOT_REGISTERED';
      moveFocus(state, 'cpf');
    },
    checkFailed: failedCase<AccreditationState>((state, error, meta) => {
      state.checking = false;
      if (meta.hideError) {
        // 'CPF inválido' and the like: the panel says it, the CPF stays selected for a rescan.
        Object.assign(state, { status: null, checkedCpf: null, participant: null });
        state.outcome = refusal(error);
      }
      moveFocus(state, 'cpf');
    }),
    usualNameChanged(state, action: PayloadAction<string>) {
      state.usualName = action.payload;
    },
    badgePrintRequested(state) {
      state.printing = true;
    },
    /** SPEC.md section 4: printing the badge resets the form; the panel says what printed. */
    badgePrintSucceeded(state, action: PayloadAction<{ name: string; printCount: number }>) {
      state.printing = false;
      resetForm(state);
      state.status = null;
      state.checkedCpf = null;
      state.outcome = {
        variant: 'success',
        text: printedText(action.payload.name, action.payload.printCount),
      };
      moveFocus(state, 'cpf');
    },
    /** Printing went to a mapped printer: the form resets, the panel follows the job. */
    badgePrintQueued(state, action: PayloadAction<BadgeJob>) {
      state.printing = false;
      resetForm(state);
      state.status = null;
      state.checkedCpf = null;
      state.badgeJob = action.payload;
      state.outcome = badgeJobOutcome(action.payload);
      moveFocus(state, 'cpf');
    },
    /**
     * Offline: the browser printed the badge from the event's layout and the print waits in the
     * queue; the panel says so, not 'Crachá impresso'.
     */
    badgePrintedOffline(state, action: PayloadAction<{ name: string }>) {
      state.printing = false;
      resetForm(state);
      state.status = null;
      state.checkedCpf = null;
      state.outcome = {
        variant: 'warning',
        text: `Crachá enviado à impressão deste computador, sem conexão: ${action.payload.name}. O credenciamento será registrado ao sincronizar.`,
      };
      moveFocus(state, 'cpf');
    },
    syncIssuesLoaded(state, action: PayloadAction<OfflineIssueDto[]>) {
      state.syncIssues = action.payload;
    },
    badgeJobUpdated(state, action: PayloadAction<PrintJob>) {
      if (state.badgeJob?.jobId !== action.payload.id) return;
      state.outcome = badgeJobOutcome(state.badgeJob, action.payload);
    },
    /** A refusal (4xx) shows in the panel, anything else in the error dialog. */
    badgePrintFailed: failedCase<AccreditationState>(
      (state, error, meta) => {
        state.printing = false;
        if (meta.hideError) state.outcome = refusal(error);
      },
      { hideError: isExpectedRefusal },
    ),
    coursewareCodeChanged(state, action: PayloadAction<string>) {
      state.coursewareCode = action.payload;
    },
    /** Link the code in the field, or the given one (a scan). */
    linkRequested(state, action: PayloadAction<{ code?: string } | undefined>) {
      if (action.payload?.code !== undefined) state.coursewareCode = action.payload.code;
      state.linking = true;
      state.outcome = null;
    },
    /** SPEC.md section 4: linking clears the code; the participant is checked again next. */
    linkSucceeded(state, action: PayloadAction<ParticipantDto>) {
      state.linking = false;
      state.coursewareCode = '';
      state.participant = action.payload;
    },
    linkFailed: failedCase<AccreditationState>(
      (state, error, meta) => {
        state.linking = false;
        if (meta.hideError) state.outcome = refusal(error);
        moveFocus(state, 'link');
      },
      { hideError: isExpectedRefusal },
    ),
    deskCleared(state) {
      return { ...initialState, syncIssues: state.syncIssues };
    },
  },
});

export const {
  cpfChanged,
  checkRequested,
  checkSucceeded,
  checkNotFound,
  checkFailed,
  usualNameChanged,
  badgePrintRequested,
  badgePrintSucceeded,
  badgePrintQueued,
  badgeJobUpdated,
  badgePrintFailed,
  badgePrintedOffline,
  syncIssuesLoaded,
  coursewareCodeChanged,
  linkRequested,
  linkSucceeded,
  linkFailed,
  deskCleared,
} = accreditationSlice.actions;

export const selectAccreditation = (state: WithSlice<typeof accreditationSlice>) =>
  state.accreditation;
