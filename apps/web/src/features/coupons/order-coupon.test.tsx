import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApplyCouponRequest } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

/** 2 × Camiseta (R$ 50,00) and 1 × Caneca (R$ 25,50) = R$ 125,50. */
const items = (percent: number, caneca = percent) => ({
  items: [
    { produto_id: 1, desconto: percent, quantidade: 2 },
    { produto_id: 2, desconto: caneca, quantidade: 1 },
  ],
});
const order = withItems(orderDto({ id: 12 }), items(0));

/** The cashier's coupon call: GOODCODE is 10 % except the blacklisted Caneca. */
function serveCouponCalls() {
  const sent: ApplyCouponRequest[] = [];
  server.use(
    http.post('/api/carrinho/cupom/:id', async ({ request }) => {
      const body = (await request.json()) as ApplyCouponRequest;
      sent.push(body);
      if (!body.id_cupom) return HttpResponse.json(order);
      if (body.id_cupom !== 'GOODCODE')
        return HttpResponse.json(
          { error: 'conflict', error_description: 'Este cupom já foi utilizado.' },
          { status: 409 },
        );
      return HttpResponse.json({
        ...withItems(order, items(10, 0)),
        coupon: { name: 'Natal', value: 10 },
      });
    }),
  );
  return sent;
}

describe('Cupom no caixa', { timeout: 20_000 }, () => {
  it("applies a typed or camera-read code, shows each item's discount at once, and removes it", async () => {
    serveStore({ orders: [order] });
    const sent = serveCouponCalls();
    const { user } = await renderPage('CHECKOUT', { permissions: ['Checkout'] });
    await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
    expect(await screen.findByLabelText('Total do pedido')).toHaveTextContent('R$ 125,50');

    // A scanner types the code and presses Enter; dashes and case do not matter.
    await user.type(screen.getByLabelText('Cupom'), 'good-code{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Cupom inserido');
    await waitFor(() =>
      expect(screen.getByLabelText('Total do pedido')).toHaveTextContent('R$ 115,50'),
    );
    expect(screen.getByLabelText('Desconto (%) de Camiseta')).toHaveValue('10');
    expect(screen.getByLabelText('Desconto (%) de Camiseta')).toBeDisabled();
    expect(screen.getByLabelText('Desconto (%) de Caneca')).toHaveValue('0');
    expect(screen.getByLabelText('Cupom do pedido')).toHaveTextContent('Cupom Natal (10,00%)');
    expect(screen.getByLabelText('Valor 1')).toHaveValue('R$ 115,50');

    await user.click(screen.getByRole('button', { name: 'Remover cupom' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Cupom removido'));
    await waitFor(() =>
      expect(screen.getByLabelText('Total do pedido')).toHaveTextContent('R$ 125,50'),
    );

    // The printed coupon's QR shown to the camera.
    await user.click(screen.getByRole('button', { name: 'Ler QR Code do cupom' }));
    await user.type(await screen.findByLabelText('Imagem da câmera'), 'GOODCODE{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('Total do pedido')).toHaveTextContent('R$ 115,50'),
    );
    expect(sent).toEqual([{ id_cupom: 'GOODCODE' }, { id_cupom: null }, { id_cupom: 'GOODCODE' }]);
  });

  it("refuses a used coupon with 'Erro!' and the server's reason, not the generic dialog", async () => {
    serveStore({ orders: [order] });
    serveCouponCalls();
    const { user } = await renderPage('CHECKOUT', { permissions: ['Checkout'] });
    await user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
    await user.type(await screen.findByLabelText('Cupom'), 'USEDCODE');
    await user.click(screen.getByRole('button', { name: 'Aplicar cupom' }));
    const error = await screen.findByRole('dialog', { name: 'Erro!' });
    expect(error).toHaveTextContent('Este cupom já foi utilizado.');
    expect(screen.queryByRole('dialog', { name: 'Ocorreu um erro' })).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Total do pedido')).toHaveTextContent('R$ 125,50');
  });
});
