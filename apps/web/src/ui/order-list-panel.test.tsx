import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@balcao/contract';
import { ORDER_LIST_REFRESH_MS, OrderListPanel } from './order-list-panel';

function order(id: number, cpf: string, associated: string): OrderDto {
  return {
    id,
    eventId: 1,
    cpf,
    nome: `Cliente ${id}`,
    participantId: id,
    data_associado: associated,
    items: [],
    total: 10,
    estadoPedido: 'AGUARDANDO_PAGAMENTO',
    payments: [],
    coupon: null,
    vendedor: 'vendedor1',
    caixa: null,
    date: associated,
    history: [],
  };
}

const orders = [
  order(1, '52998224725', '2026-11-23T10:00:00.000Z'),
  order(2, '11144477735', '2026-11-23T12:00:00.000Z'),
  order(3, '52911122233', '2026-11-23T11:00:00.000Z'),
];

describe('OrderListPanel', () => {
  afterEach(() => vi.useRealTimers());

  it('lists the newest association first, filtered by the CPF prefix', () => {
    const { rerender } = render(
      <OrderListPanel
        title="Pedidos em aberto"
        orders={orders}
        cpfPrefix=""
        selectedId={null}
        onSelect={() => {}}
        onRefresh={() => {}}
      />,
    );
    const names = () =>
      within(screen.getByRole('list', { name: 'Pedidos em aberto' }))
        .getAllByRole('button')
        .map((button) => button.querySelector('strong')?.textContent);
    expect(names()).toEqual(['Pedido 2', 'Pedido 3', 'Pedido 1']);
    rerender(
      <OrderListPanel
        title="Pedidos em aberto"
        orders={orders}
        cpfPrefix="529"
        selectedId={null}
        onSelect={() => {}}
        onRefresh={() => {}}
      />,
    );
    expect(names()).toEqual(['Pedido 3', 'Pedido 1']);
  });

  it("marks a refunded order 'Estornado' where it is listed", () => {
    render(
      <OrderListPanel
        title="Pedidos pagos"
        orders={[
          { ...order(1, '52998224725', '2026-11-23T10:00:00.000Z'), estadoPedido: 'PAGO' },
          { ...order(2, '11144477735', '2026-11-23T12:00:00.000Z'), estadoPedido: 'ESTORNADO' },
        ]}
        cpfPrefix=""
        selectedId={null}
        onSelect={() => {}}
        onRefresh={() => {}}
      />,
    );
    const list = screen.getByRole('list', { name: 'Pedidos pagos' });
    expect(within(list).getByRole('button', { name: /Pedido 2/ })).toHaveTextContent(
      'Pedido 2Estornado',
    );
    expect(within(list).getByRole('button', { name: /Pedido 1/ })).not.toHaveTextContent(
      'Estornado',
    );
  });

  it('refreshes every 30 s and prints the last order from the footer', async () => {
    vi.useFakeTimers();
    const onRefresh = vi.fn();
    const onPrintLast = vi.fn();
    render(
      <OrderListPanel
        title="Pedidos em aberto"
        orders={[]}
        cpfPrefix=""
        selectedId={null}
        onSelect={() => {}}
        onRefresh={onRefresh}
        emptyText="Nenhum pedido em aberto"
        lastOrder={orders[0]}
        onPrintLast={onPrintLast}
        printLabel="Comprovante Pagamento"
      />,
    );
    expect(screen.getByText('Nenhum pedido em aberto')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ORDER_LIST_REFRESH_MS - 1));
    expect(onRefresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Comprovante Pagamento' }));
    expect(onPrintLast).toHaveBeenCalledWith(orders[0]);
  });
});
