import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import {
  LOTTERY_PRIZES_MIN,
  LOTTERY_PRODUCTS_PAGE_SIZE,
  NO_SELECTED_EVENT_MESSAGE,
  type LotteryProductDto,
} from '@balcao/contract';
import { actionColumn, column, type TableColumn } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { enterFullscreen } from './fullscreen';
import {
  lotteryConfigureRequested,
  lotteryProductAdded,
  lotteryProductRemoved,
  prizesCountChanged,
  selectLottery,
} from './slice';
import './area';
import { PageFrame } from '../../ui/page-frame';
import type { WithSlice } from '@reduxjs/toolkit';
import type { lotterySlice } from './slice';

const participantsText = (count: number) =>
  count === 1 ? '1 participante' : `${count} participantes`;

/** 'Adicionar' is disabled for a product nobody bought or one already chosen (SPEC.md section 5). */
function AddButton({ product }: { product: LotteryProductDto }) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((state: WithSlice<typeof lotterySlice>) =>
    state.lottery.selectedIds.includes(product.id),
  );
  return (
    <Button
      size="sm"
      variant="outline-primary"
      aria-label={`Adicionar ${product.name}`}
      disabled={product.sold === 0 || chosen}
      onClick={(event) => {
        event.stopPropagation();
        dispatch(lotteryProductAdded(product.id));
      }}
    >
      Adicionar
    </Button>
  );
}

const COLUMNS: TableColumn<LotteryProductDto>[] = [
  column({ id: 'name', header: 'Nome', text: (row) => row.name }),
  column({
    id: 'sold',
    header: 'Vendidos',
    text: (row) => String(row.sold),
    sortValue: (row) => row.sold,
  }),
  column({
    id: 'participants',
    header: 'Participantes',
    text: (row) => String(row.participants),
    sortValue: (row) => row.participants,
  }),
  actionColumn('add', '', (row) => <AddButton product={row} />),
];

/** 'Configurar sorteio' (Lottery): the pool's products, the prize count, then the projector. */
export function LotteryConfigPage() {
  const dispatch = useAppDispatch();
  const { eventId, products, accredited, selectedIds, prizesCount, configuring } =
    useAppSelector(selectLottery);
  const chosen = selectedIds
    .map((id) => products.find((product) => product.id === id))
    .filter((product): product is LotteryProductDto => product !== undefined);

  return (
    <PageFrame title="Configurar sorteio">
      {eventId === 0 && (
        <Alert variant="warning" role="alert">
          {NO_SELECTED_EVENT_MESSAGE}
        </Alert>
      )}
      <div className="row g-4">
        <section className="col-lg-7" aria-labelledby="lottery-sold">
          <h2 id="lottery-sold" className="h5">
            Vendidos
          </h2>
          <DataTable
            label="Vendidos"
            columns={COLUMNS}
            data={products}
            getRowId={(row) => String(row.id)}
            defaultPageSize={LOTTERY_PRODUCTS_PAGE_SIZE}
          />
        </section>
        <section className="col-lg-5" aria-labelledby="lottery-chosen">
          <h2 id="lottery-chosen" className="h5">
            Produtos do sorteio
          </h2>
          {chosen.length === 0 ? (
            <p className="text-body-secondary">
              Nenhum produto escolhido: concorrem os {participantsText(accredited)} credenciados com
              crachá.
            </p>
          ) : (
            <ListGroup as="ul" aria-label="Produtos do sorteio" className="mb-3">
              {chosen.map((product) => (
                <ListGroup.Item
                  as="li"
                  key={product.id}
                  className="d-flex justify-content-between align-items-center gap-2"
                >
                  <span>
                    {product.name}
                    <span className="text-body-secondary ms-2">
                      {participantsText(product.participants)}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remover ${product.name}`}
                    onClick={() => dispatch(lotteryProductRemoved(product.id))}
                  >
                    Remover
                  </Button>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          <Form.Label htmlFor="lottery-prizes">Quantidade de prêmios</Form.Label>
          <InputGroup className="mb-3" style={{ maxWidth: '14rem' }}>
            <Button
              variant="outline-secondary"
              aria-label="Menos um prêmio"
              disabled={prizesCount <= LOTTERY_PRIZES_MIN}
              onClick={() => dispatch(prizesCountChanged(prizesCount - 1))}
            >
              −
            </Button>
            <Form.Control
              id="lottery-prizes"
              type="number"
              min={LOTTERY_PRIZES_MIN}
              className="text-center"
              value={prizesCount}
              onChange={(event) => dispatch(prizesCountChanged(Number(event.target.value)))}
            />
            <Button
              variant="outline-secondary"
              aria-label="Mais um prêmio"
              onClick={() => dispatch(prizesCountChanged(prizesCount + 1))}
            >
              +
            </Button>
          </InputGroup>
          <Button
            size="lg"
            disabled={configuring || eventId === 0}
            onClick={() => {
              // Inside the click: browsers allow full screen only in answer to a gesture.
              enterFullscreen();
              dispatch(lotteryConfigureRequested());
            }}
          >
            {configuring ? 'Processando...' : 'Configurar'}
          </Button>
        </section>
      </div>
    </PageFrame>
  );
}
