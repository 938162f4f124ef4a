import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface NoticeDialogProps {
  notice: { title: string; text: string } | null;
  onClose: () => void;
}

/** A message with an OK button (the desks' 'Erro' and success dialogs). */
export function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  return (
    <Modal
      show={notice !== null}
      onHide={onClose}
      centered
      animation={false}
      aria-labelledby="notice-title"
    >
      <Modal.Header>
        <Modal.Title id="notice-title">{notice?.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{notice?.text}</Modal.Body>
      <Modal.Footer>
        <Button type="button" autoFocus onClick={onClose}>
          OK
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
