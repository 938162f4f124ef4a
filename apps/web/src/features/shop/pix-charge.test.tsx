import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../testing/render';
import { orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

/** R$ 125,50: 2 × Camiseta and 1 × Caneca. */
const order = withItems(orderDto({ id: 12 }), {
  items: [
    { produto_id: 1, desconto: 0, quantidade: 2 },
    { produto_id: 2, desconto: 0, quantidade: 1 },
  ],
});

async function openOrder() {
  const rendered = await renderPage('CHECKOUT', { permissions: ['Checkout'] });
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

  it('gives each PIX line its own BR Code, however fast both are picked', async () => {
    const calls = serveStore({ orders: [order] });
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Adicionar forma de pagamento' }));
    await user.clear(screen.getByLabelText('Valor 1'));
    await user.type(screen.getByLabelText('Valor 1'), '10000');
    await user.clear(screen.getByLabelText('Valor 2'));
    await user.type(screen.getByLabelText('Valor 2'), '2550');
    // Within the 300 ms the first line waits before asking: the second must not cancel it.
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 1'), 'PIX');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 2'), 'PIX');
    expect(await screen.findByAltText('QR Code PIX de R$ 100,00')).toBeInTheDocument();
    expect(await screen.findByAltText('QR Code PIX de R$ 25,50')).toBeInTheDocument();
    expect(calls.pix.sort()).toEqual(['12:100', '12:25.5']);
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

  it('asks again once an admin saves the key, with Finalizar Pagamento disabled meanwhile', async () => {
    const options = { orders: [order], pixFails: true };
    const calls = serveStore(options);
    const { user } = await openOrder();
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 1'), 'PIX');
    await screen.findByText('PIX: A chave PIX não foi configurada. Consulte os administradores.');
    expect(screen.getByRole('button', { name: 'Finalizar Pagamento' })).toBeDisabled();

    // The admin saves the key elsewhere; picking PIX again asks the server again, no reload.
    options.pixFails = false;
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 1'), 'Dinheiro');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 1'), 'PIX');
    expect(await screen.findByAltText('QR Code PIX de R$ 125,50')).toBeInTheDocument();
    expect(screen.queryByText(/A chave PIX não foi configurada/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar Pagamento' })).toBeEnabled();
    expect(calls.pix).toEqual(['12:125.5', '12:125.5']);
  });

  it('asks again when the cashier opens the payment again', async () => {
    const options = { orders: [order], pixFails: true };
    const calls = serveStore(options);
    const { user } = await openOrder();
    await user.selectOptions(screen.getByLabelText('Forma de pagamento 1'), 'PIX');
    await screen.findByText(/A chave PIX não foi configurada/);
    options.pixFails = false;
    await user.click(screen.getByRole('button', { name: /Pedido 12/ }));
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento 1'), 'PIX');
    expect(await screen.findByAltText('QR Code PIX de R$ 125,50')).toBeInTheDocument();
    expect(calls.pix).toHaveLength(2);
  });
});
