import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminPage, Permission } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { MARIA, orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

/** Maria's order: 2 × Camiseta (R$ 50,00) and 1 × Caneca (R$ 25,50) = R$ 125,50. */
const mariaOrder = withItems(orderDto({ id: 12 }), {
  items: [
    { produto_id: 1, desconto: 0, quantidade: 2 },
    { produto_id: 2, desconto: 0, quantidade: 1 },
  ],
});
const otherOrder = withItems(
  orderDto({
    id: 11,
    cpf: '11144477735',
    nome: 'João Lima',
    participantId: 42,
    data_associado: '2026-11-23T11:00:00.000Z',
  }),
  { items: [{ produto_id: 3, desconto: 0, quantidade: 1 }] },
);

/** A cashier's desk, titled with its menu label ('Loja' for a user of one desk). */
async function openCashier(
  permissions: Permission[] = ['Checkout'],
  page: AdminPage = 'CHECKOUT',
  title = 'Loja',
) {
  const rendered = await renderPage(page, { permissions });
  await screen.findByRole('heading', { level: 1, name: title });
  return rendered;
}

const orderList = () => screen.getByRole('list', { name: 'Pedidos em aberto' });
const finish = () => screen.getByRole('button', { name: 'Finalizar Pagamento' });

describe('Caixa', { timeout: 20_000 }, () => {
  it('lists open orders newest first and loads no products for a cashier who does not sell', async () => {
    serveStore({ orders: [otherOrder, mariaOrder] });
    let productLoads = 0;
    server.use(
      http.get('/api/produtos/lista', () => {
        productLoads += 1;
        return HttpResponse.json({ data: [] });
      }),
    );
    await openCashier();
    await waitFor(() =>
      expect(
        within(orderList())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringContaining('Pedido 12'), expect.stringContaining('Pedido 11')]),
    );
    expect(productLoads).toBe(0);
  });

  it("names the desk 'Caixa' under 'Loja' for a cashier-only user", async () => {
    serveStore({ orders: [] });
    await openCashier();
    expect(screen.getByRole('heading', { level: 2, name: 'Caixa' })).toBeVisible();
  });

  it('finishes only when the payments equal the total; a second line splits it', async () => {
    const calls = serveStore({ orders: [mariaOrder] });
    const { user } = await openCashier();
    await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
    expect(await screen.findByLabelText('Total do pedido')).toHaveTextContent('R$ 125,50');
    // One line follows the total.
    await waitFor(() => expect(screen.getByLabelText('Forma de pagamento 1')).toHaveValue('1'));
    expect(screen.getByLabelText('Valor 1')).toHaveValue('R$ 125,50');
    expect(finish()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Adicionar forma de pagamento' }));
    expect(screen.getByLabelText('Valor 1')).toHaveValue('R$ 62,75');
    expect(screen.getByLabelText('Valor 2')).toHaveValue('R$ 62,75');
    expect(screen.getByLabelText('Forma de pagamento 2')).toHaveValue('2');
    expect(finish()).toBeEnabled();

    // R$ 100,00 + R$ 62,75 is more than the total: not payable.
    await user.clear(screen.getByLabelText('Valor 1'));
    await user.type(screen.getByLabelText('Valor 1'), '10000');
    expect(screen.getByLabelText('Restante')).toHaveTextContent('-R$ 37,25');
    expect(finish()).toBeDisabled();
    await user.clear(screen.getByLabelText('Valor 2'));
    await user.type(screen.getByLabelText('Valor 2'), '2550');
    expect(screen.getByLabelText('Restante')).toHaveTextContent('R$ 0,00');
    expect(finish()).toBeEnabled();

    await user.click(finish());
    const dialog = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(dialog).toHaveTextContent('O pedido foi devidamente finalizado.');
    expect(calls.payments).toHaveLength(1);
    expect(calls.payments[0]!.body).toEqual({
      pagamentos: [
        { id_forma_pagamento: 1, valor: 100 },
        { id_forma_pagamento: 2, valor: 25.5 },
      ],
    });
    expect(calls.payments[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(calls.receipts).toEqual([12]));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The closed order leaves the list and becomes the footer's last order.
    expect(screen.getByText('Nenhum pedido em aberto')).toBeInTheDocument();
    expect(screen.getByText(/Último pedido:/)).toHaveTextContent('Último pedido: 12 Maria Souza');
    await user.click(screen.getByRole('button', { name: 'Comprovante Pagamento' }));
    await waitFor(() => expect(calls.receipts).toEqual([12, 12]));
  });

  it('closes a fully discounted order with no payment lines', async () => {
    const free = withItems(orderDto({ id: 13 }), {
      items: [{ produto_id: 2, desconto: 100, quantidade: 1 }],
    });
    const calls = serveStore({ orders: [free] });
    const { user } = await openCashier();
    await user.click(await screen.findByRole('button', { name: /Pedido 13/ }));
    expect(await screen.findByLabelText('Total do pedido')).toHaveTextContent('R$ 0,00');
    await waitFor(() => expect(finish()).toBeEnabled());
    await user.click(finish());
    await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(calls.payments[0]!.body).toEqual({ pagamentos: [] });
  });

  it('saves a valid discount percent and refuses an invalid one', async () => {
    const calls = serveStore({ orders: [mariaOrder] });
    const { user } = await openCashier();
    await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
    const discount = await screen.findByLabelText('Desconto (%) de Camiseta');
    await user.clear(discount);
    await user.type(discount, '150');
    expect(screen.getByText('Valor inválido para desconto')).toBeVisible();
    await user.keyboard('{Enter}');
    expect(calls.updates).toEqual([]);

    await user.clear(discount);
    await user.type(discount, '10{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('Total do pedido')).toHaveTextContent('R$ 115,50'),
    );
    expect(calls.updates).toEqual([
      {
        items: [
          { produto_id: 1, quantidade: 2, desconto: 10 },
          { produto_id: 2, quantidade: 1, desconto: 0 },
        ],
      },
    ]);
    expect(screen.getByLabelText('Valor 1')).toHaveValue('R$ 115,50');
  });

  it("shows the cashier's discount limit and refuses more before sending", async () => {
    const calls = serveStore({ orders: [mariaOrder], maxDiscount: 10 });
    const { user } = await openCashier();
    await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
    expect(await screen.findByText('Seu desconto máximo: 10%')).toBeVisible();
    const discount = screen.getByLabelText('Desconto (%) de Camiseta');
    await waitFor(() => expect(finish()).toBeEnabled());
    await user.clear(discount);
    await user.type(discount, '15{Enter}');
    expect(screen.getByText('Desconto acima do seu limite de 10%.')).toBeVisible();
    expect(calls.updates).toEqual([]);
    // Paying now would pay the order without the discount the field shows.
    expect(finish()).toBeDisabled();

    await user.clear(discount);
    await user.type(discount, '10{Enter}');
    await waitFor(() => expect(calls.updates).toHaveLength(1));
    expect(calls.updates[0]?.items[0]).toEqual({ produto_id: 1, quantidade: 2, desconto: 10 });
    await waitFor(() => expect(finish()).toBeEnabled());
  });

  it('takes a unit off a line, as after a stock refusal, and the total follows', async () => {
    const calls = serveStore({ orders: [mariaOrder] });
    const { user } = await openCashier();
    await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
    await user.click(await screen.findByRole('button', { name: 'Menos Camiseta' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Total do pedido')).toHaveTextContent('R$ 75,50'),
    );
    expect(calls.updates.at(-1)).toEqual({
      items: [
        { produto_id: 1, quantidade: 1, desconto: 0 },
        { produto_id: 2, quantidade: 1, desconto: 0 },
      ],
    });
    expect(screen.getByLabelText('Valor 1')).toHaveValue('R$ 75,50');
  });

  it('finds the order by CPF, tells when there is none, and clears the selection on delete', async () => {
    serveStore({ orders: [otherOrder, mariaOrder] });
    const { user } = await openCashier();
    const cpf = await screen.findByLabelText('CPF do cliente');
    await user.type(cpf, '11144477735');
    expect(await screen.findByRole('heading', { name: 'Pedido 11' })).toBeInTheDocument();
    expect(within(orderList()).getAllByRole('button')).toHaveLength(1);

    await user.type(cpf, '{Escape}52998224700');
    const dialog = await screen.findByRole('dialog', { name: 'Erro!' });
    expect(dialog).toHaveTextContent('Não foi encontrado nenhum pedido associado ao cliente.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await user.type(cpf, `{Escape}${MARIA.cpf}`);
    expect(await screen.findByRole('heading', { name: 'Pedido 12' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover pedido' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover pedido' });
    expect(confirm).toHaveTextContent('O pedido será deletado.');
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await screen.findByText('Selecione um pedido em aberto ou busque o cliente pelo CPF.');
  });
});

describe('badge QR at the cashier', { timeout: 20_000 }, () => {
  it("selects the open order of the badge's participant", async () => {
    serveStore({ orders: [otherOrder, mariaOrder] });
    const { user } = await openCashier();
    await screen.findByRole('button', { name: /Pedido 11/ });
    await user.click(screen.getByRole('button', { name: 'Ler QR Code do crachá' }));
    await user.type(await screen.findByLabelText('Imagem da câmera'), '42{Enter}');
    expect(await screen.findByRole('heading', { name: 'Pedido 11' })).toBeInTheDocument();
  });
});

describe('Loja Caixa+Expedição', { timeout: 20_000 }, () => {
  it('starts on the cashier tab', async () => {
    serveStore({ orders: [mariaOrder] });
    await openCashier(['CheckoutDelivery'], 'CHECKOUT_DELIVERY');
    expect(screen.getByRole('tab', { name: 'Caixa' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Vendas' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Pedido 12/ })).toBeInTheDocument();
  });
});

describe('Loja Vendas+Caixa', { timeout: 20_000 }, () => {
  it('finalizing on the sale tab selects the order on the cashier tab; paying returns to sale', async () => {
    serveStore();
    const { user } = await openCashier(['StoreCheckout'], 'STORE_CHECKOUT', 'Loja Vendas+Caixa');
    await screen.findByRole('cell', { name: 'Camiseta' });
    await user.keyboard('CAM01{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Finalizar Pedido' }));
    await user.keyboard(MARIA.cpf);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled());
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Caixa' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('heading', { name: 'Pedido 101' })).toBeInTheDocument();
    await waitFor(() => expect(finish()).toBeEnabled());
    await user.click(finish());
    await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(screen.getByRole('tab', { name: 'Vendas' })).toHaveAttribute('aria-selected', 'true');

    // 'OK' takes Enter and the next scan lands in the sale tab's code field.
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('CAN02{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Itens do carrinho' })).toHaveTextContent(
        '1 x Caneca',
      ),
    );
  });

  it("takes 'Recebido' for cash and shows the 'Troco', recording the order's total and what was received", async () => {
    const calls = serveStore({ orders: [mariaOrder] });
    const { user } = await openCashier();
    await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
    await waitFor(() => expect(screen.getByLabelText('Forma de pagamento 1')).toHaveValue('1'));
    // Cash needs the cashier's open drawer: said before trying, and gone once it is open.
    expect(screen.getByText('Abra o caixa antes de receber em dinheiro.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Troco inicial'), '10000{Enter}');
    await waitFor(() =>
      expect(
        screen.queryByText('Abra o caixa antes de receber em dinheiro.'),
      ).not.toBeInTheDocument(),
    );

    // Less than the cash part: said, and not payable.
    await user.type(screen.getByLabelText('Recebido'), '10000');
    expect(screen.getByText(/Recebido menor que o valor em dinheiro \(R\$ 125,50\)/)).toBeVisible();
    expect(finish()).toBeDisabled();

    await user.clear(screen.getByLabelText('Recebido'));
    await user.type(screen.getByLabelText('Recebido'), '20000');
    expect(screen.getByLabelText('Recebido')).toHaveValue('R$ 200,00');
    expect(screen.getByLabelText('Troco')).toHaveTextContent('R$ 74,50');
    // The amount stays the total, and Enter in 'Recebido' pays.
    expect(screen.getByLabelText('Valor 1')).toHaveValue('R$ 125,50');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.payments).toHaveLength(1));
    expect(calls.payments[0]?.body).toEqual({
      pagamentos: [{ id_forma_pagamento: 1, valor: 125.5, recebido: 200 }],
    });
  });
});
