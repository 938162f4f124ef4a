import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../testing/render';
import { orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

/** Maria bought at two sale desks: 2 × Camiseta in order 12, 1 × Caneca in order 13. */
const first = withItems(orderDto({ id: 12 }), {
  items: [{ produto_id: 1, desconto: 0, quantidade: 2 }],
});
const second = withItems(orderDto({ id: 13, data_associado: '2026-11-23T12:40:00.000Z' }), {
  items: [{ produto_id: 2, desconto: 0, quantidade: 1 }],
});
const other = withItems(
  orderDto({ id: 14, cpf: '11144477735', nome: 'João Lima', participantId: 57 }),
  {
    items: [{ produto_id: 3, desconto: 0, quantidade: 1 }],
  },
);

async function openCashier() {
  const rendered = await renderPage('CHECKOUT', { permissions: ['Checkout'] });
  await rendered.user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
  return rendered;
}

const unifyPanel = () => screen.getByRole('region', { name: 'Unificar pedidos' });

describe('Unificar pedidos at the cashier', { timeout: 20_000 }, () => {
  it("offers to merge the customer's open orders and selects the merged one", async () => {
    const calls = serveStore({ orders: [first, second, other] });
    const { user } = await openCashier();
    const panel = await screen.findByRole('region', { name: 'Unificar pedidos' });
    expect(panel).toHaveTextContent('Maria Souza tem 2 pedidos em aberto.');
    expect(within(panel).getByLabelText('Pedido 12 — R$ 100,00')).toBeChecked();
    expect(within(panel).getByLabelText('Pedido 13 — R$ 25,50')).toBeChecked();
    expect(within(panel).queryByLabelText(/Pedido 14/)).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Unificar 2 pedidos' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Total do pedido')).toHaveTextContent('R$ 125,50'),
    );
    // By the selected order's participant id: a cashier without Participant gets masked CPFs.
    expect(calls.unified).toEqual([{ id_cliente: '41', carrinhos: [12, 13] }]);
    expect(screen.getByRole('heading', { name: 'Pedido 12' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Unificar pedidos' })).not.toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('list', { name: 'Pedidos em aberto' })).queryByRole('button', {
        name: /Pedido 13/,
      }),
    ).not.toBeInTheDocument();
  });

  it('shows a refusal on the panel itself, not in the generic error dialog', async () => {
    serveStore({
      orders: [first, second],
      unifyRefusal: 'Estoque insuficiente para Camiseta: 2 disponíveis.',
    });
    const { user } = await openCashier();
    await user.click(
      within(await screen.findByRole('region', { name: 'Unificar pedidos' })).getByRole('button', {
        name: 'Unificar 2 pedidos',
      }),
    );
    expect(
      await within(unifyPanel()).findByText(
        'Não foi possível unificar: Estoque insuficiente para Camiseta: 2 disponíveis.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Ocorreu um erro')).not.toBeInTheDocument();
    // Leaving one order out leaves nothing to merge.
    await user.click(within(unifyPanel()).getByLabelText('Pedido 13 — R$ 25,50'));
    expect(within(unifyPanel()).getByRole('button', { name: 'Unificar pedidos' })).toBeDisabled();
  });
});
