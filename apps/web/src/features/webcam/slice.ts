import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { cameraSelected } from '../../app/session/slice';
import type { RootState } from '../../app/store';
import type { VideoInput } from './media-devices';

export interface WebcamState {
  editing: boolean;
  busy: boolean;
  devices: VideoInput[];
  /** The camera chosen in the form, '' for the browser's default. */
  draftId: string;
  /** Why the cameras could not be listed. */
  message: string | null;
  /** 'Configuração salva!' is showing. */
  saved: boolean;
}

const initialState: WebcamState = {
  editing: false,
  busy: false,
  devices: [],
  draftId: '',
  message: null,
  saved: false,
};

export const webcamSlice = createSlice({
  name: 'webcam',
  initialState,
  reducers: {
    webcamEditStarted(state, action: PayloadAction<string | null>) {
      state.editing = true;
      state.busy = true;
      state.saved = false;
      state.message = null;
      state.draftId = action.payload ?? '';
    },
    webcamDevicesLoaded(state, action: PayloadAction<VideoInput[]>) {
      state.busy = false;
      state.devices = action.payload;
      if (state.draftId !== '' && !action.payload.some((d) => d.deviceId === state.draftId)) {
        state.draftId = '';
      }
    },
    webcamDevicesFailed: {
      // Shown on the page itself, not in the error dialog.
      prepare: (message: string) => ({ payload: { message, hide: true } }),
      reducer(state, action: PayloadAction<{ message: string; hide: boolean }>) {
        state.busy = false;
        state.devices = [];
        state.message = action.payload.message;
      },
    },
    webcamDraftChanged(state, action: PayloadAction<string>) {
      state.draftId = action.payload;
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
  webcamDraftChanged,
  webcamEditCancelled,
  webcamSavedNoticeClosed,
} = webcamSlice.actions;

export const selectWebcam = (state: RootState) => state.webcam;
