import { useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { COUPON_DELETE_QUESTION, type CouponTemplateDto } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { actionColumn, column } from '../../ui/columns';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { NoticeDialog } from '../../ui/notice-dialog';
import { RowButton } from '../../ui/row-button';
import { PageFrame } from '../tables/pages/page-frame';
import { CouponEventSelect, formatPercent } from './coupon-event-select';
import {
  batchCancelRequested,
  batchPrintRequested,
  couponNoticeDismissed,
  editorClosed,
  editorOpened,
  printPromptClosed,
  printPrompted,
  printQuantityInvalid,
  selectCoupons,
  templateDeleteRequested,
  templateSaveRequested,
  templatesRequested,
} from './slice';
import { TemplateForm } from './template-form';

/** SPEC.md section 5: the batch quantity is an integer greater than 0. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity > 0 ? quantity : null;
}

function QuantityPrompt() {
  const dispatch = useAppDispatch();
  const { printPrompt } = useAppSelector(selectCoupons);
  const [text, setText] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!printPrompt) return;
    const quantity = readQuantity(text);
    dispatch(
      quantity === null
        ? printQuantityInvalid()
        : batchPrintRequested({ templateId: printPrompt.id, quantity }),
    );
  };
  return (
    <Modal
      show={printPrompt !== null}
      onHide={() => dispatch(printPromptClosed())}
      onExited={() => setText('1')}
      centered
      animation={false}
      aria-labelledby="coupon-print-title"
    >
      <Modal.Header closeButton closeLabel="Fechar">
        <Modal.Title id="coupon-print-title">Imprimir cupons de {printPrompt?.name}</Modal.Title>
      </Modal.Header>
      <Form onSubmit={submit} noValidate>
        <Modal.Body>
          <Form.Group controlId="coupon-print-quantity">
            <Form.Label>Quantidade</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button type="submit">Imprimir</Button>
          <Button
            type="button"
            variant="outline-secondary"
            onClick={() => dispatch(printPromptClosed())}
          >
            Cancelar
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** 'Imprimindo - x/y' with 'Cancelar' (between two coupons). */
function BatchProgress() {
  const dispatch = useAppDispatch();
  const { batch } = useAppSelector(selectCoupons);
  return (
    <Modal
      show={batch !== null}
      centered
      animation={false}
      backdrop="static"
      aria-labelledby="coupon-batch-title"
    >
      <Modal.Header>
        <Modal.Title id="coupon-batch-title">
          Imprimindo - {batch?.done ?? 0}/{batch?.total ?? 0}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ProgressBar
          now={batch ? (100 * batch.done) / batch.total : 0}
          aria-label="Cupons impressos"
        />
      </Modal.Body>
      <Modal.Footer>
        <Button
          type="button"
          variant="outline-secondary"
          disabled={batch?.cancelRequested}
          onClick={() => dispatch(batchCancelRequested())}
        >
          Cancelar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** 'Template de Cupons' (Coupons): an event's templates, their modal and batch printing. */
export function TemplatesPage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectCoupons);
  const [toDelete, setToDelete] = useState<CouponTemplateDto | null>(null);
  const busy = state.batch !== null;

  const columns = useMemo(
    () => [
      column<CouponTemplateDto>({ id: 'name', header: 'Nome', text: (row) => row.name }),
      column<CouponTemplateDto>({
        id: 'value',
        header: 'Porcentagem',
        text: (row) => formatPercent(row.value),
        sortValue: (row) => row.value,
      }),
      column<CouponTemplateDto>({
        id: 'generated',
        header: 'Qtd',
        text: (row) => String(row.generated),
        sortValue: (row) => row.generated,
      }),
      column<CouponTemplateDto>({
        id: 'used',
        header: 'Utilizados',
        text: (row) => String(row.used),
        sortValue: (row) => row.used,
      }),
      actionColumn<CouponTemplateDto>('actions', 'Ações', (row) => (
        <div className="d-flex gap-1">
          <RowButton onClick={() => dispatch(editorOpened(row))}>Editar</RowButton>
          <RowButton onClick={() => setToDelete(row)}>Deletar</RowButton>
          <RowButton onClick={() => dispatch(printPrompted(row))}>Imprimir</RowButton>
        </div>
      )),
    ],
    [dispatch],
  );

  return (
    <PageFrame title="Template de Cupons">
      <CouponEventSelect
        id="coupon-templates-event"
        onChosen={() => dispatch(templatesRequested())}
      />
      <div className="mb-2">
        <Button type="button" disabled={busy} onClick={() => dispatch(editorOpened(null))}>
          Novo template
        </Button>
      </div>
      <DataTable
        label="Templates de cupons"
        columns={columns}
        data={state.templates}
        getRowId={(row) => String(row.id)}
        loading={state.templatesLoading}
      />
      <Modal
        show={state.editor !== null}
        onHide={() => dispatch(editorClosed())}
        centered
        size="lg"
        animation={false}
        aria-labelledby="coupon-template-title"
      >
        <Modal.Header closeButton={!state.saving} closeLabel="Fechar">
          <Modal.Title id="coupon-template-title">
            {state.editor?.template ? 'Editar template' : 'Novo template'}
          </Modal.Title>
        </Modal.Header>
        {state.editor && (
          <TemplateForm
            template={state.editor.template}
            products={state.products}
            busy={state.saving}
            error={state.editorError}
            onSave={(input) =>
              dispatch(templateSaveRequested({ id: state.editor?.template?.id ?? null, input }))
            }
            onCancel={() => dispatch(editorClosed())}
          />
        )}
      </Modal>
      <ConfirmDialog
        show={toDelete !== null}
        title="Deletar template"
        text={COUPON_DELETE_QUESTION}
        confirmLabel="Deletar"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) dispatch(templateDeleteRequested(toDelete.id));
          setToDelete(null);
        }}
      />
      <QuantityPrompt />
      <BatchProgress />
      <NoticeDialog notice={state.notice} onClose={() => dispatch(couponNoticeDismissed())} />
    </PageFrame>
  );
}
