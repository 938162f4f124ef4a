import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { errorDismissed, selectErrorDescription } from './slice';

export function ErrorDialog() {
  const dispatch = useAppDispatch();
  const description = useAppSelector(selectErrorDescription);
  const close = () => dispatch(errorDismissed());
  return (
    <Modal show={description !== null} onHide={close} centered aria-labelledby="error-dialog-title">
      <Modal.Header>
        <Modal.Title id="error-dialog-title">Ocorreu um erro</Modal.Title>
      </Modal.Header>
      <Modal.Body>{description}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={close} autoFocus>
          Fechar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
