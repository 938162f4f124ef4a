import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AuditOptionsDto, AuditPageDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/** The query string of GET /api/audit and /api/audit/csv (docs/audit-api.md). */
export type AuditParams = Record<string, string>;

export interface AuditState {
  result: AuditPageDto | null;
  options: AuditOptionsDto | null;
  loading: boolean;
}

const initialState: AuditState = { result: null, options: null, loading: false };

export const auditSlice = createSlice({
  name: 'audit',
  initialState,
  reducers: {
    auditRequested(state, _action: PayloadAction<AuditParams>) {
      state.loading = true;
    },
    auditLoaded(state, action: PayloadAction<AuditPageDto>) {
      state.loading = false;
      state.result = action.payload;
    },
    auditFailed: failedCase<AuditState>((state) => {
      state.loading = false;
    }),
    auditOptionsLoaded(state, action: PayloadAction<AuditOptionsDto>) {
      state.options = action.payload;
    },
    auditCsvRequested(_state, _action: PayloadAction<AuditParams>) {},
  },
});

export const { auditRequested, auditLoaded, auditFailed, auditOptionsLoaded, auditCsvRequested } =
  auditSlice.actions;

export const selectAudit = (state: WithSlice<typeof auditSlice>) => state.audit;
