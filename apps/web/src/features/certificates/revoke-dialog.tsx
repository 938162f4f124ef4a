import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_REASON_MAX,
  type CertificateDto,
} from '@balcao/contract';

interface RevokeDialogProps {
  certificate: CertificateDto;
  busy: boolean;
  /** The server's refusal (an empty reason, already revoked). */
  error: string | null;
  onRevoke: (reason: string) => void;
  onCancel: () => void;
}

/**
 * 'Revogar certificado': the reason is asked (it goes to the audit log), and the certificate's
 * verification says 'Certificado revogado' from then on, which cannot be undone.
 */
export function RevokeDialog({ certificate, busy, error, onRevoke, onCancel }: RevokeDialogProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!empty) onRevoke(reason.trim());
  };
  return (
    <Modal show onHide={onCancel} centered animation={false} aria-labelledby="revoke-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header>
          <Modal.Title id="revoke-title">Revogar certificado</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            O certificado de <strong>{certificate.name}</strong> (
            <span className="font-monospace">{certificate.code}</span>) deixará de valer: a
            verificação passará a dizer 'Certificado revogado'. Não é possível desfazer.
          </p>
          <Form.Group controlId="revoke-reason">
            <Form.Label>Motivo</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              autoFocus
              maxLength={CERTIFICATE_REASON_MAX}
              value={reason}
              isInvalid={tried && empty}
              onChange={(event) => setReason(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">
              {CERTIFICATE_MESSAGES.revokeReason}
            </Form.Control.Feedback>
          </Form.Group>
          {error && (
            <Alert variant="danger" className="mt-3 mb-0">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Processando' : 'Revogar'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
