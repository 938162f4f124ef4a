import { describe, expect, it } from 'vitest';
import type { OrderDto } from '@balcao/contract';
import { checkoutSlice } from './checkout-slice';

const { reducer, actions } = checkoutSlice;

describe('checkout payment lines', () => {
  it('defaults a new line to Dinheiro even when the server lists another method first', () => {
    // The server lists methods by name: 'Cartão de crédito' sorts before 'Dinheiro'.
    let state = reducer(
      undefined,
      actions.paymentMethodsLoaded([
        { id_forma_pagamento: 2, descricao: 'Cartão de crédito' },
        { id_forma_pagamento: 1, descricao: 'Dinheiro' },
        { id_forma_pagamento: 3, descricao: 'PIX' },
      ]),
    );
    expect(state.methods.map((method) => method.descricao)).toEqual([
      'Dinheiro',
      'Cartão de crédito',
      'PIX',
    ]);
    state = reducer(state, actions.orderSelected({ id: 7, total: 10 } as OrderDto));
    expect(state.lines.map((line) => line.methodId)).toEqual([1]);
  });
});
