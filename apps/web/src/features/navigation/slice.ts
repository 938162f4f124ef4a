import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminPage } from '@balcao/contract';
import { pageOpened, sessionEnded } from '../session/slice';
import type { RootState } from '../../store/store';

export interface NavigationState {
  /** True while a page's data loads: the LOADING page shows and menu clicks are ignored. */
  loading: boolean;
  requestedPage: AdminPage | null;
}

const initialState: NavigationState = { loading: false, requestedPage: null };

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
  },
  extraReducers: (builder) => {
    builder.addCase(pageOpened, () => initialState).addCase(sessionEnded, () => initialState);
  },
});

export const { pageRequested, pageLoadStarted } = navigationSlice.actions;

export const selectPageLoading = (state: RootState) => state.navigation.loading;
