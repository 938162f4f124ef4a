import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  CART_CANNOT_BE_EMPTIED,
  duplicateItemMessage,
  type OrderDto,
  type ProductType,
  type SaleProduct,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import type { Notice } from '../../ui/notice-dialog';

/** SPEC.md section 5's messages of the sale screen. */
export const productNotFound = (code: string) => `Produto não encontrado: ${code}`;
export const ORDER_FINALIZED = 'O pedido foi devidamente finalizado.';

export interface CartLine {
  productId: number;
  quantity: number;
}

/** Where the sale screen puts the cursor next (bumped so the same target refocuses). */
export type SaleFocus = 'code' | 'cpf';

export interface SaleState {
  products: SaleProduct[];
  tab: ProductType;
  code: string;
  /** The server's cart; null until the first item is added (POST /api/carrinho/novo). */
  cartId: number | null;
  lines: CartLine[];
  /** The lines the server last accepted: a refused change goes back to them. */
  savedLines: CartLine[];
  saving: boolean;
  /** Said on the desk, under the code, until the next scan or change: never a dialog a scan would hit. */
  notice: Notice | null;
  /**
   * 'Item já foi adicionado' of the last product scanned again: a cashier scanning twice for two
   * units must see that the cart still holds one, so later scans do not wipe it. It goes when
   * closed, when that product's quantity changes (the '+' it calls for) or when the sale ends.
   */
  duplicate: { productId: number; text: string } | null;
  finalize: {
    open: boolean;
    cpf: string;
    /** A participant id read from a badge QR, sent as id_cliente instead of the CPF. */
    customerId: string | null;
    clientName: string | null;
    /** Why the name was not found (invalid CPF, not a participant of the event). */
    lookupError: string | null;
    lookingUp: boolean;
    confirming: boolean;
  };
  focus: { target: SaleFocus; serial: number };
}

const closedFinalize: SaleState['finalize'] = {
  open: false,
  cpf: '',
  customerId: null,
  clientName: null,
  lookupError: null,
  lookingUp: false,
  confirming: false,
};

const initialState: SaleState = {
  products: [],
  tab: 'Produto',
  code: '',
  cartId: null,
  lines: [],
  savedLines: [],
  saving: false,
  finalize: closedFinalize,
  notice: null,
  duplicate: null,
  focus: { target: 'code', serial: 0 },
};

function moveFocus(state: SaleState, target: SaleFocus) {
  state.focus = { target, serial: state.focus.serial + 1 };
}

/**
 * Closing or deleting resets the sale screen (SPEC.md section 4), back on its first tab, where the
 * next customer's products are scanned ('Produtos'); the products stay.
 */
function resetCart(state: SaleState) {
  Object.assign(state, {
    tab: initialState.tab,
    code: '',
    cartId: null,
    lines: [],
    savedLines: [],
    saving: false,
    finalize: closedFinalize,
    duplicate: null,
  });
  moveFocus(state, 'code');
}

function setQuantity(state: SaleState, productId: number, quantity: number) {
  state.notice = null;
  if (state.duplicate?.productId === productId) state.duplicate = null;
  const line = state.lines.find((item) => item.productId === productId);
  if (quantity <= 0) {
    if (line && state.lines.length === 1) {
      state.notice = { title: 'Erro!', text: CART_CANNOT_BE_EMPTIED };
      return;
    }
    state.lines = state.lines.filter((item) => item.productId !== productId);
  } else if (line) {
    line.quantity = quantity;
  } else {
    state.lines.push({ productId, quantity });
  }
  state.saving = true;
}

export const saleSlice = createSlice({
  name: 'sale',
  initialState,
  reducers: {
    saleProductsLoaded(state, action: PayloadAction<SaleProduct[]>) {
      state.products = action.payload;
    },
    saleProductsFailed: failedCase(),
    tabChanged(state, action: PayloadAction<ProductType>) {
      state.tab = action.payload;
      moveFocus(state, 'code');
    },
    codeChanged(state, action: PayloadAction<string>) {
      state.code = action.payload;
    },
    /**
     * A Totvs code typed, scanned by a USB reader (keys then Enter) or read by the camera: it must
     * name a product of the current tab that is not in the cart yet.
     */
    codeSubmitted(state, action: PayloadAction<string | undefined>) {
      const code = (action.payload ?? state.code).trim();
      state.code = '';
      state.notice = null;
      moveFocus(state, 'code');
      if (code === '') return;
      const product = state.products.find(
        (item) => item.codTotvs === code && item.categoria === state.tab,
      );
      if (!product) {
        state.notice = { title: 'Erro', text: productNotFound(code) };
      } else if (state.lines.some((line) => line.productId === product.id)) {
        state.duplicate = { productId: product.id, text: duplicateItemMessage(product.descricao) };
      } else {
        setQuantity(state, product.id, 1);
      }
    },
    /** The table's plus and minus buttons. */
    quantityChanged(state, action: PayloadAction<{ productId: number; quantity: number }>) {
      setQuantity(state, action.payload.productId, action.payload.quantity);
    },
    /** The cashier closed 'Item já foi adicionado'. */
    duplicateDismissed(state) {
      state.duplicate = null;
      moveFocus(state, 'code');
    },
    cartCreated(state, action: PayloadAction<number>) {
      state.cartId = action.payload;
    },
    cartSaved(state, action: PayloadAction<OrderDto>) {
      state.savedLines = action.payload.items.map((item) => ({
        productId: item.id_produto,
        quantity: item.quantidade,
      }));
    },
    /** Every queued change was sent. */
    cartSettled(state) {
      state.saving = false;
    },
    /** The server refused the change (e.g. 409 stock): the cart shows what it last accepted. */
    cartSaveFailed: failedCase<SaleState>((state) => {
      state.lines = state.savedLines;
    }),
    cancelRequested() {},
    cartCancelled(state) {
      resetCart(state);
    },
    cartCancelFailed: failedCase(),
    finalizeOpened(state) {
      if (state.lines.length === 0) return;
      state.notice = null;
      state.finalize = { ...closedFinalize, open: true };
      moveFocus(state, 'cpf');
    },
    finalizeClosed(state) {
      state.finalize = closedFinalize;
      moveFocus(state, 'code');
    },
    customerCpfChanged(state, action: PayloadAction<string>) {
      state.finalize.cpf = action.payload;
      state.finalize.customerId = null;
      state.finalize.clientName = null;
      state.finalize.lookupError = null;
    },
    /** A badge QR: the participant id is the customer. */
    customerScanned(state, action: PayloadAction<string>) {
      state.finalize.cpf = '';
      state.finalize.customerId = action.payload;
      state.finalize.clientName = null;
      state.finalize.lookupError = null;
    },
    clientNameRequested(state) {
      state.finalize.lookingUp = true;
    },
    clientNameFound(state, action: PayloadAction<string>) {
      state.finalize.lookingUp = false;
      state.finalize.clientName = action.payload;
    },
    /** Shown under the name field: a dialog would take the cursor away from the CPF. */
    clientNameFailed: failedCase<SaleState>(
      (state, error) => {
        state.finalize.lookingUp = false;
        state.finalize.clientName = null;
        state.finalize.lookupError = error.description;
      },
      { hideError: true },
    ),
    /** 'Confirmar'; from 'Loja Vendas+Caixa' the order then moves to the cashier tab. */
    finalizeRequested(state, _action: PayloadAction<{ toCheckout: boolean }>) {
      state.finalize.confirming = true;
    },
    finalizeSucceeded(state, action: PayloadAction<{ order: OrderDto; toCheckout: boolean }>) {
      resetCart(state);
      if (!action.payload.toCheckout) state.notice = { title: 'Sucesso!', text: ORDER_FINALIZED };
    },
    finalizeFailed: failedCase<SaleState>((state) => {
      state.finalize.confirming = false;
      moveFocus(state, 'cpf');
    }),
  },
});

export const {
  saleProductsLoaded,
  saleProductsFailed,
  tabChanged,
  codeChanged,
  codeSubmitted,
  quantityChanged,
  duplicateDismissed,
  cartCreated,
  cartSaved,
  cartSettled,
  cartSaveFailed,
  cancelRequested,
  cartCancelled,
  cartCancelFailed,
  finalizeOpened,
  finalizeClosed,
  customerCpfChanged,
  customerScanned,
  clientNameRequested,
  clientNameFound,
  clientNameFailed,
  finalizeRequested,
  finalizeSucceeded,
  finalizeFailed,
} = saleSlice.actions;

export const selectSale = (state: WithSlice<typeof saleSlice>) => state.sale;

/** The cart's lines with their products, in the order they were added. */
export function cartItems(state: SaleState): { product: SaleProduct; quantity: number }[] {
  return state.lines.flatMap((line) => {
    const product = state.products.find((item) => item.id === line.productId);
    return product ? [{ product, quantity: line.quantity }] : [];
  });
}
