import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  noticeDismissed,
  productPrintCancelled,
  productPrintQuantityInvalid,
  productPrintRequested,
  productPrintStopRequested,
  selectTableExtras,
} from '../extras-slice';

/** 'Imprimindo - x/y' while the batches go out; 'Cancelar' stops after the current one. */
function PrintProgress({
  printed,
  total,
  stopping,
}: {
  printed: number;
  total: number;
  stopping: boolean;
}) {
  const dispatch = useAppDispatch();
  return (
    <>
      <Modal.Body>
        <p role="status">
          Imprimindo - {printed}/{total}
        </p>
        <ProgressBar now={total === 0 ? 0 : (printed / total) * 100} aria-label="Progresso" />
      </Modal.Body>
      <Modal.Footer>
        <Button
          type="button"
          variant="outline-secondary"
          disabled={stopping}
          onClick={() => dispatch(productPrintStopRequested())}
        >
          Cancelar
        </Button>
      </Modal.Footer>
    </>
  );
}

/** SPEC.md section 5: the tag quantity is an integer greater than 0. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity > 0 ? quantity : null;
}

function QuantityForm({ printing }: { printing: boolean }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (printing) return;
    const quantity = readQuantity(text);
    dispatch(
      quantity === null ? productPrintQuantityInvalid() : productPrintRequested({ quantity }),
    );
  };
  return (
    <Form onSubmit={submit} noValidate>
      <Modal.Body>
        <Form.Group controlId="product-print-quantity">
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
        <Button type="submit" disabled={printing}>
          {printing ? 'Processando' : 'Imprimir'}
        </Button>
        <Button
          type="button"
          variant="outline-secondary"
          disabled={printing}
          onClick={() => dispatch(productPrintCancelled())}
        >
          Cancelar
        </Button>
      </Modal.Footer>
    </Form>
  );
}

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
          <PrintProgress {...productPrint.progress} stopping={productPrint.stopping ?? false} />
        ) : (
          productPrint && <QuantityForm printing={printing} />
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
