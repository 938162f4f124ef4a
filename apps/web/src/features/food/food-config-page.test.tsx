import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FoodConfigDto, FoodSalesDto } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const sales = (overrides: Partial<FoodSalesDto> = {}): FoodSalesDto => ({
  eventId: 1,
  eventName: 'Imersão 2025',
  sold: 120,
  offset: 5,
  total: 125,
  target: 500,
  refreshInterval: 30,
  ...overrides,
});

describe('Configurar alimentos', () => {
  it('shows the settings, edits them with Salvar and says Configuração salva!', async () => {
    let stored: FoodConfigDto = { offset: 0, target: 0, refreshInterval: 30, categoryIds: [] };
    let posted: unknown;
    server.use(
      http.get('/api/alimentos/config', () => HttpResponse.json(stored)),
      http.get('/api/alimentos/categorias', () =>
        HttpResponse.json([
          { id: 1, name: 'Lanches' },
          { id: 2, name: 'Livros' },
        ]),
      ),
      http.post('/api/alimentos/config', async ({ request }) => {
        posted = await request.json();
        stored = posted as FoodConfigDto;
        return HttpResponse.json(stored);
      }),
    );
    const { user } = await renderPage('FOOD_CONFIG');
    expect(await screen.findByText('Nenhuma categoria escolhida')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.clear(screen.getByLabelText('Ajuste'));
    await user.type(screen.getByLabelText('Ajuste'), '-3');
    await user.clear(screen.getByLabelText('Meta'));
    await user.type(screen.getByLabelText('Meta'), 'x');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Meta'));
    await user.type(screen.getByLabelText('Meta'), '400');
    await user.click(screen.getByLabelText('Lanches'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(posted).toEqual({ offset: -3, target: 400, refreshInterval: 30, categoryIds: [1] });
    expect(screen.getByText('Lanches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
  }, 20_000);

  it('opens the kitchen panel with the total against the target and closes it', async () => {
    let calls = 0;
    server.use(
      http.get('/api/alimentos/config', () =>
        HttpResponse.json({ offset: 5, target: 500, refreshInterval: 30, categoryIds: [1] }),
      ),
      http.get('/api/alimentos/categorias', () => HttpResponse.json([{ id: 1, name: 'Lanches' }])),
      http.get('/api/alimentos/vendidos', () => {
        calls += 1;
        return HttpResponse.json(sales());
      }),
    );
    const { user } = await renderPage('FOOD_CONFIG');
    await user.click(await screen.findByRole('button', { name: 'Abrir painel da cozinha' }));
    const panel = await screen.findByRole('dialog', { name: 'Painel de alimentos' });
    expect(await within(panel).findByLabelText('Total de alimentos')).toHaveTextContent('125');
    expect(within(panel).getByText(/Meta: 500 · 25%/)).toBeInTheDocument();
    expect(within(panel).getByText('Imersão 2025')).toBeInTheDocument();
    expect(calls).toBe(1);

    await user.click(within(panel).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
