import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import {
  LOTTERY_NOT_FOUND,
  type LotteryAuditDrawDto,
  type LotteryAuditDto,
  type LotteryGameDto,
  type LotteryGameSummaryDto,
  type LotteryHoldersPageDto,
  type LotteryWinnerDto,
} from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const games: LotteryGameSummaryDto[] = [
  {
    id: 41,
    createdAt: '2026-11-23T18:00:00.000Z',
    criteria: 'CREDENCIADOS',
    products: [],
    prizesCount: 3,
    winnersCount: 0,
    createdBy: 'ana',
  },
  {
    id: 40,
    createdAt: '2026-11-23T17:00:00.000Z',
    criteria: 'PRODUTOS',
    products: [{ id: 1, name: 'Camiseta' }],
    prizesCount: 2,
    winnersCount: 2,
    createdBy: 'admin',
  },
];

const game: LotteryGameDto = {
  id: 40,
  eventId: 7,
  criteria: 'PRODUTOS',
  products: [{ id: 1, name: 'Camiseta' }],
  prizesCount: 2,
  winners: [],
  candidates: [],
  poolSize: 0,
  createdBy: 'admin',
  createdAt: '2026-11-23T17:00:00.000Z',
};

const first: LotteryWinnerDto = {
  position: 1,
  participantId: 9,
  name: 'Bia Rocha',
  drawnAt: '2026-11-23T17:01:00.000Z',
  drawnBy: 'operador1',
  poolHash: 'ab'.repeat(32),
  poolSize: 3,
};

const second: LotteryWinnerDto = {
  ...first,
  position: 2,
  participantId: 5,
  name: 'Ana Lima',
  drawnAt: '2026-11-23T17:02:00.000Z',
  poolSize: 2,
};

const checks: Record<string, LotteryAuditDrawDto> = {
  1: {
    ...first,
    randomIndex: 2,
    winningTicket: 'p9:o2:i1:1',
    storedPoolMatches: true,
    recomputedPoolMatches: true,
    holdersCount: 2,
  },
  2: {
    ...second,
    randomIndex: 0,
    winningTicket: 'p5:o1:i1:1',
    storedPoolMatches: false,
    recomputedPoolMatches: false,
    holdersCount: 1,
  },
};

const holders: Record<string, LotteryHoldersPageDto> = {
  1: {
    total: 2,
    rows: [
      { participantId: 5, name: 'Ana Lima', tickets: 2 },
      { participantId: 9, name: 'Bia Rocha', tickets: 1 },
    ],
  },
  2: { total: 1, rows: [{ participantId: 5, name: 'Ana Lima', tickets: 2 }] },
};

async function openAudit() {
  const rendered = await renderPage('LOTTERY_AUDIT', { permissions: ['Lottery'] });
  await screen.findByRole('heading', { level: 1, name: 'Auditoria do sorteio' });
  return rendered;
}

describe('the lottery audit', { timeout: 20_000 }, () => {
  it("lists the event's games and shows a game's draws with their checks and holders", async () => {
    server.use(
      http.get('/api/sorteio', () => HttpResponse.json(games)),
      http.get('/api/sorteio/40/auditoria', async () => {
        await delay(150);
        return HttpResponse.json<LotteryAuditDto>({ game, draws: [first, second] });
      }),
      http.get('/api/sorteio/40/auditoria/:position', async ({ params }) => {
        await delay(100);
        return HttpResponse.json(checks[params.position as string]);
      }),
      http.get('/api/sorteio/40/auditoria/:position/participantes', ({ params, request }) => {
        asked.push(`${params.position as string}?${new URL(request.url).searchParams}`);
        return HttpResponse.json(holders[params.position as string]);
      }),
    );
    const asked: string[] = [];
    const { user } = await openAudit();
    const table = screen.getByRole('table', { name: 'Sorteios' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Newest first.
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '41',
      '40',
    ]);
    expect(within(rows[0]!).getByText('Credenciados com crachá')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Camiseta')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2 de 2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('0 de 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Auditar sorteio 40' }));
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();

    const one = await screen.findByRole('region', { name: '1º prêmio · Bia Rocha' });
    // Each draw's checks arrive apart: 'Conferindo...' until they do.
    expect(within(one).getAllByText('Conferindo...').length).toBeGreaterThan(0);
    expect(await within(one).findByText('Registro íntegro')).toHaveClass('bg-success');
    expect(within(one).getByText('Participantes conferem')).toHaveClass('bg-success');
    expect(within(one).getByText('operador1')).toBeInTheDocument();
    expect(within(one).getByText('2 (bilhete p9:o2:i1:1)')).toBeInTheDocument();
    const table1 = within(one).getByRole('table', { name: 'Participantes do 1º prêmio' });
    expect(
      within(table1)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Ana Lima2', 'Bia Rocha1']);
    // The server pages the holders, most tickets first.
    expect(asked).toContain('1?inicio=0&quantidade=10&direcao=desc');

    const two = screen.getByRole('region', { name: '2º prêmio · Ana Lima' });
    expect(await within(two).findByText('Registro alterado')).toHaveClass('bg-danger');
    expect(within(two).getByText('Participantes divergem')).toHaveClass('bg-danger');
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
  });

  it('shows a failed audit in the error dialog', async () => {
    server.use(
      http.get('/api/sorteio', () => HttpResponse.json(games)),
      http.get('/api/sorteio/41/auditoria', () =>
        HttpResponse.json(
          { error: 'not_found', error_description: LOTTERY_NOT_FOUND },
          { status: 404 },
        ),
      ),
    );
    const { user } = await openAudit();
    await user.click(screen.getByRole('button', { name: 'Auditar sorteio 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocorreu um erro' });
    expect(within(dialog).getByText(LOTTERY_NOT_FOUND)).toBeInTheDocument();
  });
});
