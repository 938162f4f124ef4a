import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PixRefundDto, PixRefundsDto, PixUnclaimedDto } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const LATE: PixUnclaimedDto = {
  endToEndId: 'E99999999202611281200abcdef01234',
  valor: 40.5,
  paidAt: '2026-11-28T15:00:00.000Z',
  txid: 'BALCAO000000000000012T0001',
  orderId: 12,
  why: 'Pago após a cobrança ser cancelada',
};

const refund = (overrides: Partial<PixRefundDto>): PixRefundDto => ({
  id: 'BALCAOD0123456789abcdef0123456789',
  endToEndId: 'E99999999202611271000fedcba98765',
  valor: 25,
  orderId: 9,
  txid: 'BALCAO000000000000009T0001',
  motivo: 'Cliente desistiu',
  status: 'PENDENTE',
  returnId: null,
  error: 'O PSP está indisponível (HTTP 503).',
  createdBy: 'gerente',
  createdAt: '2026-11-27T13:00:00.000Z',
  updatedAt: '2026-11-27T13:00:00.000Z',
  ...overrides,
});

describe('Devoluções PIX', { timeout: 20_000 }, () => {
  it('gives a Pix back with a reason, and tries a pending refund again', async () => {
    let state: PixRefundsDto = { unclaimed: [LATE], refunds: [refund({})] };
    const sent: unknown[] = [];
    const retried: string[] = [];
    server.use(
      http.get('/api/pix/devolucoes', () => HttpResponse.json(state)),
      http.post('/api/pix/devolucoes', async ({ request }) => {
        const body = (await request.json()) as { endToEndId: string; motivo: string };
        sent.push(body);
        const made = refund({
          id: 'BALCAODaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
          endToEndId: body.endToEndId,
          valor: 40.5,
          orderId: 12,
          motivo: body.motivo,
          status: 'EM_PROCESSAMENTO',
          returnId: 'D99999999202611281500abcdef01234',
          error: null,
        });
        state = { unclaimed: [], refunds: [made, ...state.refunds] };
        return HttpResponse.json(made);
      }),
      http.post('/api/pix/devolucoes/:id/tentar', ({ params }) => {
        retried.push(String(params.id));
        const again = refund({ status: 'EM_PROCESSAMENTO', error: null, returnId: 'D1' });
        state = { ...state, refunds: state.refunds.map((r) => (r.id === again.id ? again : r)) };
        return HttpResponse.json(again);
      }),
    );
    const { user } = await renderPage('PIX_REFUNDS', { permissions: ['System'] });
    await screen.findByRole('heading', { level: 1, name: 'Devoluções PIX' });

    const toGive = await screen.findByRole('table', { name: 'Pix a devolver' });
    const [late] = within(toGive).getAllByRole('row').slice(1);
    expect(late).toHaveTextContent('R$ 40,50');
    expect(late).toHaveTextContent('Pago após a cobrança ser cancelada');
    const asked = screen.getByRole('table', { name: 'Devoluções pedidas' });
    expect(within(asked).getAllByRole('row')[1]).toHaveTextContent(
      'PendenteO PSP está indisponível (HTTP 503).',
    );

    await user.click(screen.getByRole('button', { name: `Devolver o Pix ${LATE.endToEndId}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver Pix' });
    const confirm = within(dialog).getByRole('button', { name: 'Devolver' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Motivo da devolução'), 'Pago em dobro{Enter}');
    const outcome = await screen.findByRole('dialog', { name: 'Devolução PIX' });
    // Asked of the bank, not said to be done.
    expect(outcome).toHaveTextContent('Devolução PIX solicitada ao banco: R$ 40,50.');
    expect(sent).toEqual([{ endToEndId: LATE.endToEndId, motivo: 'Pago em dobro' }]);
    await user.click(within(outcome).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(toGive).queryByText('Pago após a cobrança ser cancelada')).toBeNull(),
    );

    await user.click(
      screen.getByRole('button', {
        name: 'Tentar de novo a devolução do Pix E99999999202611271000fedcba98765',
      }),
    );
    await waitFor(() => expect(retried).toEqual(['BALCAOD0123456789abcdef0123456789']));
    expect(await screen.findByRole('dialog', { name: 'Devolução PIX' })).toHaveTextContent(
      'Devolução PIX solicitada ao banco: R$ 25,00.',
    );
    expect(screen.queryByRole('button', { name: /Tentar de novo/ })).toBeNull();
  });
});
