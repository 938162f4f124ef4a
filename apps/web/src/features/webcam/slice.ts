import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { cameraSelected } from '../../app/session/slice';
import {
  SETTINGS_FORM_CLOSED,
  settingsFormCases,
  type SettingsFormPhase,
} from '../../ui/settings-form-state';
import type { VideoInput } from './media-devices';

/** `busy` is the listing of the cameras; the choice is saved in the session (`cameraSelected`). */
export interface WebcamState extends SettingsFormPhase {
  devices: VideoInput[];
  /** Why the cameras could not be listed. */
  message: string | null;
}

const initialState: WebcamState = {
  ...SETTINGS_FORM_CLOSED,
  devices: [],
  message: null,
};

const form = settingsFormCases<WebcamState, string | null>((state) => {
  state.message = null;
});

export const webcamSlice = createSlice({
  name: 'webcam',
  initialState,
  reducers: {
    webcamEditStarted(state) {
      form.editStarted(state);
      state.busy = true;
      state.message = null;
    },
    webcamDevicesLoaded(state, action: PayloadAction<VideoInput[]>) {
      state.busy = false;
      state.devices = action.payload;
    },
    webcamDevicesFailed: {
      // Shown on the page itself, not in the error dialog.
      prepare: (message: string) => ({ payload: { message }, meta: { hideError: true } }),
      reducer(state, action: PayloadAction<{ message: string }, string, { hideError: boolean }>) {
        state.busy = false;
        state.devices = [];
        state.message = action.payload.message;
      },
    },
    webcamSavedNoticeClosed: form.savedNoticeClosed,
    webcamEditCancelled(state) {
      form.editCancelled(state);
      state.busy = false;
      state.message = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(cameraSelected, form.saved);
  },
});

export const {
  webcamEditStarted,
  webcamDevicesLoaded,
  webcamDevicesFailed,
  webcamEditCancelled,
  webcamSavedNoticeClosed,
} = webcamSlice.actions;

export const selectWebcam = (state: WithSlice<typeof webcamSlice>) => state.webcam;
