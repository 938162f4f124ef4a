import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureDownloads } from '../../testing/downloads';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto } from '../../testing/fixtures';

const event = eventDto({ id: 1, name: 'Congresso Nacional 2025' });

describe('report pages', { timeout: 20_000 }, () => {
  it('Vendas Totais: filters, money in reais, totals row and the server CSV', async () => {
    const queries: string[] = [];
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.get('/api/product/categories/select', () =>
        HttpResponse.json({ data: [{ id: 7, name: 'Roupas' }] }),
      ),
      http.get('/api/reports/vendas/total', ({ request }) => {
        queries.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json({
          rows: [
            {
              categoria: 'Roupas',
              pedidos: 2,
              quantidade: 3,
              bruto: 1300,
              descontos: 7,
              total: 1293,
            },
          ],
          totals: { pedidos: 2, quantidade: 3, bruto: 1300, descontos: 7, total: 1293 },
        });
      }),
      http.get('/api/reports/vendas/total/csv', () =>
        HttpResponse.text('\uFEFFCategoria;Total\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    const downloads = captureDownloads();
    const { user } = await renderPage('REPORT_TOTAL_SALES', { permissions: ['Report'] });
    expect(await screen.findByRole('heading', { name: 'Vendas Totais' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Vendas Totais' });
    const row = (await within(table).findByText('Roupas')).closest('tr')!;
    expect(row).toHaveTextContent('R$ 1.293,00');
    // The totals row sits in the table's footer, each figure under its own column.
    const footer = table.querySelector('tfoot tr')!;
    const cells = [...footer.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['Total', '2', '3', 'R$ 1.300,00', 'R$ 7,00', 'R$ 1.293,00']);
    expect(queries[0]).toBe('eventId=1');

    expect(screen.getByLabelText('Início')).toHaveAttribute('placeholder', 'não especificado');
    await user.selectOptions(await screen.findByLabelText('Categoria'), 'Roupas');
    await user.type(screen.getByLabelText('Início'), '10/03/2025 09:00');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe('eventId=1&inicio=2025-03-10+09%3A00&categoryId=7'),
    );

    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['vendas-totais.csv']));
  });

  it('Relatório Dashboard: the cards and Atualizar', async () => {
    let calls = 0;
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.get('/api/reports/dashboard', () => {
        calls += 1;
        return HttpResponse.json({ total: 43 * calls, pago: 28, a_receber: 15 });
      }),
    );
    const { user } = await renderPage('REPORT_DASHBOARD', { permissions: ['Report'] });
    await waitFor(() => expect(screen.getByLabelText('Pago')).toHaveTextContent('R$ 28,00'));
    expect(screen.getByLabelText('A receber')).toHaveTextContent('R$ 15,00');
    const before = calls;
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(calls).toBe(before + 1));
    expect(screen.getByLabelText('Total')).toHaveTextContent(`R$ ${43 * calls},00`);
  });

  it('Carrinhos Pagos: pages and sorts on the server', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.get('/api/reports/carrinhos/pagos', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return HttpResponse.json({
          rows: [
            {
              pedido: Number(query.get('pagina')) * 1000,
              pago_em: '2025-03-10T12:00:00.000Z',
              cpf: '52998224725',
              cliente: 'Ana',
              vendedor: 'vend',
              caixa: 'caixa',
              situacao: 'PAGO',
              quantidade: 3,
              total: 23,
            },
          ],
          totals: { quantidade: 999, total: 4321 },
          total_linhas: 250,
        });
      }),
    );
    const { user } = await renderPage('REPORT_PAID_CARTS', { permissions: ['Report'] });
    const table = await screen.findByRole('table', { name: 'Carrinhos Pagos' });
    expect(await within(table).findByText('1000')).toBeInTheDocument();
    expect(table.querySelector('tfoot')).toHaveTextContent('R$ 4.321,00');
    expect(queries.at(-1)?.get('por_pagina')).toBe('100');
    await user.click(screen.getByRole('button', { name: /Próximo/ }));
    await waitFor(() => expect(queries.at(-1)?.get('pagina')).toBe('2'));
    expect(await within(table).findByText('2000')).toBeInTheDocument();
    // The server searches the clerk's name or CPF, from the first page.
    const box = screen.getByLabelText('Pesquisar');
    expect(box).toHaveAttribute('placeholder', 'Cliente ou CPF');
    await user.type(box, 'ana');
    await waitFor(() => expect(queries.at(-1)?.get('busca')).toBe('ana'));
    expect(queries.at(-1)?.get('pagina')).toBe('1');
  });

  it('a paged report the server does not search shows no search box', async () => {
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.get('/api/reports/apostilas', () =>
        HttpResponse.json({ rows: [], totals: {}, total_linhas: 0 }),
      ),
    );
    await renderPage('REPORT_COURSEWARES', {
      permissions: ['Report', 'Courseware'],
    });
    await screen.findByRole('table', { name: 'Relatório de Apostilas' });
    expect(screen.queryByLabelText('Pesquisar')).not.toBeInTheDocument();
  });
});
