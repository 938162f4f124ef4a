import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReceiptPrintOutcome } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { watchPrintFrames } from '../../testing/print-frames';
import { orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

/** Maria's order: 2 × Camiseta (R$ 50,00) and 1 × Caneca (R$ 25,50) = R$ 125,50. */
const mariaOrder = withItems(orderDto({ id: 12 }), {
  items: [
    { produto_id: 1, desconto: 0, quantidade: 2 },
    { produto_id: 2, desconto: 0, quantidade: 1 },
  ],
});

async function payMaria(receipt: ReceiptPrintOutcome) {
  serveStore({ orders: [mariaOrder] });
  server.use(
    http.get('/api/carrinho/imprimir/recibo/12', () => HttpResponse.json(receipt)),
    http.get('/api/prints/files/:name', ({ params }) =>
      HttpResponse.arrayBuffer(new TextEncoder().encode(`%PDF ${String(params.name)}`).buffer),
    ),
  );
  const { user } = await renderPage('CHECKOUT', { permissions: ['Checkout'] });
  await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
  await waitFor(() => expect(screen.getByLabelText('Forma de pagamento 1')).toHaveValue('1'));
  await user.click(screen.getByRole('button', { name: 'Finalizar Pagamento' }));
  return screen.findByRole('dialog', { name: 'Sucesso!' });
}

describe('Caixa: the automatic coupon', { timeout: 20_000 }, () => {
  it('prints the coupon after the receipt, in this tab, and tells the cashier its code', async () => {
    const printed = watchPrintFrames();
    const dialog = await payMaria({
      filename: 'recibo-1.pdf',
      coupons: [{ code: 'K7QZ2M4XH9PA', filename: 'cupom-1.pdf' }],
    });
    await waitFor(() => expect(printed()).toHaveLength(2));
    expect(await Promise.all(printed().map((blob) => blob.text()))).toEqual([
      '%PDF recibo-1.pdf',
      '%PDF cupom-1.pdf',
    ]);
    await waitFor(() => expect(dialog).toHaveTextContent('Cupom gerado: K7QZ-2M4X-H9PA'));
    expect(dialog).toHaveTextContent('O pedido foi devidamente finalizado.');
  });

  it("says the code too when both went to the cashier's printer", async () => {
    const dialog = await payMaria({
      jobId: 41,
      printer: 'Caixa 1',
      coupons: [{ code: 'K7QZ2M4XH9PA', jobId: 42, printer: 'Caixa 1' }],
    });
    await waitFor(() => expect(dialog).toHaveTextContent('Cupom gerado: K7QZ-2M4X-H9PA'));
  });

  it('says nothing of a coupon when the order earned none', async () => {
    const dialog = await payMaria({ jobId: 41, printer: 'Caixa 1', coupons: [] });
    expect(dialog).toHaveTextContent('O pedido foi devidamente finalizado.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dialog).not.toHaveTextContent('Cupom gerado');
  });
});
