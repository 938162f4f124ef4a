import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { readableMessage } from '../../ui/messages';
import { scanDialogFocus } from '../../ui/scan-field';
import { errorDismissed, selectErrorDescription } from './slice';

export function ErrorDialog() {
  const dispatch = useAppDispatch();
  const description = useAppSelector(selectErrorDescription);
  const close = () => dispatch(errorDismissed());
  const closeButton = useRef<HTMLButtonElement>(null);
  // The modal focuses itself once shown, so a scanner's Enter would hit nothing: focus 'Fechar',
  // and closing gives the focus back to the field the clerk was in (a desk's scan field, selected).
  return (
    <Modal
      show={description !== null}
      onHide={close}
      onEntered={() => closeButton.current?.focus()}
      {...scanDialogFocus()}
      centered
      aria-labelledby="error-dialog-title"
    >
      <Modal.Header>
        <Modal.Title id="error-dialog-title">Ocorreu um erro</Modal.Title>
      </Modal.Header>
      <Modal.Body>{description && readableMessage(description)}</Modal.Body>
      <Modal.Footer>
        <Button ref={closeButton} variant="primary" onClick={close}>
          Fechar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
