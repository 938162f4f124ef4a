import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';

/**
 * Printing in batches (coupons, product QR codes and tags, courseware labels): the prompt for how
 * many, and 'Imprimindo - x/y' with 'Cancelar' while they go out. The pages keep the state in their
 * slices; these only show it and report the clerk's choices.
 */

/** SPEC.md section 5: a print quantity is an integer greater than 0 (null when it is not). */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity > 0 ? quantity : null;
}

/**
 * The body and footer of a modal asking 'Quantidade' (1 to start): 'Imprimir' answers the number,
 * or `onInvalid` when it is not one greater than 0; 'Cancelar' closes. While `busy`, both are off
 * and 'Imprimir' reads 'Processando'.
 */
export function QuantityForm({
  controlId,
  busy = false,
  onQuantity,
  onInvalid,
  onCancel,
}: {
  controlId: string;
  busy?: boolean;
  onQuantity: (quantity: number) => void;
  onInvalid: () => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const quantity = readQuantity(text);
    if (quantity === null) onInvalid();
    else onQuantity(quantity);
  };
  return (
    <Form onSubmit={submit} noValidate>
      <Modal.Body>
        <Form.Group controlId={controlId}>
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
        <Button type="submit" disabled={busy}>
          {busy ? 'Processando' : 'Imprimir'}
        </Button>
        <Button type="button" variant="outline-secondary" disabled={busy} onClick={onCancel}>
          Cancelar
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** How far a batch is: `done` of `total` printed; 'Cancelar' asked (it stops between two). */
export interface BatchState {
  done: number;
  total: number;
  cancelRequested: boolean;
}

/**
 * The body and footer of a modal while a batch prints: `children` (what names the progress),
 * the bar (named `label`) and 'Cancelar', off once asked.
 */
export function BatchProgress({
  batch,
  label,
  onCancel,
  children,
}: {
  batch: BatchState | null;
  label: string;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const done = batch?.done ?? 0;
  const total = batch?.total ?? 0;
  return (
    <>
      <Modal.Body>
        {children}
        <ProgressBar now={total === 0 ? 0 : (100 * done) / total} aria-label={label} />
      </Modal.Body>
      <Modal.Footer>
        <Button
          type="button"
          variant="outline-secondary"
          disabled={batch?.cancelRequested}
          onClick={onCancel}
        >
          Cancelar
        </Button>
      </Modal.Footer>
    </>
  );
}

/** A modal of its own, titled 'Imprimindo - x/y', shown while `batch` is not null. */
export function BatchProgressDialog({
  batch,
  titleId,
  label,
  onCancel,
}: {
  batch: BatchState | null;
  titleId: string;
  label: string;
  onCancel: () => void;
}) {
  return (
    <Modal
      show={batch !== null}
      centered
      animation={false}
      backdrop="static"
      aria-labelledby={titleId}
    >
      <Modal.Header>
        <Modal.Title id={titleId}>
          Imprimindo - {batch?.done ?? 0}/{batch?.total ?? 0}
        </Modal.Title>
      </Modal.Header>
      <BatchProgress batch={batch} label={label} onCancel={onCancel} />
    </Modal>
  );
}
