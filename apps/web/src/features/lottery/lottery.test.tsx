import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  LOTTERY_STALE,
  type LotteryDrawDto,
  type LotteryGameDto,
  type LotteryProductsDto,
  type LotteryWinnerDto,
} from '@balcao/contract';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { signedInSession } from '../../testing/fixtures';
import { server } from '../../testing/server';

const products: LotteryProductsDto = {
  eventId: 7,
  accredited: 12,
  products: [
    { id: 1, name: 'Camiseta', sold: 5, participants: 3 },
    { id: 2, name: 'Caneca', sold: 0, participants: 0 },
  ],
};

const game: LotteryGameDto = {
  id: 40,
  eventId: 7,
  criteria: 'PRODUTOS',
  products: [{ id: 1, name: 'Camiseta' }],
  prizesCount: 1,
  winners: [],
  candidates: ['Ana Lima', 'Bia Rocha', 'Caio Dias'],
  poolSize: 5,
  createdBy: 'admin',
  createdAt: '2026-11-23T17:00:00.000Z',
};

const winner: LotteryWinnerDto = {
  position: 1,
  participantId: 9,
  name: 'Bia Rocha',
  drawnAt: '2026-11-23T17:01:00.000Z',
  drawnBy: 'admin',
  poolHash: 'ab'.repeat(32),
  poolSize: 5,
};

function serveLottery() {
  const bodies: { url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/sorteio/produtos', () => HttpResponse.json(products)),
    http.post('/api/sorteio/7/novo', async ({ request }) => {
      bodies.push({ url: request.url, body: await request.json() });
      return HttpResponse.json(game);
    }),
    http.post('/api/sorteio/atualizar/40', async ({ request }) => {
      bodies.push({ url: request.url, body: await request.json() });
      return HttpResponse.json<LotteryDrawDto>({
        game: { ...game, winners: [winner], candidates: ['Ana Lima', 'Caio Dias'], poolSize: 3 },
        winner,
      });
    }),
  );
  return bodies;
}

describe('the lottery', { timeout: 20_000 }, () => {
  it('configures a draw with a sold product and lands on the server winner', async () => {
    const bodies = serveLottery();
    const { user } = renderWithProviders(<App />, {
      preloadedState: { session: signedInSession({ permissions: ['Lottery'], adminPage: null }) },
    });
    await user.click(screen.getByRole('button', { name: 'Configurar sorteio' }));
    await screen.findByRole('heading', { level: 1, name: 'Configurar sorteio' });

    // SPEC.md section 9: the 'Vendidos' table shows 8 rows a page.
    expect(screen.getByLabelText('Registros por página')).toHaveValue('8');
    expect(screen.getByRole('button', { name: 'Adicionar Caneca' })).toBeDisabled();
    expect(screen.getByText(/concorrem os 12 participantes credenciados/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar Camiseta' }));
    expect(screen.getByRole('button', { name: 'Adicionar Camiseta' })).toBeDisabled();
    const chosen = screen.getByRole('list', { name: 'Produtos do sorteio' });
    expect(within(chosen).getByText('3 participantes')).toBeInTheDocument();

    const prizes = screen.getByLabelText('Quantidade de prêmios');
    expect(prizes).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Menos um prêmio' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mais um prêmio' }));
    expect(prizes).toHaveValue(2);
    await user.click(screen.getByRole('button', { name: 'Menos um prêmio' }));

    await user.click(screen.getByRole('button', { name: 'Configurar' }));
    await screen.findByRole('heading', { name: 'Clique no botão para sortear' });
    expect(bodies[0]?.body).toEqual({ products: [1], prizesCount: 1 });
    // Before the first draw no name stands out as if it had won.
    const carousel = screen.getByLabelText('Participantes do sorteio');
    expect(within(carousel).queryByRole('listitem', { current: true })).not.toBeInTheDocument();

    const draw = screen.getByRole('button', { name: 'Sortear' });
    await user.click(draw);
    expect(draw).toBeDisabled();
    expect(bodies[1]?.body).toEqual({ winners: [], criteria: 'PRODUTOS' });
    // The carousel runs 5 s before it lands on the winner the server drew.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    expect(screen.getByRole('heading', { name: 'Clique no botão para sortear' })).toBeVisible();
    await screen.findByRole('heading', { name: 'Parabéns Bia Rocha' }, { timeout: 6000 });
    expect(within(carousel).getByRole('listitem', { current: true })).toHaveTextContent(
      'Bia Rocha',
    );
    const winners = screen.getByRole('list', { name: 'Ganhador(es)' });
    expect(
      within(winners)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bia Rocha']);
    // Every prize drawn: no more draws.
    expect(screen.getByRole('button', { name: 'Sortear' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Fechar sorteio' }));
    await screen.findByRole('heading', { level: 1, name: 'Configurar sorteio' });
    expect(screen.queryByRole('list', { name: 'Produtos do sorteio' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Quantidade de prêmios')).toHaveValue(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Adicionar Camiseta' })).toBeEnabled(),
    );
  });

  it('catches up with the record when another screen drew first', async () => {
    serveLottery();
    server.use(
      http.post('/api/sorteio/atualizar/40', () =>
        HttpResponse.json({ error: 'conflict', error_description: LOTTERY_STALE }, { status: 409 }),
      ),
      http.get('/api/sorteio/40', () =>
        HttpResponse.json<LotteryGameDto>({ ...game, winners: [winner], candidates: [] }),
      ),
    );
    const { user } = renderWithProviders(<App />, {
      preloadedState: { session: signedInSession({ permissions: ['Lottery'], adminPage: null }) },
    });
    await user.click(screen.getByRole('button', { name: 'Configurar sorteio' }));
    await user.click(await screen.findByRole('button', { name: 'Adicionar Camiseta' }));
    await user.click(screen.getByRole('button', { name: 'Configurar' }));
    await user.click(await screen.findByRole('button', { name: 'Sortear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocorreu um erro' });
    expect(within(dialog).getByText(LOTTERY_STALE)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Parabéns Bia Rocha' });
  });
});
