import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AppConfig, AppMode } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface ConfigState {
  appMode: AppMode;
  loaded: boolean;
}

const initialState: ConfigState = { appMode: 'production', loaded: false };

export const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    configRequested() {},
    configLoaded(state, action: PayloadAction<AppConfig>) {
      state.appMode = action.payload.appMode === 'FULL_SGE' ? 'FULL_SGE' : 'production';
      state.loaded = true;
    },
    configFailed: failedCase<ConfigState>((state) => {
      state.loaded = true;
    }),
  },
});

export const { configRequested, configLoaded, configFailed } = configSlice.actions;

export const selectAppMode = (state: WithSlice<typeof configSlice>) => state.config.appMode;
export const selectConfigLoaded = (state: WithSlice<typeof configSlice>) => state.config.loaded;
