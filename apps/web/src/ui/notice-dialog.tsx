import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { scanDialogFocus } from './scan-field';

/** A message for the user: the dialog's title and text (every area's notices). */
export interface Notice {
  title: string;
  text: string;
}

export interface NoticeDialogProps {
  notice: Notice | null;
  onClose: () => void;
}

/**
 * A message with an OK button. OK has the focus, so Enter closes it (the modal would otherwise
 * focus itself, where Enter does nothing); on a desk, closing gives the scan field the focus back.
 */
export function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  const okButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show={notice !== null}
      onHide={onClose}
      onShow={() => okButton.current?.focus()}
      centered
      animation={false}
      {...scanDialogFocus()}
      aria-labelledby="notice-title"
    >
      <Modal.Header>
        <Modal.Title id="notice-title">{notice?.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{notice?.text}</Modal.Body>
      <Modal.Footer>
        <Button ref={okButton} type="button" onClick={onClose}>
          OK
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
