import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  FOOD_DEFAULTS,
  type FoodCategoryDto,
  type FoodConfigDto,
  type FoodSalesDto,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface FoodState {
  config: FoodConfigDto;
  categories: FoodCategoryDto[];
  editing: boolean;
  busy: boolean;
  saved: boolean;
  /** The kitchen panel: open or not, and its last figures. */
  panelOpen: boolean;
  sales: FoodSalesDto | null;
  /** When the figures were last fetched (ISO), for 'Atualizado às'. */
  fetchedAt: string | null;
}

const EMPTY: FoodConfigDto = { ...FOOD_DEFAULTS, categoryIds: [] };

const initialState: FoodState = {
  config: EMPTY,
  categories: [],
  editing: false,
  busy: false,
  saved: false,
  panelOpen: false,
  sales: null,
  fetchedAt: null,
};

export const foodSlice = createSlice({
  name: 'food',
  initialState,
  reducers: {
    foodConfigLoaded(
      state,
      action: PayloadAction<{ config: FoodConfigDto; categories: FoodCategoryDto[] }>,
    ) {
      state.config = action.payload.config;
      state.categories = action.payload.categories;
    },
    foodConfigFailed: failedCase(),
    foodEditStarted(state) {
      state.editing = true;
      state.saved = false;
    },
    foodEditCancelled(state) {
      state.editing = false;
    },
    foodSaveRequested(state, _action: PayloadAction<FoodConfigDto>) {
      state.busy = true;
    },
    foodSaved(state, action: PayloadAction<FoodConfigDto>) {
      state.busy = false;
      state.editing = false;
      state.saved = true;
      state.config = action.payload;
    },
    foodSaveFailed: failedCase<FoodState>((state) => {
      state.busy = false;
    }),
    foodSavedNoticeClosed(state) {
      state.saved = false;
    },
    foodPanelOpened(state) {
      state.panelOpen = true;
    },
    foodPanelClosed(state) {
      state.panelOpen = false;
    },
    foodSalesLoaded(state, action: PayloadAction<{ sales: FoodSalesDto; at: string }>) {
      state.sales = action.payload.sales;
      state.fetchedAt = action.payload.at;
    },
    /** A refresh that failed keeps the last figures on the kitchen screen; no dialog over it. */
    foodSalesFailed: failedCase(undefined, { hideError: true }),
  },
});

export const {
  foodConfigLoaded,
  foodConfigFailed,
  foodEditStarted,
  foodEditCancelled,
  foodSaveRequested,
  foodSaved,
  foodSaveFailed,
  foodSavedNoticeClosed,
  foodPanelOpened,
  foodPanelClosed,
  foodSalesLoaded,
  foodSalesFailed,
} = foodSlice.actions;

export const selectFood = (state: WithSlice<typeof foodSlice>) => state.food;
