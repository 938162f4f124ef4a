import type { FormEvent, Ref } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { CpfInput } from '../../../ui/cpf-input';
import { QrScanner } from '../../../ui/qr-scanner';
import type { SaleState } from '../sale-slice';

export interface FinalizePanelProps {
  finalize: SaleState['finalize'];
  saving: boolean;
  cpfRef: Ref<HTMLInputElement>;
  onCpf: (digits: string) => void;
  onScan: (text: string) => void;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * 'Finalizando Pedido': the customer by CPF (or a badge QR); 'Confirmar' waits until the
 * client's name is found (SPEC.md section 5). Enter confirms.
 */
export function FinalizePanel(props: FinalizePanelProps) {
  const { finalize, saving, cpfRef, onCpf, onScan, onConfirm, onClose } = props;
  const customerKnown = finalize.clientName !== null || finalize.customerId !== null;
  const canConfirm = customerKnown && !finalize.confirming && !saving;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canConfirm) onConfirm();
  };
  return (
    <Card className="mt-3" aria-labelledby="finalize-title">
      <Card.Header as="h2" id="finalize-title" className="h5 mb-0">
        Finalizando Pedido
      </Card.Header>
      <Card.Body>
        <Form onSubmit={submit} noValidate>
          <QrScanner label="Ler QR Code do crachá" closeOnScan onScan={onScan} />
          <Form.Group className="mt-2" controlId="finalize-cpf">
            <Form.Label>CPF do cliente</Form.Label>
            <CpfInput
              inputRef={cpfRef}
              id="finalize-cpf"
              value={finalize.cpf}
              onChange={onCpf}
              onEnter={() => submit()}
            />
          </Form.Group>
          <Form.Group className="mt-2" controlId="finalize-name">
            <Form.Label>Nome do cliente</Form.Label>
            <Form.Control
              readOnly
              value={
                finalize.clientName ??
                (finalize.customerId !== null ? `Participante ${finalize.customerId} (crachá)` : '')
              }
              placeholder={finalize.lookingUp ? 'Buscando...' : ''}
              isInvalid={finalize.lookupError !== null}
            />
            <Form.Control.Feedback type="invalid">{finalize.lookupError}</Form.Control.Feedback>
          </Form.Group>
          <div className="d-flex gap-2 mt-3">
            <Button type="button" variant="secondary" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" variant="success" disabled={!canConfirm}>
              {finalize.confirming ? 'Processando...' : 'Confirmar'}
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
