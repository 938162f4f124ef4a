import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import {
  LOTTERY_HOLDERS_PAGE_MAX,
  type LotteryGameSummaryDto,
  type LotteryHolderDto,
  type LotteryWinnerDto,
} from '@balcao/contract';
import { actionColumn, column, type TableColumn } from '../../ui/columns';
import { DataTable, type TableQuery } from '../../ui/data-table';
import { formatDateTime } from '../../ui/formats';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageFrame } from '../../ui/page-frame';
import {
  lotteryAuditRequested,
  lotteryHoldersRequested,
  selectLotteryAudit,
  type DrawAudit,
} from './audit-slice';
import './area';
import type { WithSlice } from '@reduxjs/toolkit';
import type { lotteryAuditSlice } from './audit-slice';

const productsText = (game: LotteryGameSummaryDto) =>
  game.products.length === 0
    ? 'Credenciados com crachá'
    : game.products.map((product) => product.name).join(', ');

function AuditButton({ game }: { game: LotteryGameSummaryDto }) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(
    (state: WithSlice<typeof lotteryAuditSlice>) => state.lotteryAudit.chosenId === game.id,
  );
  return (
    <Button
      size="sm"
      variant={chosen ? 'primary' : 'outline-primary'}
      aria-label={`Auditar sorteio ${game.id}`}
      aria-pressed={chosen}
      onClick={(event) => {
        event.stopPropagation();
        dispatch(lotteryAuditRequested(game.id));
      }}
    >
      Auditar
    </Button>
  );
}

const GAME_COLUMNS: TableColumn<LotteryGameSummaryDto>[] = [
  column({
    id: 'id',
    header: 'Sorteio',
    text: (row) => String(row.id),
    sortValue: (row) => row.id,
  }),
  column({
    id: 'createdAt',
    header: 'Criado em',
    text: (row) => formatDateTime(row.createdAt),
    sortValue: (row) => row.createdAt,
  }),
  column({ id: 'products', header: 'Produtos', text: productsText }),
  column({
    id: 'winnersCount',
    header: 'Prêmios sorteados',
    text: (row) => `${row.winnersCount} de ${row.prizesCount}`,
    sortValue: (row) => row.winnersCount,
  }),
  column({ id: 'createdBy', header: 'Configurado por', text: (row) => row.createdBy }),
  actionColumn('audit', '', (row) => <AuditButton game={row} />),
];

const HOLDER_COLUMNS: TableColumn<LotteryHolderDto>[] = [
  column({ id: 'name', header: 'Participante', text: (row) => row.name }),
  column({
    id: 'tickets',
    header: 'Bilhetes',
    text: (row) => String(row.tickets),
    sortValue: (row) => row.tickets,
  }),
];

/** A check shown plainly: green when it holds, red when it does not, grey while it runs. */
function Check({ ok, yes, no }: { ok: boolean | undefined; yes: string; no: string }) {
  if (ok === undefined) return <Badge bg="secondary">Conferindo...</Badge>;
  return <Badge bg={ok ? 'success' : 'danger'}>{ok ? yes : no}</Badge>;
}

/** Who could have won a draw, a page at a time from the server, most tickets first. */
function Holders({
  gameId,
  draw,
  audit,
}: {
  gameId: number;
  draw: LotteryWinnerDto;
  audit: DrawAudit;
}) {
  const dispatch = useAppDispatch();
  const total = audit.holders?.total ?? 0;
  return (
    <DataTable
      label={`Participantes do ${draw.position}º prêmio`}
      columns={HOLDER_COLUMNS}
      data={audit.holders?.rows ?? []}
      getRowId={(row) => String(row.participantId)}
      defaultSort={{ id: 'tickets', desc: true }}
      loading={audit.holdersLoading}
      server={{
        rowCount: total,
        totalCount: total,
        searchable: false,
        onQueryChange: (query: TableQuery) =>
          dispatch(
            lotteryHoldersRequested({
              gameId,
              position: draw.position,
              query: {
                start: query.start,
                length: Math.min(query.length, LOTTERY_HOLDERS_PAGE_MAX),
                dir: query.dir,
              },
            }),
          ),
      }}
    />
  );
}

function DrawCard({
  gameId,
  draw,
  audit,
}: {
  gameId: number;
  draw: LotteryWinnerDto;
  audit: DrawAudit;
}) {
  const headingId = `lottery-draw-${draw.position}`;
  const { checks } = audit;
  const rows: [string, string][] = [
    ['Ganhador', draw.name],
    ['Sorteado em', formatDateTime(draw.drawnAt)],
    ['Operador', draw.drawnBy],
    ['Bilhetes no sorteio', String(draw.poolSize)],
    [
      'Índice sorteado',
      checks ? `${checks.randomIndex} (bilhete ${checks.winningTicket || '—'})` : 'Conferindo...',
    ],
    ['Hash dos bilhetes', draw.poolHash],
  ];
  return (
    <Card as="section" aria-labelledby={headingId} className="mb-3">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h3 id={headingId} className="h6 mb-0">
          {draw.position}º prêmio · {draw.name}
        </h3>
        <Check ok={checks?.storedPoolMatches} yes="Registro íntegro" no="Registro alterado" />
        <Check
          ok={checks?.recomputedPoolMatches}
          yes="Participantes conferem"
          no="Participantes divergem"
        />
      </Card.Header>
      <Card.Body>
        <dl className="row small mb-3">
          {rows.map(([term, value]) => (
            <div key={term} className="col-md-6 d-flex gap-2">
              <dt>{term}</dt>
              <dd className="mb-1 text-break">{value}</dd>
            </div>
          ))}
        </dl>
        <Holders gameId={gameId} draw={draw} audit={audit} />
      </Card.Body>
    </Card>
  );
}

const EMPTY_DRAW: DrawAudit = {
  checks: null,
  checksLoading: false,
  holders: null,
  holdersQuery: null,
  holdersLoading: false,
};

/**
 * 'Auditoria do sorteio' (Lottery): the selected event's games, and for the chosen one each
 * draw with its checks (asked per draw) and who could have won, a page at a time
 * (docs/lottery-api.md 'Auditing').
 */
export function LotteryAuditPage() {
  const { games, gamesLoading, chosenId, audit, auditLoading, draws } =
    useAppSelector(selectLotteryAudit);

  return (
    <PageFrame title="Auditoria do sorteio">
      {gamesLoading ? (
        <p role="status">Carregando...</p>
      ) : (
        <DataTable
          label="Sorteios"
          columns={GAME_COLUMNS}
          data={games}
          getRowId={(row) => String(row.id)}
          defaultSort={{ id: 'createdAt', desc: true }}
        />
      )}
      {chosenId !== null && (
        <section aria-labelledby="lottery-audit-game" className="mt-4">
          <h2 id="lottery-audit-game" className="h5">
            Sorteio {chosenId}
          </h2>
          {auditLoading ? (
            <p role="status">Carregando...</p>
          ) : audit === null ? null : audit.draws.length === 0 ? (
            <Alert variant="info">Nenhum prêmio sorteado neste sorteio.</Alert>
          ) : (
            audit.draws.map((draw) => (
              <DrawCard
                key={draw.position}
                gameId={audit.game.id}
                draw={draw}
                audit={draws[draw.position] ?? EMPTY_DRAW}
              />
            ))
          )}
        </section>
      )}
    </PageFrame>
  );
}
