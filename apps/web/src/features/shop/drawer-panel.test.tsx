import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../testing/render';
import { serveStore } from '../../testing/fake-shop-server';

describe('Gaveta do caixa', { timeout: 20_000 }, () => {
  it('opens with a float and closes with the counted amounts, showing the difference', async () => {
    const calls = serveStore();
    const { user } = await renderPage('CHECKOUT', { permissions: ['Checkout'] });
    const float = await screen.findByLabelText('Troco inicial');
    await user.clear(float);
    await user.type(float, '10000{Enter}');

    // Expected: cash R$ 190,00 (R$ 100,00 float + R$ 90,00), card R$ 50,00.
    await user.type(await screen.findByLabelText('Contado em Dinheiro'), '18500');
    await user.type(screen.getByLabelText('Contado em Cartão de crédito'), '5000');
    await user.click(screen.getByRole('button', { name: 'Fechar caixa' }));

    // Closing asks first, with what was counted; Escape goes back to the open drawer.
    let dialog = await screen.findByRole('dialog', { name: 'Fechar caixa' });
    expect(dialog).toHaveTextContent('O caixa será fechado com R$ 235,00 contados.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.drawerCounts).toEqual([]);
    expect(screen.getByLabelText('Contado em Dinheiro')).toHaveValue('R$ 185,00');

    // Enter in a count field submits; Enter again confirms.
    await user.type(screen.getByLabelText('Contado em Dinheiro'), '{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Fechar caixa' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Fechar caixa' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');

    const summary = await screen.findByRole('table', { name: 'Fechamento do caixa' });
    expect(
      within(summary)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'FormaEsperadoContadoDiferença',
      'DinheiroR$ 190,00R$ 185,00-R$ 5,00',
      'Cartão de créditoR$ 50,00R$ 50,00R$ 0,00',
      'TotalR$ 240,00R$ 235,00-R$ 5,00',
    ]);
    expect(calls.drawerCounts).toEqual([
      [
        { id_forma_pagamento: 1, valor: 185 },
        { id_forma_pagamento: 2, valor: 50 },
      ],
    ]);
    // A new drawer can be opened at once.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abrir caixa' })).toBeEnabled());
  });

  it("'Sessões de caixa' shows each drawer of the event with its float and figures per method", async () => {
    const calls = serveStore();
    await renderPage('REPORT_DRAWER_SESSIONS', { permissions: ['Report'] });
    const closed = await screen.findByRole('region', { name: 'Caixa 3 · caixa1' });
    expect(closed).toHaveTextContent('Fechado');
    expect(closed).toHaveTextContent('troco R$ 100,00');
    expect(
      within(within(closed).getByRole('table', { name: 'Valores do caixa 3' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'FormaEsperadoContadoDiferença',
      'DinheiroR$ 190,00R$ 185,00-R$ 5,00',
      'Cartão de créditoR$ 50,00R$ 50,00R$ 0,00',
      'TotalR$ 240,00R$ 235,00-R$ 5,00',
    ]);
    expect(screen.getByRole('region', { name: 'Caixa 4 · caixa1' })).toHaveTextContent('Aberto');
    expect(screen.getByText(/2 sessões/)).toHaveTextContent(
      '2 sessões · diferença das sessões fechadas: -R$ 5,00',
    );
    expect(calls.drawerReports[0]).toBe('1');
  });
});
