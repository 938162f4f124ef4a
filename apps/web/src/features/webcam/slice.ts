import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { cameraSelected } from '../../app/session/slice';
import type { VideoInput } from './media-devices';

export interface WebcamState {
  editing: boolean;
  busy: boolean;
  devices: VideoInput[];
  /** Why the cameras could not be listed. */
  message: string | null;
  /** 'Configuração salva!' is showing. */
  saved: boolean;
}

const initialState: WebcamState = {
  editing: false,
  busy: false,
  devices: [],
  message: null,
  saved: false,
};

export const webcamSlice = createSlice({
  name: 'webcam',
  initialState,
  reducers: {
    webcamEditStarted(state) {
      state.editing = true;
      state.busy = true;
      state.saved = false;
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
    webcamSavedNoticeClosed(state) {
      state.saved = false;
    },
    webcamEditCancelled(state) {
      state.editing = false;
      state.busy = false;
      state.message = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(cameraSelected, (state) => {
      state.editing = false;
      state.saved = true;
      state.message = null;
    });
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
