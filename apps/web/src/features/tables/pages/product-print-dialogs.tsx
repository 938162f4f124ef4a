import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { BatchProgress, QuantityForm } from '../../../ui/batch-print';
import {
  noticeDismissed,
  productPrintCancelled,
  productPrintQuantityInvalid,
  productPrintRequested,
  productPrintStopRequested,
  selectTableExtras,
} from '../extras-slice';

/** The 'QR Code' prompt for the quantity, and the 'Erro!' / success messages after it. */
export function ProductPrintDialogs({ title }: { title: string }) {
  const dispatch = useAppDispatch();
  const { productPrint, notice } = useAppSelector(selectTableExtras);
  const printing = productPrint?.stage === 'printing';
  return (
    <>
      <Modal
        show={productPrint !== null}
        onHide={() => !printing && dispatch(productPrintCancelled())}
        centered
        animation={false}
        aria-labelledby="product-print-title"
      >
        <Modal.Header closeButton={!printing} closeLabel="Fechar">
          <Modal.Title id="product-print-title">
            {title} {productPrint?.product.name}
          </Modal.Title>
        </Modal.Header>
        {productPrint?.progress && printing ? (
          <BatchProgress
            batch={{
              done: productPrint.progress.printed,
              total: productPrint.progress.total,
              cancelRequested: productPrint.stopping ?? false,
            }}
            label="Progresso"
            onCancel={() => dispatch(productPrintStopRequested())}
          >
            <p role="status">
              Imprimindo - {productPrint.progress.printed}/{productPrint.progress.total}
            </p>
          </BatchProgress>
        ) : (
          productPrint && (
            <QuantityForm
              controlId="product-print-quantity"
              busy={printing}
              onQuantity={(quantity) => dispatch(productPrintRequested({ quantity }))}
              onInvalid={() => dispatch(productPrintQuantityInvalid())}
              onCancel={() => dispatch(productPrintCancelled())}
            />
          )
        )}
      </Modal>
      <Modal
        show={notice !== null}
        onHide={() => dispatch(noticeDismissed())}
        centered
        animation={false}
        aria-labelledby="table-notice-title"
      >
        <Modal.Header>
          <Modal.Title id="table-notice-title">{notice?.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{notice?.text}</Modal.Body>
        <Modal.Footer>
          <Button type="button" autoFocus onClick={() => dispatch(noticeDismissed())}>
            OK
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
