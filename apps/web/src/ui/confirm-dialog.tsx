import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone (SPEC.md section 8's confirmations). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { show, title, text, confirmLabel = 'Confirmar', onConfirm, onCancel } = props;
  return (
    <Modal show={show} onHide={onCancel} centered animation={false} aria-labelledby="confirm-title">
      <Modal.Header>
        <Modal.Title id="confirm-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{text}</Modal.Body>
      <Modal.Footer>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Voltar
        </Button>
        <Button type="button" variant="danger" autoFocus onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
