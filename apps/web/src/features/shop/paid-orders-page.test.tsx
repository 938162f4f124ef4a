import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../testing/render';
import { MARIA, orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

const delivery = {
  action: 'entregar' as const,
  from: 'PAGO' as const,
  to: 'ENTREGUE' as const,
  user: 'expedicao1',
  desk: '127.0.0.1',
  at: '2026-11-23T13:00:00.000Z',
};
/** Maria's delivered order: 2 × Camiseta and 1 × Caneca = R$ 125,50. */
const mariaDelivered = withItems(
  orderDto({ id: 12, estadoPedido: 'ENTREGUE', history: [delivery] }),
  {
    items: [
      { produto_id: 1, desconto: 0, quantidade: 2 },
      { produto_id: 2, desconto: 0, quantidade: 1 },
    ],
  },
);
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

async function openPaidOrders() {
  const rendered = await renderPage('PAID_ORDERS', { permissions: ['System'] });
  await screen.findByRole('heading', { level: 1, name: 'Pedidos pagos' });
  return rendered;
}

const paidList = () => screen.getByRole('list', { name: 'Pedidos pagos' });

describe('Pedidos pagos', { timeout: 20_000 }, () => {
  it('says so when there is no paid order', async () => {
    serveStore();
    await openPaidOrders();
    expect(await within(paidList()).findByText('Nenhuma ordem paga')).toBeInTheDocument();
  });

  it("previews a customer's order by CPF and prints both receipts", async () => {
    const calls = serveStore({ orders: [joaoPaid, mariaDelivered] });
    const { user } = await openPaidOrders();
    await within(paidList()).findByRole('button', { name: /Pedido 11/ });
    await user.type(screen.getByLabelText('CPF do cliente'), MARIA.cpf);
    const preview = await screen.findByRole('region', { name: 'Pedido selecionado' });
    expect(preview).toHaveTextContent('Pedido 12');
    expect(preview).toHaveTextContent('Entregue');
    const items = within(preview).getByRole('table', { name: 'Itens do pedido' });
    expect(
      within(items)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NomeValorQtd', 'CamisetaR$ 100,002', 'CanecaR$ 25,501']);
    await user.click(screen.getByRole('button', { name: 'Comprovante Pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Comprovante Expedição' }));
    await waitFor(() => expect(calls.receipts).toEqual([12]));
    await waitFor(() => expect(calls.deliveryReceipts).toEqual([12]));
    // The list (filtered by the CPF) has a print button per order: its payment receipt.
    await user.click(screen.getByRole('button', { name: 'Imprimir comprovante do pedido 12' }));
    await waitFor(() => expect(calls.receipts).toEqual([12, 12]));
  });

  it('refunds after the confirmation, with a reason and an Idempotency-Key', async () => {
    const calls = serveStore({ orders: [joaoPaid] });
    const { user } = await openPaidOrders();
    await user.click(await within(paidList()).findByRole('button', { name: /Pedido 11/ }));
    // Not yet delivered: no delivery receipt.
    expect(screen.getByRole('button', { name: 'Comprovante Expedição' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Estornar' })).toBeDisabled();
    await user.type(screen.getByLabelText('Motivo do estorno'), 'Produto com defeito{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar ação' });
    expect(confirm).toHaveTextContent('O pedido será estornado.');
    await user.click(within(confirm).getByRole('button', { name: 'Estornar' }));
    const done = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(done).toHaveTextContent('O pedido foi estornado.');
    expect(calls.refunds).toEqual([
      {
        id: 11,
        body: { motivo: 'Produto com defeito' },
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    const preview = screen.getByRole('region', { name: 'Pedido selecionado' });
    expect(preview).toHaveTextContent('Estornado');
    expect(screen.queryByRole('button', { name: 'Estornar' })).not.toBeInTheDocument();
  });

  it('says what became of the order’s bank-confirmed Pix, never that it was given back', async () => {
    const pix = {
      id: 'BALCAOD0123456789abcdef0123456789',
      endToEndId: 'E99999999202611281200abcdef01234',
      valor: 40.5,
      orderId: 11,
      txid: 'BALCAO000000000000011T0001',
      motivo: 'Desistência',
      returnId: null,
      createdBy: 'gerente',
      createdAt: '2026-11-28T12:00:00.000Z',
      updatedAt: '2026-11-28T12:00:00.000Z',
    };
    serveStore({
      orders: [joaoPaid],
      pixRefunds: [
        { ...pix, status: 'EM_PROCESSAMENTO', error: null },
        {
          ...pix,
          id: 'BALCAOD2',
          valor: 10,
          status: 'PENDENTE',
          error: 'O PSP está indisponível (HTTP 503).',
        },
      ],
    });
    const { user } = await openPaidOrders();
    await user.click(await within(paidList()).findByRole('button', { name: /Pedido 11/ }));
    await user.type(screen.getByLabelText('Motivo do estorno'), 'Desistência');
    await user.click(screen.getByRole('button', { name: 'Estornar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar ação' });
    await user.click(within(confirm).getByRole('button', { name: 'Estornar' }));
    const done = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(done).toHaveTextContent(
      'O pedido foi estornado. Devolução PIX solicitada ao banco: R$ 40,50. ' +
        'A devolução PIX de R$ 10,00 não foi aceita pelo PSP: O PSP está indisponível (HTTP 503). ' +
        "Tente de novo em 'Devoluções PIX'.",
    );
  });

  it("shows 'Erro!' when the refund fails", async () => {
    serveStore({ orders: [joaoPaid], refundFails: true });
    const { user } = await openPaidOrders();
    await user.click(await within(paidList()).findByRole('button', { name: /Pedido 11/ }));
    await user.type(screen.getByLabelText('Motivo do estorno'), 'Desistência');
    await user.click(screen.getByRole('button', { name: 'Estornar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar ação' });
    await user.click(within(confirm).getByRole('button', { name: 'Estornar' }));
    const failed = await screen.findByRole('dialog', { name: 'Erro!' });
    expect(failed).toHaveTextContent('Ocorreu um erro. Por favor, tente novamente.');
    expect(screen.queryByRole('dialog', { name: 'Ocorreu um erro' })).not.toBeInTheDocument();
  });
});
