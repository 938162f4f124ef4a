import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { EventDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface EventsState {
  /** The globally selected event; null when there is none. */
  selected: EventDto | null;
  /** An event switch (POST /api/events/select) is on its way. */
  switching: boolean;
  /**
   * The event a switch was asked for, waiting for 'Trocar evento': every desk moves with it, so
   * each switch (the top bar's 'Evento', 'Selecionar' on Eventos) asks first, in one dialog.
   */
  asked?: { id: number; name: string } | null;
}

const initialState: EventsState = { selected: null, switching: false, asked: null };

export const eventsSlice = createSlice({
  name: 'events',
  initialState,
  reducers: {
    selectedEventRequested() {},
    selectedEventLoaded(state, action: PayloadAction<EventDto | null>) {
      state.selected = action.payload;
    },
    selectedEventFailed: failedCase(),
    /** 'Selecionar' on Eventos or the top bar's 'Evento' dropdown: the dialog asks first. */
    eventSwitchAsked(state, action: PayloadAction<{ id: number; name: string }>) {
      state.asked = action.payload;
    },
    eventSwitchDismissed(state) {
      state.asked = null;
    },
    /** Confirmed in 'Trocar evento' (EventSwitchDialog). */
    eventSwitchRequested(state, _action: PayloadAction<{ id: number }>) {
      state.asked = null;
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
  eventSwitchAsked,
  eventSwitchDismissed,
  eventSwitchRequested,
  eventSwitched,
  eventSwitchFailed,
} = eventsSlice.actions;

export const selectSelectedEvent = (state: WithSlice<typeof eventsSlice>) => state.events.selected;
export const selectEventSwitching = (state: WithSlice<typeof eventsSlice>) =>
  state.events.switching;
export const selectEventSwitchAsked = (state: WithSlice<typeof eventsSlice>) =>
  state.events.asked ?? null;
