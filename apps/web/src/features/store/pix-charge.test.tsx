import { screen, waitFor } from '@testing-library/react';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { signedInSession } from '../../testing/fixtures';
import { orderDto, serveStore, withItems } from './fake-store-server';

/** R$ 125,50: 2 × Camiseta and 1 × Caneca. */
const order = withItems(orderDto({ id: 12 }), {
  items: [
    { produto_id: 1, desconto: 0, quantidade: 2 },
    { produto_id: 2, desconto: 0, quantidade: 1 },
  ],
});

async function openOrder() {
  const rendered = renderWithProviders(<App />, {
    preloadedState: { session: signedInSession({ permissions: ['Checkout'], adminPage: null }) },
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Loja' }));
  await rendered.user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
  await waitFor(() => expect(screen.getByLabelText('Forma de pagamento 1')).toHaveValue('1'));
  return rendered;
}

describe('PIX at the cashier', { timeout: 20_000 }, () => {
  it("shows the BR Code of the PIX line's amount, as a QR and as copy-and-paste text", async () => {
    const calls = serveStore({ orders: [order] });
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Adicionar forma de pagamento' }));
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 2'), 'PIX');
    expect(await screen.findByAltText('QR Code PIX de R$ 62,75')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByLabelText('PIX copia e cola')).toHaveValue(
      '00020126BR.GOV.BCB.PIX5462.756304ABCD',
    );
    expect(screen.getByText('txid BALCAO12')).toBeInTheDocument();
    expect(calls.pix).toEqual(['12:62.75']);
    // Paying stays the cashier's action.
    expect(screen.getByRole('button', { name: 'Finalizar Pagamento' })).toBeEnabled();
  });

  it('says why there is no QR when the server refuses', async () => {
    serveStore({ orders: [order], pixFails: true });
    const { user } = await openOrder();
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 1'), 'PIX');
    expect(
      await screen.findByText('PIX: A chave PIX não foi configurada. Consulte os administradores.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
