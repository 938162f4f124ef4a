import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  PIX_PSP_ERROR_CODE,
  pixChargeTxid,
  type PixChargeStatus,
  type PixPspChargeDto,
} from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { orderDto, serveStore, withItems } from '../../testing/fake-shop-server';

// The till with a PSP connected (issue #28, docs/pix.md 'At the till'): the PSP's QR with its
// countdown, the bank's confirmation paying by itself, cancel and renew, and the cashier's word
// with a reason when the bank cannot answer.

/** R$ 125,50: 2 × Camiseta and 1 × Caneca. */
const order = withItems(orderDto({ id: 12 }), {
  items: [
    { produto_id: 1, desconto: 0, quantidade: 2 },
    { produto_id: 2, desconto: 0, quantidade: 1 },
  ],
});

/** A PSP behind the server's charge routes: `pay` settles the active charge. */
function servePsp({ down = false } = {}) {
  const psp = {
    charges: [] as PixPspChargeDto[],
    created: 0,
    reads: 0,
    cancelled: [] as string[],
    pay() {
      const charge = psp.charges.at(-1)!;
      Object.assign(charge, {
        status: 'CONCLUIDA' satisfies PixChargeStatus,
        endToEndId: 'E12345678202611271905abcdefghijk',
        paidAt: new Date().toISOString(),
      });
    },
  };
  server.use(
    http.post('/api/carrinho/pix/:id/cobranca', async ({ params, request }) => {
      if (down)
        return HttpResponse.json(
          { error: PIX_PSP_ERROR_CODE, error_description: 'O PSP está indisponível (HTTP 503).' },
          { status: 502 },
        );
      const { valor } = (await request.json()) as { valor: number };
      psp.created += 1;
      const charge: PixPspChargeDto = {
        txid: pixChargeTxid(Number(params.id), psp.created),
        orderId: Number(params.id),
        status: 'ATIVA',
        valor,
        pixCopiaECola: `00020101021226BR.GOV.BCB.PIX-${psp.created}6304BEEF`,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        endToEndId: null,
        paidAt: null,
      };
      psp.charges.push(charge);
      return HttpResponse.json(charge);
    }),
    http.get('/api/carrinho/pix/cobranca/:txid', ({ params }) => {
      psp.reads += 1;
      return HttpResponse.json(psp.charges.find((charge) => charge.txid === params.txid));
    }),
    http.delete('/api/carrinho/pix/cobranca/:txid', ({ params }) => {
      const charge = psp.charges.find((item) => item.txid === params.txid)!;
      psp.cancelled.push(charge.txid);
      charge.status = 'CANCELADA';
      return HttpResponse.json(charge);
    }),
  );
  return psp;
}

async function payByPix() {
  const rendered = await renderPage('CHECKOUT', { permissions: ['Checkout'] });
  await rendered.user.click(await screen.findByRole('button', { name: /Pedido 12/ }));
  await waitFor(() => expect(screen.getByLabelText('Forma de pagamento 1')).toHaveValue('1'));
  await rendered.user.selectOptions(screen.getByLabelText('Forma de pagamento 1'), 'PIX');
  return rendered;
}

describe('PIX confirmed by the bank at the till', { timeout: 30_000 }, () => {
  it('shows the PSP’s QR with its countdown and pays by itself once the bank confirms', async () => {
    const calls = serveStore({ orders: [order] });
    const psp = servePsp();
    await payByPix();
    expect(await screen.findByAltText('QR Code PIX de R$ 125,50')).toBeInTheDocument();
    expect(screen.getByLabelText('PIX copia e cola')).toHaveValue(psp.charges[0]!.pixCopiaECola);
    expect(screen.getByText(/Aguardando a confirmação do banco… expira em (10:00|9:5\d)/));
    expect(screen.getByRole('button', { name: 'Finalizar Pagamento' })).toBeDisabled();
    // The static BR Code is not asked for: the PSP's is the one to pay.
    expect(calls.pix).toEqual([]);

    psp.pay();
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toHaveTextContent('Sucesso!');
    expect(calls.payments).toHaveLength(1);
    expect(calls.payments[0]!.body.pagamentos).toEqual([
      { id_forma_pagamento: 3, valor: 125.5, txid: pixChargeTxid(12, 1) },
    ]);
    expect(psp.reads).toBeGreaterThan(0);
  });

  it('takes the cashier’s word only with a reason, and sends it with the charge', async () => {
    const calls = serveStore({ orders: [order] });
    servePsp();
    const { user } = await payByPix();
    await screen.findByAltText('QR Code PIX de R$ 125,50');
    await user.click(screen.getByRole('button', { name: 'Confirmar sem o banco' }));
    const reason = screen.getByLabelText('Motivo da confirmação sem o banco');
    expect(reason).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirmar PIX' })).toBeDisabled();
    await user.type(reason, 'Comprovante conferido no app do banco{Enter}');
    expect(
      screen.getByText(/PIX de R\$ 125,50 confirmado pelo caixa, sem o banco: Comprovante/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finalizar Pagamento' }));
    await waitFor(() => expect(calls.payments).toHaveLength(1));
    expect(calls.payments[0]!.body.pagamentos).toEqual([
      {
        id_forma_pagamento: 3,
        valor: 125.5,
        txid: pixChargeTxid(12, 1),
        confirmacao_manual: 'Comprovante conferido no app do banco',
      },
    ]);
  });

  it('cancels the charge, then makes a new one', async () => {
    serveStore({ orders: [order] });
    const psp = servePsp();
    const { user } = await payByPix();
    await screen.findByAltText('QR Code PIX de R$ 125,50');
    await user.click(screen.getByRole('button', { name: 'Cancelar cobrança' }));
    expect(await screen.findByText('Cobrança PIX cancelada.')).toBeInTheDocument();
    expect(psp.cancelled).toEqual([pixChargeTxid(12, 1)]);
    expect(screen.getByRole('button', { name: 'Finalizar Pagamento' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Gerar nova cobrança' }));
    expect(await screen.findByText(`txid ${pixChargeTxid(12, 2)}`)).toBeInTheDocument();
  });

  it('says the PSP is down and lets the cashier confirm with a reason, without a charge', async () => {
    const calls = serveStore({ orders: [order] });
    servePsp({ down: true });
    const { user } = await payByPix();
    const line = (await screen.findByText('PIX: O PSP está indisponível (HTTP 503).'))
      .parentElement!;
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
    await user.click(within(line).getByRole('button', { name: 'Confirmar sem o banco' }));
    await user.type(
      screen.getByLabelText('Motivo da confirmação sem o banco'),
      'PSP fora do ar{Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Finalizar Pagamento' }));
    await waitFor(() => expect(calls.payments).toHaveLength(1));
    expect(calls.payments[0]!.body.pagamentos).toEqual([
      { id_forma_pagamento: 3, valor: 125.5, confirmacao_manual: 'PSP fora do ar' },
    ]);
  });
});
