import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EventDto } from '@balcao/contract';
import { failure, type ApiError, type FailureMeta } from '../../api/api-error';
import { sessionEnded } from '../session/slice';
import type { RootState } from '../../store/store';

export interface EventsState {
  /** The globally selected event; null when there is none. */
  selected: EventDto | null;
}

const initialState: EventsState = { selected: null };

export const eventsSlice = createSlice({
  name: 'events',
  initialState,
  reducers: {
    selectedEventRequested() {},
    selectedEventLoaded(state, action: PayloadAction<EventDto | null>) {
      state.selected = action.payload;
    },
    selectedEventFailed: {
      prepare: failure,
      reducer(_state, _action: PayloadAction<ApiError, string, FailureMeta>) {},
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const { selectedEventRequested, selectedEventLoaded, selectedEventFailed } =
  eventsSlice.actions;

export const selectSelectedEvent = (state: RootState) => state.events.selected;
