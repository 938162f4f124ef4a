import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  PIX_REFUND_REASON_MAX,
  PIX_REFUND_STATUS_LABELS,
  formatMoney,
  toCents,
  type PixRefundDto,
  type PixRefundStatus,
  type PixUnclaimedDto,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { actionColumn, column } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/formats';
import { NoticeDialog } from '../../ui/notice-dialog';
import { PageFrame } from '../../ui/page-frame';
import {
  pixRefundNoticeClosed,
  pixRefundRequested,
  pixRefundRetryRequested,
  pixRefundsRequested,
  selectPixRefunds,
} from './pix-refunds-slice';
import './area';

const STATUS_VARIANTS: Record<PixRefundStatus, string> = {
  PENDENTE: 'warning',
  EM_PROCESSAMENTO: 'info',
  DEVOLVIDO: 'success',
  NAO_REALIZADO: 'danger',
};

const money = (valor: number) => formatMoney(toCents(valor));
const orderText = (orderId: number | null) => (orderId === null ? '' : String(orderId));

/** 'Devolver': the reason, asked before the Pix is given back through the PSP. */
function RefundDialog(props: {
  pix: PixUnclaimedDto | null;
  onCancel: () => void;
  onRefund: (motivo: string) => void;
}) {
  const { pix, onCancel, onRefund } = props;
  const [motivo, setMotivo] = useState('');
  const close = () => {
    setMotivo('');
    onCancel();
  };
  return (
    <Modal
      show={pix !== null}
      onHide={close}
      centered
      animation={false}
      aria-labelledby="refund-title"
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (!motivo.trim()) return;
          onRefund(motivo.trim());
          setMotivo('');
        }}
      >
        <Modal.Header>
          <Modal.Title id="refund-title">Devolver Pix</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {pix && (
            <p>
              O banco devolverá {money(pix.valor)} a quem pagou ({pix.why.toLowerCase()}
              {pix.orderId === null ? '' : `, pedido ${pix.orderId}`}).
            </p>
          )}
          <Form.Group controlId="pix-refund-reason">
            <Form.Label>Motivo da devolução</Form.Label>
            <Form.Control
              value={motivo}
              maxLength={PIX_REFUND_REASON_MAX}
              autoFocus
              onChange={(event) => setMotivo(event.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button type="button" variant="secondary" onClick={close}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" disabled={!motivo.trim()}>
            Devolver
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/**
 * 'Devoluções PIX' (the estorno's permission; docs/pix.md 'Refunds'): the Pix received that no
 * order keeps, each given back through the PSP with a reason, and the refunds asked with what the
 * PSP said; a PENDENTE one (not accepted yet) is tried again.
 */
export function PixRefundsPage() {
  const dispatch = useAppDispatch();
  const { unclaimed, refunds, loading, sending, notice } = useAppSelector(selectPixRefunds);
  const [refunding, setRefunding] = useState<PixUnclaimedDto | null>(null);

  const unclaimedColumns = useMemo(
    () => [
      column<PixUnclaimedDto>({
        id: 'paidAt',
        header: 'Recebido em',
        text: (pix) => formatDateTime(pix.paidAt),
        sortValue: (pix) => pix.paidAt,
      }),
      column<PixUnclaimedDto>({
        id: 'valor',
        header: 'Valor',
        text: (pix) => money(pix.valor),
        sortValue: (pix) => pix.valor,
      }),
      column<PixUnclaimedDto>({ id: 'why', header: 'Situação', text: (pix) => pix.why }),
      column<PixUnclaimedDto>({
        id: 'orderId',
        header: 'Pedido',
        text: (pix) => orderText(pix.orderId),
        sortValue: (pix) => pix.orderId ?? 0,
      }),
      column<PixUnclaimedDto>({ id: 'txid', header: 'txid', text: (pix) => pix.txid ?? '' }),
      column<PixUnclaimedDto>({
        id: 'endToEndId',
        header: 'Id do Pix',
        text: (pix) => pix.endToEndId,
      }),
      actionColumn<PixUnclaimedDto>('devolver', '', (pix) => (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={sending !== null}
          aria-label={`Devolver o Pix ${pix.endToEndId}`}
          onClick={() => setRefunding(pix)}
        >
          {sending === pix.endToEndId ? 'Processando' : 'Devolver'}
        </Button>
      )),
    ],
    [sending],
  );

  const refundColumns = useMemo(
    () => [
      column<PixRefundDto>({
        id: 'createdAt',
        header: 'Pedida em',
        text: (refund) => formatDateTime(refund.createdAt),
        sortValue: (refund) => refund.createdAt,
      }),
      column<PixRefundDto>({
        id: 'valor',
        header: 'Valor',
        text: (refund) => money(refund.valor),
        sortValue: (refund) => refund.valor,
      }),
      column<PixRefundDto>({
        id: 'status',
        header: 'Situação',
        text: (refund) => PIX_REFUND_STATUS_LABELS[refund.status],
        cell: (refund) => (
          <Badge bg={STATUS_VARIANTS[refund.status]}>
            {PIX_REFUND_STATUS_LABELS[refund.status]}
          </Badge>
        ),
      }),
      column<PixRefundDto>({ id: 'error', header: 'Observação', text: (r) => r.error ?? '' }),
      column<PixRefundDto>({
        id: 'orderId',
        header: 'Pedido',
        text: (refund) => orderText(refund.orderId),
        sortValue: (refund) => refund.orderId ?? 0,
      }),
      column<PixRefundDto>({ id: 'motivo', header: 'Motivo', text: (refund) => refund.motivo }),
      column<PixRefundDto>({ id: 'createdBy', header: 'Por', text: (r) => r.createdBy ?? '' }),
      column<PixRefundDto>({ id: 'endToEndId', header: 'Id do Pix', text: (r) => r.endToEndId }),
      actionColumn<PixRefundDto>('tentar', '', (refund) =>
        refund.status === 'PENDENTE' ? (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={sending !== null}
            aria-label={`Tentar de novo a devolução do Pix ${refund.endToEndId}`}
            onClick={() => dispatch(pixRefundRetryRequested({ id: refund.id }))}
          >
            {sending === refund.id ? 'Processando' : 'Tentar de novo'}
          </Button>
        ) : null,
      ),
    ],
    [sending, dispatch],
  );

  const refresh = (
    <Button variant="outline-secondary" onClick={() => dispatch(pixRefundsRequested())}>
      Atualizar
    </Button>
  );

  return (
    <PageFrame title="Devoluções PIX">
      <section aria-labelledby="pix-unclaimed-title" className="mb-4">
        <h2 id="pix-unclaimed-title" className="h5">
          Pix a devolver
        </h2>
        <p className="text-body-secondary">
          Pix recebidos que nenhum pedido usou: pagos depois de a cobrança ser cancelada ou expirar,
          ou de um pedido pago de outra forma.
        </p>
        <DataTable<PixUnclaimedDto>
          label="Pix a devolver"
          columns={unclaimedColumns}
          data={unclaimed}
          getRowId={(pix) => pix.endToEndId}
          loading={loading}
          defaultSort={{ id: 'paidAt', desc: true }}
          toolbar={() => refresh}
        />
      </section>
      <section aria-labelledby="pix-refunds-title">
        <h2 id="pix-refunds-title" className="h5">
          Devoluções pedidas
        </h2>
        <DataTable<PixRefundDto>
          label="Devoluções pedidas"
          columns={refundColumns}
          data={refunds}
          getRowId={(refund) => refund.id}
          loading={loading}
          defaultSort={{ id: 'createdAt', desc: true }}
        />
      </section>
      <RefundDialog
        pix={refunding}
        onCancel={() => setRefunding(null)}
        onRefund={(motivo) => {
          if (refunding) dispatch(pixRefundRequested({ endToEndId: refunding.endToEndId, motivo }));
          setRefunding(null);
        }}
      />
      <NoticeDialog notice={notice} onClose={() => dispatch(pixRefundNoticeClosed())} />
    </PageFrame>
  );
}
