import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AdminPage } from '@balcao/contract';
import { loginSucceeded, pageOpened } from '../session/slice';

export interface NavigationState {
  /** True while a page's data loads: the LOADING page shows and menu clicks are ignored. */
  loading: boolean;
  requestedPage: AdminPage | null;
  /** What the open page holds unsaved ('O layout'): the menu asks before leaving it. */
  unsavedWork: string | null;
}

const initialState: NavigationState = { loading: false, requestedPage: null, unsavedWork: null };

export const navigationSlice = createSlice({
  name: 'navigation',
  initialState,
  reducers: {
    /** A menu click; the saga ignores it while another page loads. */
    pageRequested(_state, _action: PayloadAction<AdminPage>) {},
    pageLoadStarted(state, action: PayloadAction<AdminPage | null>) {
      state.loading = true;
      state.requestedPage = action.payload;
    },
    /** A page says it holds unsaved work (or no longer does). */
    unsavedWorkChanged(state, action: PayloadAction<string | null>) {
      state.unsavedWork = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // Signed in, the first page is being chosen (the checklist's status may be asked first):
      // 'Carregando...' until it opens, never the blank page of a user without permissions.
      .addCase(loginSucceeded, (state) => {
        state.loading = true;
      })
      .addCase(pageOpened, () => initialState);
  },
});

export const { pageRequested, pageLoadStarted, unsavedWorkChanged } = navigationSlice.actions;

export const selectPageLoading = (state: WithSlice<typeof navigationSlice>) =>
  state.navigation.loading;

export const selectUnsavedWork = (state: WithSlice<typeof navigationSlice>) =>
  state.navigation.unsavedWork;
