import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OrderDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import type { Notice } from '../../ui/notice-dialog';

export const ORDER_DELIVERED = 'O pedido foi entregue.';

export interface DeliveryState {
  /** Paid orders awaiting delivery (GET /api/carrinho/entregar). */
  orders: OrderDto[];
  /** The customer finder's CPF digits. */
  cpf: string;
  selected: OrderDto | null;
  delivering: boolean;
  /** The last order this desk delivered, with 'Comprovante Expedição' in the list's footer. */
  lastOrder: OrderDto | null;
  notice: Notice | null;
}

const initialState: DeliveryState = {
  orders: [],
  cpf: '',
  selected: null,
  delivering: false,
  lastOrder: null,
  notice: null,
};

export const deliverySlice = createSlice({
  name: 'delivery',
  initialState,
  reducers: {
    deliveryOrdersRequested() {},
    deliveryOrdersLoaded(state, action: PayloadAction<OrderDto[]>) {
      state.orders = action.payload;
      const selectedId = state.selected?.id;
      // Another desk may have delivered (or refunded) the selected order meanwhile.
      if (selectedId !== undefined && !action.payload.some((order) => order.id === selectedId))
        state.selected = null;
    },
    deliveryOrdersFailed: failedCase(),
    deliveryCpfChanged(state, action: PayloadAction<string>) {
      state.cpf = action.payload;
    },
    /** A CPF (11 digits) or a badge QR's participant id: its newest paid order is selected. */
    deliveryLookupRequested(
      _state,
      _action: PayloadAction<{ cpf?: string; participantId?: string }>,
    ) {},
    deliveryCustomerNotFound(state) {
      state.notice = {
        title: 'Erro!',
        text: 'Não foi encontrado nenhum pedido associado ao cliente.',
      };
    },
    deliveryOrderSelected(state, action: PayloadAction<OrderDto | null>) {
      state.selected = action.payload;
    },
    /** The '+Expedição' screens: the order just paid is the one to deliver next. */
    orderToDeliver(state, action: PayloadAction<OrderDto>) {
      const order = action.payload;
      state.orders = [order, ...state.orders.filter((item) => item.id !== order.id)];
      state.cpf = '';
      state.selected = order;
    },
    deliverRequested(state) {
      state.delivering = true;
    },
    delivered(state, action: PayloadAction<OrderDto>) {
      state.delivering = false;
      state.lastOrder = action.payload;
      state.orders = state.orders.filter((order) => order.id !== action.payload.id);
      state.selected = null;
      state.cpf = '';
    },
    deliverFailed: failedCase<DeliveryState>((state) => {
      state.delivering = false;
    }),
    deliveryPrintRequested(_state, _action: PayloadAction<number>) {},
    deliveryPrintFailed: failedCase(),
    deliveryNoticeDismissed(state) {
      state.notice = null;
    },
  },
});

export const {
  deliveryOrdersRequested,
  deliveryOrdersLoaded,
  deliveryOrdersFailed,
  deliveryCpfChanged,
  deliveryLookupRequested,
  deliveryCustomerNotFound,
  deliveryOrderSelected,
  orderToDeliver,
  deliverRequested,
  delivered,
  deliverFailed,
  deliveryPrintRequested,
  deliveryPrintFailed,
  deliveryNoticeDismissed,
} = deliverySlice.actions;

export const selectDelivery = (state: WithSlice<typeof deliverySlice>) => state.delivery;
