import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { EventDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface EventsState {
  /** The globally selected event; null when there is none. */
  selected: EventDto | null;
  /** An event switch (POST /api/events/select) is on its way. */
  switching: boolean;
}

const initialState: EventsState = { selected: null, switching: false };

export const eventsSlice = createSlice({
  name: 'events',
  initialState,
  reducers: {
    selectedEventRequested() {},
    selectedEventLoaded(state, action: PayloadAction<EventDto | null>) {
      state.selected = action.payload;
    },
    selectedEventFailed: failedCase(),
    /** 'Selecionar' on Eventos or the top bar's 'Evento' dropdown. */
    eventSwitchRequested(state, _action: PayloadAction<{ id: number }>) {
      state.switching = true;
    },
    eventSwitched(state, action: PayloadAction<EventDto>) {
      state.selected = action.payload;
      state.switching = false;
    },
    eventSwitchFailed: failedCase<EventsState>((state) => {
      state.switching = false;
    }),
  },
});

export const {
  selectedEventRequested,
  selectedEventLoaded,
  selectedEventFailed,
  eventSwitchRequested,
  eventSwitched,
  eventSwitchFailed,
} = eventsSlice.actions;

export const selectSelectedEvent = (state: WithSlice<typeof eventsSlice>) => state.events.selected;
export const selectEventSwitching = (state: WithSlice<typeof eventsSlice>) =>
  state.events.switching;
