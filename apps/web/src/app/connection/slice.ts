import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { connectionLost, connectionRestored } from '../../store/app-actions';

/**
 * Whether the server answers, and what the offline desk (features/offline) holds: the top bar's
 * 'Sem conexão · 7 na fila', 'Sincronizando…', 'Sincronizado' and 'Dados de 14:32'.
 */
export interface ConnectionState {
  /** False from a call that could not reach the server until one that did. */
  online: boolean;
  /** The offline desk's replica is loaded (its figures below mean something). */
  desk: boolean;
  /** This user's actions waiting for the server. */
  queued: number;
  /** When the server read the replica the desk holds (ISO instant). */
  readAt: string | null;
  syncing: boolean;
  /** The last sync that emptied the queue (ISO instant): 'Sincronizado' for a moment. */
  syncedAt: string | null;
}

const initialState: ConnectionState = {
  online: true,
  desk: false,
  queued: 0,
  readAt: null,
  syncing: false,
  syncedAt: null,
};

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    deskReplicaChanged(state, action: PayloadAction<{ queued: number; readAt: string | null }>) {
      state.desk = true;
      state.queued = action.payload.queued;
      state.readAt = action.payload.readAt;
    },
    deskSyncStarted(state) {
      state.syncing = true;
    },
    deskSyncFinished(state, action: PayloadAction<{ emptied: string | null }>) {
      state.syncing = false;
      if (action.payload.emptied) state.syncedAt = action.payload.emptied;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(connectionLost, (state) => {
        state.online = false;
        state.syncing = false;
      })
      .addCase(connectionRestored, (state) => {
        state.online = true;
      });
  },
});

export const { deskReplicaChanged, deskSyncStarted, deskSyncFinished } = connectionSlice.actions;

export const selectConnection = (state: WithSlice<typeof connectionSlice>) => state.connection;
export const selectOnline = (state: WithSlice<typeof connectionSlice>) => state.connection.online;
