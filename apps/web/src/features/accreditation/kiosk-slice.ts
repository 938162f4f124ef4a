import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  type KioskGreeting,
  type KioskState,
  type ParticipantDto,
  type PrintJobStatus,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/**
 * The kiosk's screen (issue #43): start (keypad and scan), a lookup, the greeting with the badge
 * name, the print followed until its printer says done, an answer, and the staff PIN.
 */
export type KioskPhase = 'start' | 'checking' | 'greeting' | 'printing' | 'done' | 'answer' | 'pin';

/** What the PIN is asked for: leaving the kiosk page, or another copy of a badge (policy 'staff'). */
export type PinPurpose = 'leave' | 'reprint';

export interface KioskStationState {
  station: KioskState | null;
  /** The heartbeat's last call failed: the kiosk says so and keeps trying. */
  offline: boolean;
  phase: KioskPhase;
  /** Resets so far: the screens that keep what is typed start blank after each. */
  resets: number;
  greeting: KioskGreeting | null;
  badgeName: string;
  /** The answer on screen ('answer' phase) and whether it is trouble (vs. an information). */
  message: string;
  pinFor: PinPurpose | null;
  pin: string;
  pinError: string;
  /** PINs refused so far: the PIN screen starts blank after each. */
  pinTries: number;
  helpAsked: boolean;
  /** The badge's job as its printer last reported it ('queued', 'printing'). */
  jobStatus: PrintJobStatus | null;
  /** Found on the replica, the server out of reach: the badge prints offline (docs/kiosk-api.md). */
  offlineParticipant: ParticipantDto | null;
  /** The badge was handed to the browser's printer offline: 'done' says only that. */
  printedOffline: boolean;
}

const initialState: KioskStationState = {
  station: null,
  offline: false,
  phase: 'start',
  resets: 0,
  greeting: null,
  badgeName: '',
  message: '',
  pinFor: null,
  pin: '',
  pinError: '',
  pinTries: 0,
  helpAsked: false,
  jobStatus: null,
  offlineParticipant: null,
  printedOffline: false,
};

/** Back to the start: nothing of the previous person stays. */
function forget(state: KioskStationState): void {
  state.phase = 'start';
  state.resets += 1;
  state.greeting = null;
  state.badgeName = '';
  state.message = '';
  state.pinFor = null;
  state.pin = '';
  state.pinError = '';
  state.helpAsked = false;
  state.jobStatus = null;
  state.offlineParticipant = null;
  state.printedOffline = false;
}

export const kioskSlice = createSlice({
  name: 'kiosk',
  initialState,
  reducers: {
    kioskStarted() {},
    kioskStopped() {},
    kioskBeat(state, action: PayloadAction<KioskState>) {
      state.station = action.payload;
      state.offline = false;
    },
    /** Said on the kiosk's header ('Sem conexão com o servidor'), never in an error dialog. */
    kioskBeatFailed: {
      reducer(state) {
        state.offline = true;
      },
      prepare: () => ({ payload: undefined, meta: { hideError: true } }),
    },
    /** A touch or a key on the kiosk: the idle time starts again. */
    kioskTouched() {},
    /** A CPF from the keypad (the digits), or a scan (a pass or a CPF): the lookup starts. */
    checkRequested(state, _action: PayloadAction<{ text: string }>) {
      state.phase = 'checking';
    },
    checkAnswered(state, action: PayloadAction<KioskGreeting>) {
      state.phase = 'greeting';
      state.greeting = action.payload;
      state.badgeName = action.payload.badgeName;
      state.offlineParticipant = null;
    },
    /** The same greeting from the replica, the server out of reach. */
    checkAnsweredOffline(
      state,
      action: PayloadAction<{ greeting: KioskGreeting; participant: ParticipantDto }>,
    ) {
      state.phase = 'greeting';
      state.greeting = action.payload.greeting;
      state.badgeName = action.payload.greeting.badgeName;
      state.offlineParticipant = action.payload.participant;
    },
    /** Not found, pending, the desk, paused...: the server's words on screen. */
    kioskAnswered(state, action: PayloadAction<string>) {
      state.phase = 'answer';
      state.greeting = null;
      state.pinFor = null;
      state.pin = '';
      state.message = action.payload;
    },
    kioskFailed: failedCase<KioskStationState>(
      (state, error) => {
        state.phase = 'answer';
        state.greeting = null;
        state.pinFor = null;
        state.pin = '';
        state.message = error.description;
      },
      { hideError: true },
    ),
    badgeNameChanged(state, action: PayloadAction<string>) {
      state.badgeName = action.payload;
    },
    printRequested(state) {
      if (state.greeting?.reprint === 'staff' && state.pinFor !== 'reprint') {
        state.phase = 'pin';
        state.pinFor = 'reprint';
        state.pin = '';
        state.pinError = '';
        return;
      }
      state.phase = 'printing';
      state.jobStatus = null;
    },
    printJobSeen(state, action: PayloadAction<PrintJobStatus>) {
      state.jobStatus = action.payload;
    },
    /** The printer's agent reported the job printed: only now 'Retire seu crachá'. */
    printDone(state) {
      state.phase = 'done';
      state.printedOffline = false;
      state.offlineParticipant = null;
      state.greeting = null;
      state.pinFor = null;
      state.pin = '';
    },
    /** Offline: the browser took the badge for the kiosk's printer; no agent reports it. */
    printHandedOffline(state) {
      state.phase = 'done';
      state.printedOffline = true;
      state.offlineParticipant = null;
      state.greeting = null;
      state.pinFor = null;
      state.pin = '';
    },
    leaveRequested(state) {
      state.phase = 'pin';
      state.pinFor = 'leave';
      state.pin = '';
      state.pinError = '';
      state.greeting = null;
    },
    pinSubmitted(state, action: PayloadAction<string>) {
      state.pin = action.payload;
      state.pinError = '';
      if (state.pinFor === 'reprint') {
        state.phase = 'printing';
        state.jobStatus = null;
      }
    },
    pinRefused(state, action: PayloadAction<string>) {
      state.phase = 'pin';
      state.pin = '';
      state.pinError = action.payload;
      state.pinTries += 1;
    },
    helpRequested() {},
    helpSent(state) {
      state.helpAsked = true;
    },
    /** 'Recomeçar', the idle time, or the end of an answer: the start, blank. */
    kioskReset(state) {
      forget(state);
    },
  },
});

export const {
  kioskStarted,
  kioskStopped,
  kioskBeat,
  kioskBeatFailed,
  kioskTouched,
  checkRequested,
  checkAnswered,
  checkAnsweredOffline,
  kioskAnswered,
  kioskFailed,
  badgeNameChanged,
  printRequested,
  printDone,
  printHandedOffline,
  printJobSeen,
  leaveRequested,
  pinSubmitted,
  pinRefused,
  helpRequested,
  helpSent,
  kioskReset,
} = kioskSlice.actions;

export const selectKiosk = (state: WithSlice<typeof kioskSlice>) => state.kiosk;
