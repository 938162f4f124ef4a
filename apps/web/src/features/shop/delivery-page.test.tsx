import { screen, waitFor, within } from '@testing-library/react';
import type { AdminPage, Permission } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { MARIA, orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

/** Maria's paid order: 2 × Camiseta and 1 × Caneca = R$ 125,50. */
const mariaPaid = withItems(orderDto({ id: 12, estadoPedido: 'PAGO' }), {
  items: [
    { produto_id: 1, desconto: 0, quantidade: 2 },
    { produto_id: 2, desconto: 0, quantidade: 1 },
  ],
});
const joaoPaid = withItems(
  orderDto({
    id: 11,
    cpf: '11144477735',
    nome: 'João Lima',
    participantId: 42,
    estadoPedido: 'PAGO',
    data_associado: '2026-11-23T11:00:00.000Z',
  }),
  { items: [{ produto_id: 3, desconto: 0, quantidade: 1 }] },
);
const mariaOpen = withItems(orderDto({ id: 13 }), {
  items: [{ produto_id: 2, desconto: 0, quantidade: 2 }],
});

/** A desk that delivers, titled with its menu label. */
async function openDesk(page: AdminPage, permissions: Permission[], title: string) {
  const rendered = await renderPage(page, { permissions });
  await screen.findByRole('heading', { level: 1, name: title });
  return rendered;
}

const toDeliver = () => screen.getByRole('list', { name: 'Pedidos a entregar' });
const tab = (name: string) => screen.getByRole('tab', { name });

describe('Expedição', { timeout: 20_000 }, () => {
  it('delivers the selected paid order, prints its delivery receipt and lists the rest', async () => {
    const calls = serveStore({ orders: [joaoPaid, mariaPaid] });
    const { user } = await openDesk('DELIVERY', ['Delivery'], 'Expedição');
    await user.click(await within(toDeliver()).findByRole('button', { name: /Pedido 12/ }));
    const items = screen.getByRole('table', { name: 'Itens a entregar' });
    expect(
      within(items)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NomeValorQtd', 'CamisetaR$ 100,002', 'CanecaR$ 25,501']);

    // 'Entregar' asks first (Escape goes back), then Enter delivers.
    await user.click(screen.getByRole('button', { name: 'Entregar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Entregar pedido' });
    expect(dialog).toHaveTextContent('Confirma a entrega do pedido 12 a Maria Souza?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.delivered).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Entregar' }));
    dialog = await screen.findByRole('dialog', { name: 'Entregar pedido' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Entregar' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.deliveryReceipts).toEqual([12]));
    expect(calls.delivered).toEqual([12]);
    await screen.findByText('Selecione um pedido pago ou busque o cliente pelo CPF.');
    await waitFor(() =>
      expect(
        within(toDeliver())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringContaining('Pedido 11')]),
    );
    expect(screen.getByText(/Último pedido:/)).toHaveTextContent('Último pedido: 12 Maria Souza');
    await user.click(screen.getByRole('button', { name: 'Comprovante Expedição' }));
    await waitFor(() => expect(calls.deliveryReceipts).toEqual([12, 12]));
  });

  it("selects a customer's paid order by CPF, or says there is none", async () => {
    serveStore({ orders: [joaoPaid, mariaPaid] });
    const { user } = await openDesk('DELIVERY', ['Delivery'], 'Expedição');
    await within(toDeliver()).findByRole('button', { name: /Pedido 11/ });
    await user.type(screen.getByLabelText('CPF do cliente'), MARIA.cpf);
    expect(await screen.findByRole('heading', { name: 'Pedido 12' })).toBeInTheDocument();
    // The clerk's next step is Enter on 'Entregar'.
    expect(screen.getByRole('button', { name: 'Entregar' })).toHaveFocus();

    await user.clear(screen.getByLabelText('CPF do cliente'));
    await user.type(screen.getByLabelText('CPF do cliente'), '39053344705');
    const dialog = await screen.findByRole('dialog', { name: 'Erro!' });
    expect(dialog).toHaveTextContent('Não foi encontrado nenhum pedido associado ao cliente.');
  });
});

describe('Loja Vendas+Caixa+Expedição', { timeout: 30_000 }, () => {
  it('sells, pays, delivers on the delivery tab and returns to the sale tab', async () => {
    const calls = serveStore();
    const { user } = await openDesk('STORE_CHECKOUT_DELIVERY', ['StoreCheckoutDelivery'], 'Loja');
    await screen.findByRole('cell', { name: 'Camiseta' });
    await user.keyboard('CAM01{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Finalizar Pedido' }));
    await user.keyboard(MARIA.cpf);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(tab('Caixa')).toHaveAttribute('aria-selected', 'true'));
    const finish = await screen.findByRole('button', { name: 'Finalizar Pagamento' });
    await waitFor(() => expect(finish).toBeEnabled());
    await user.click(finish);

    // Paid: no dialog, the order waits on the delivery tab.
    await waitFor(() => expect(tab('Expedição')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pedido 101' })).toBeInTheDocument();
    await waitFor(() => expect(calls.receipts).toEqual([101]));
    // 'Entregar' has the focus: Enter asks, Enter confirms.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entregar' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Entregar pedido' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tab('Vendas')).toHaveAttribute('aria-selected', 'true'));
    expect(calls.delivered).toEqual([101]);
    await waitFor(() => expect(calls.deliveryReceipts).toEqual([101]));
  });
});

describe('Loja Caixa+Expedição', { timeout: 20_000 }, () => {
  it('moves the paid order to delivery, then returns to the cashier', async () => {
    const calls = serveStore({ orders: [mariaOpen] });
    const { user } = await openDesk('CHECKOUT_DELIVERY', ['CheckoutDelivery'], 'Loja');
    expect(tab('Caixa')).toHaveAttribute('aria-selected', 'true');
    await user.click(await screen.findByRole('button', { name: /Pedido 13/ }));
    const finish = await screen.findByRole('button', { name: 'Finalizar Pagamento' });
    await waitFor(() => expect(finish).toBeEnabled());
    await user.click(finish);
    await waitFor(() => expect(tab('Expedição')).toHaveAttribute('aria-selected', 'true'));
    await user.click(await screen.findByRole('button', { name: 'Entregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entregar pedido' });
    await user.click(within(dialog).getByRole('button', { name: 'Entregar' }));
    await waitFor(() => expect(tab('Caixa')).toHaveAttribute('aria-selected', 'true'));
    expect(calls.delivered).toEqual([13]);
  });
});
