import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { COUPON_DELETE_QUESTION, formatPercent, type CouponTemplateDto } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { BatchProgressDialog, QuantityForm } from '../../ui/batch-print';
import { actionColumn, column } from '../../ui/columns';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { NoticeDialog } from '../../ui/notice-dialog';
import { RowButton } from '../../ui/row-button';
import { PageFrame } from '../../ui/page-frame';
import { CouponEventSelect } from './coupon-event-select';
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
import './area';

function QuantityPrompt() {
  const dispatch = useAppDispatch();
  const { printPrompt } = useAppSelector(selectCoupons);
  return (
    <Modal
      show={printPrompt !== null}
      onHide={() => dispatch(printPromptClosed())}
      centered
      animation={false}
      aria-labelledby="coupon-print-title"
    >
      <Modal.Header closeButton closeLabel="Fechar">
        <Modal.Title id="coupon-print-title">Imprimir cupons de {printPrompt?.name}</Modal.Title>
      </Modal.Header>
      <QuantityForm
        controlId="coupon-print-quantity"
        onQuantity={(quantity) =>
          printPrompt && dispatch(batchPrintRequested({ templateId: printPrompt.id, quantity }))
        }
        onInvalid={() => dispatch(printQuantityInvalid())}
        onCancel={() => dispatch(printPromptClosed())}
      />
    </Modal>
  );
}

/** 'Imprimindo - x/y' with 'Cancelar' (between two coupons). */
function BatchProgress() {
  const dispatch = useAppDispatch();
  const { batch } = useAppSelector(selectCoupons);
  return (
    <BatchProgressDialog
      batch={batch}
      titleId="coupon-batch-title"
      label="Cupons impressos"
      onCancel={() => dispatch(batchCancelRequested())}
    />
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
