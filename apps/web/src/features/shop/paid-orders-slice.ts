import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { pixRefundOutcomeMessage, type OrderDto, type RefundedOrderDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import type { Notice } from '../../ui/notice-dialog';

/** SPEC.md section 8: the refund's dialogs. */
export const REFUND_DONE: Notice = { title: 'Sucesso!', text: 'O pedido foi estornado.' };
export const REFUND_FAILED: Notice = {
  title: 'Erro!',
  text: 'Ocorreu um erro. Por favor, tente novamente.',
};

export interface PaidOrdersState {
  /** Paid, delivered and refunded orders of the event (GET /api/carrinho/pagos). */
  orders: OrderDto[];
  cpf: string;
  selected: OrderDto | null;
  /** While true the 'Aguarde' dialog shows. */
  refunding: boolean;
  notice: Notice | null;
}

const initialState: PaidOrdersState = {
  orders: [],
  cpf: '',
  selected: null,
  refunding: false,
  notice: null,
};

export const paidOrdersSlice = createSlice({
  name: 'paidOrders',
  initialState,
  reducers: {
    paidOrdersRequested() {},
    paidOrdersLoaded(state, action: PayloadAction<OrderDto[]>) {
      state.orders = action.payload;
      // The preview follows the list (a refund elsewhere changes its state).
      const selectedId = state.selected?.id;
      state.selected = action.payload.find((order) => order.id === selectedId) ?? null;
    },
    paidOrdersFailed: failedCase(),
    paidCpfChanged(state, action: PayloadAction<string>) {
      state.cpf = action.payload;
    },
    paidLookupRequested(
      _state,
      _action: PayloadAction<{ cpf?: string; participantId?: string }>,
    ) {},
    paidCustomerNotFound(state) {
      state.notice = {
        title: 'Erro!',
        text: 'Não foi encontrado nenhum pedido associado ao cliente.',
      };
    },
    paidOrderSelected(state, action: PayloadAction<OrderDto | null>) {
      state.selected = action.payload;
    },
    /** One Idempotency-Key per confirmation: the retry after a token refresh reuses it. */
    refundRequested(state, _action: PayloadAction<{ reason: string; idempotencyKey: string }>) {
      state.refunding = true;
    },
    /** The order refunded, and what the PSP said of its bank-confirmed Pix (docs/pix.md). */
    refunded(state, action: PayloadAction<RefundedOrderDto>) {
      const { devolucoesPix, ...order } = action.payload;
      state.refunding = false;
      state.selected = order;
      state.notice = {
        ...REFUND_DONE,
        text: [REFUND_DONE.text, ...devolucoesPix.map(pixRefundOutcomeMessage)].join(' '),
      };
    },
    refundFailed: failedCase<PaidOrdersState>((state) => {
      state.refunding = false;
      state.notice = REFUND_FAILED;
    }),
    paidReceiptRequested(_state, _action: PayloadAction<{ orderId: number; delivery: boolean }>) {},
    paidReceiptFailed: failedCase(),
    paidNoticeDismissed(state) {
      state.notice = null;
    },
  },
});

export const {
  paidOrdersRequested,
  paidOrdersLoaded,
  paidOrdersFailed,
  paidCpfChanged,
  paidLookupRequested,
  paidCustomerNotFound,
  paidOrderSelected,
  refundRequested,
  refunded,
  refundFailed,
  paidReceiptRequested,
  paidReceiptFailed,
  paidNoticeDismissed,
} = paidOrdersSlice.actions;

export const selectPaidOrders = (state: WithSlice<typeof paidOrdersSlice>) => state.paidOrders;
