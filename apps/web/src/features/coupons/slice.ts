import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  COUPON_BATCH_QUANTITY,
  COUPON_INSERTED,
  COUPON_REMOVED_FROM_ORDER,
  type CouponCategory,
  type CouponConfigDto,
  type CouponDto,
  type CouponTemplateDto,
  type CouponTemplateInput,
} from '@balcao/contract';
import { GENERIC_ERROR_DESCRIPTION, type ApiError, failedCase } from '../../api/api-error';
import {
  SETTINGS_FORM_CLOSED,
  settingsFormCases,
  type SettingsFormPhase,
} from '../../ui/settings-form-state';
import type { Notice } from '../../ui/notice-dialog';

/** A product a template's lists can name (GET /api/products/select, by its category's type). */
export interface CouponProduct {
  id: number;
  name: string;
  type: CouponCategory;
}

/** 'Imprimir' of a template: one generate call per coupon, [done, total] while it runs. */
export interface CouponBatch {
  templateId: number;
  done: number;
  total: number;
  cancelRequested: boolean;
}

export interface CouponsState {
  /** The event the coupon pages show; null follows the selected event. */
  eventId: string | null;
  /** No event chosen here and none selected: the pages ask for one instead of loading. */
  noEvent: boolean;
  products: CouponProduct[];
  templates: CouponTemplateDto[];
  templatesLoading: boolean;
  /** The template modal: `template` null creates. */
  editor: { template: CouponTemplateDto | null } | null;
  saving: boolean;
  /** The server's refusal of the modal's save, shown inside it. */
  editorError: string | null;
  /** The template whose batch quantity is being asked. */
  printPrompt: CouponTemplateDto | null;
  batch: CouponBatch | null;
  coupons: CouponDto[];
  couponsLoading: boolean;
  config: CouponConfigDto;
  /** 'Configurar cupons automáticos' (a `SettingsForm`). */
  configForm: SettingsFormPhase;
  /** The cashier's coupon call is running. */
  applying: boolean;
  /** 'Erro!' and batch outcome dialogs. */
  notice: Notice | null;
  /** 'Cupom inserido', 'Configuração salva!' ... */
  toast: string | null;
}

const EMPTY_CONFIG: CouponConfigDto = { enabled: false, templateId: null, minValue: 0 };

const initialState: CouponsState = {
  eventId: null,
  noEvent: false,
  products: [],
  templates: [],
  templatesLoading: false,
  editor: null,
  saving: false,
  editorError: null,
  printPrompt: null,
  batch: null,
  coupons: [],
  couponsLoading: false,
  config: EMPTY_CONFIG,
  configForm: SETTINGS_FORM_CLOSED,
  applying: false,
  notice: null,
  toast: null,
};

const errorNotice = (error: ApiError): Notice => ({
  title: 'Erro!',
  text: error.description || GENERIC_ERROR_DESCRIPTION,
});

/** Loads whose failure only the generic dialog reports. */
const loadFailed = failedCase();

const configForm = settingsFormCases<CouponsState, CouponConfigDto>('config', {
  phase: (state) => state.configForm,
});

export const couponsSlice = createSlice({
  name: 'coupons',
  initialState,
  reducers: {
    couponEventChosen(state, action: PayloadAction<string>) {
      state.eventId = action.payload;
      state.noEvent = false;
    },
    /** A load found no event to show (a fresh install): an expected state, not an error. */
    noEventFound(state) {
      state.noEvent = true;
      state.templatesLoading = false;
      state.couponsLoading = false;
      state.templates = [];
      state.coupons = [];
    },
    productsLoaded(state, action: PayloadAction<CouponProduct[]>) {
      state.products = action.payload;
    },
    productsFailed: loadFailed,

    // ---- Template de Cupons --------------------------------------------------------------
    templatesRequested(state) {
      state.templatesLoading = true;
    },
    templatesLoaded(state, action: PayloadAction<CouponTemplateDto[]>) {
      state.templatesLoading = false;
      state.templates = action.payload;
      state.noEvent = false;
    },
    templatesFailed: failedCase<CouponsState>((state) => {
      state.templatesLoading = false;
    }),
    editorOpened(state, action: PayloadAction<CouponTemplateDto | null>) {
      state.editor = { template: action.payload };
      state.editorError = null;
    },
    editorClosed(state) {
      if (!state.saving) state.editor = null;
    },
    templateSaveRequested(
      state,
      _action: PayloadAction<{ id: number | null; input: CouponTemplateInput }>,
    ) {
      state.saving = true;
      state.editorError = null;
    },
    templateSaved(state) {
      state.saving = false;
      state.editor = null;
    },
    /** The server's 400 shows in the modal, not in the generic dialog. */
    templateSaveFailed: failedCase<CouponsState>(
      (state, error, meta) => {
        state.saving = false;
        if (meta.hideError) state.editorError = error.description;
      },
      { hideError: (error: ApiError) => error.status === 400 },
    ),
    templateDeleteRequested(_state, _action: PayloadAction<number>) {},
    templateDeleted(state, action: PayloadAction<number>) {
      state.templates = state.templates.filter((template) => template.id !== action.payload);
    },
    templateDeleteFailed: loadFailed,

    printPrompted(state, action: PayloadAction<CouponTemplateDto>) {
      state.printPrompt = action.payload;
    },
    printPromptClosed(state) {
      state.printPrompt = null;
    },
    printQuantityInvalid(state) {
      state.notice = { title: 'Erro!', text: COUPON_BATCH_QUANTITY };
    },
    batchPrintRequested(state, action: PayloadAction<{ templateId: number; quantity: number }>) {
      state.printPrompt = null;
      state.batch = {
        ...action.payload,
        done: 0,
        total: action.payload.quantity,
        cancelRequested: false,
      };
    },
    batchPrintProgressed(state, action: PayloadAction<number>) {
      if (state.batch) state.batch.done = action.payload;
    },
    /** Takes effect between two coupons. */
    batchCancelRequested(state) {
      if (state.batch) state.batch.cancelRequested = true;
    },
    batchEnded(state, action: PayloadAction<{ cancelled: boolean }>) {
      const done = state.batch?.done ?? 0;
      state.batch = null;
      if (!action.payload.cancelled)
        state.notice = {
          title: 'Sucesso!',
          text: done === 1 ? '1 cupom impresso.' : `${done} cupons impressos.`,
        };
    },
    /** Batch failures skip the generic dialog (SPEC.md section 8) and stop the batch. */
    batchPrintFailed: failedCase<CouponsState>(
      (state, error) => {
        state.batch = null;
        state.notice = errorNotice(error);
      },
      { hideError: true },
    ),

    // ---- Cupons ---------------------------------------------------------------------------
    couponsRequested(state) {
      state.couponsLoading = true;
    },
    couponsLoaded(state, action: PayloadAction<CouponDto[]>) {
      state.couponsLoading = false;
      state.coupons = action.payload;
      state.noEvent = false;
    },
    couponsFailed: failedCase<CouponsState>((state) => {
      state.couponsLoading = false;
    }),
    couponRemoveRequested(_state, _action: PayloadAction<number>) {},
    couponInvalidateRequested(_state, _action: PayloadAction<number>) {},
    /** A removed coupon leaves the list (kept on the server for the record). */
    couponRemoved(state, action: PayloadAction<number>) {
      state.coupons = state.coupons.filter((coupon) => coupon.id !== action.payload);
    },
    couponChanged(state, action: PayloadAction<CouponDto>) {
      state.coupons = state.coupons.map((coupon) =>
        coupon.id === action.payload.id ? action.payload : coupon,
      );
    },
    couponActionFailed: loadFailed,

    // ---- Configurar cupons automáticos ----------------------------------------------------
    configRequested() {},
    configLoaded(state, action: PayloadAction<CouponConfigDto>) {
      state.config = action.payload;
      state.configForm.editing = false;
    },
    configFailed: loadFailed,
    configEditStarted: configForm.editStarted,
    configEditCancelled: configForm.editCancelled,
    configSaveRequested: configForm.saveRequested,
    configSaved: configForm.saved,
    /** The server's reason shows in the generic dialog. */
    configSaveFailed: configForm.saveFailed,
    configSavedNoticeClosed: configForm.savedNoticeClosed,

    // ---- The cashier ----------------------------------------------------------------------
    /** A code applies it to the order; null removes the order's coupon. */
    orderCouponRequested(state, _action: PayloadAction<{ orderId: number; code: string | null }>) {
      state.applying = true;
    },
    orderCouponApplied(state, action: PayloadAction<{ removed: boolean }>) {
      state.applying = false;
      state.toast = action.payload.removed ? COUPON_REMOVED_FROM_ORDER : COUPON_INSERTED;
    },
    /** 'Erro!' with the server's reason; coupon failures skip the generic dialog. */
    orderCouponFailed: failedCase<CouponsState>(
      (state, error) => {
        state.applying = false;
        state.notice = errorNotice(error);
      },
      { hideError: true },
    ),

    couponNoticeDismissed(state) {
      state.notice = null;
    },
    couponToastDismissed(state) {
      state.toast = null;
    },
  },
});

export const {
  couponEventChosen,
  noEventFound,
  productsLoaded,
  productsFailed,
  templatesRequested,
  templatesLoaded,
  templatesFailed,
  editorOpened,
  editorClosed,
  templateSaveRequested,
  templateSaved,
  templateSaveFailed,
  templateDeleteRequested,
  templateDeleted,
  templateDeleteFailed,
  printPrompted,
  printPromptClosed,
  printQuantityInvalid,
  batchPrintRequested,
  batchPrintProgressed,
  batchCancelRequested,
  batchEnded,
  batchPrintFailed,
  couponsRequested,
  couponsLoaded,
  couponsFailed,
  couponRemoveRequested,
  couponInvalidateRequested,
  couponRemoved,
  couponChanged,
  couponActionFailed,
  configRequested,
  configLoaded,
  configFailed,
  configEditStarted,
  configEditCancelled,
  configSaveRequested,
  configSaved,
  configSaveFailed,
  configSavedNoticeClosed,
  orderCouponRequested,
  orderCouponApplied,
  orderCouponFailed,
  couponNoticeDismissed,
  couponToastDismissed,
} = couponsSlice.actions;

export const selectCoupons = (state: WithSlice<typeof couponsSlice>) => state.coupons;
