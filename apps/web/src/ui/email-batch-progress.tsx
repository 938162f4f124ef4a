import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import {
  EMAIL_RECIPIENT_STATUS_LABELS,
  type EmailBatchDto,
  type EmailRecipientStatus,
} from '@balcao/contract';

const STATUS_VARIANT: Record<EmailRecipientStatus, string> = {
  PENDENTE: 'secondary',
  ENVIANDO: 'info',
  ENVIADO: 'success',
  FALHOU: 'danger',
};

interface EmailBatchProgressProps {
  batch: EmailBatchDto;
  /** A sending or a retry in flight: 'Reenviar falhas' waits. */
  sending: boolean;
  onRetry: () => void;
}

/**
 * A sending as the server reports it (polled by its owner): the counts, a bar, the result of each
 * recipient and, once done with failures, 'Reenviar falhas'. 'Enviar e-mails' and the
 * certificates' sending show it alike.
 */
export function EmailBatchProgress({ batch, sending, onRetry }: EmailBatchProgressProps) {
  const finished = batch.sent + batch.failed;
  return (
    <Card className="page-card mt-4">
      <Card.Body>
        <h2 className="h5">Envio: {batch.subject}</h2>
        <p role="status">
          {batch.done ? 'Envio concluído' : 'Enviando'} - {finished}/{batch.total} · Enviados:{' '}
          {batch.sent} · Falhas: {batch.failed}
        </p>
        <ProgressBar className="mb-3" aria-label="Progresso do envio">
          <ProgressBar variant="success" now={(batch.sent / batch.total) * 100} />
          <ProgressBar variant="danger" now={(batch.failed / batch.total) * 100} />
        </ProgressBar>
        {batch.done && batch.failed > 0 && (
          <Button
            type="button"
            variant="warning"
            className="mb-3"
            disabled={sending}
            onClick={onRetry}
          >
            Reenviar falhas
          </Button>
        )}
        <Table size="sm" striped aria-label="Destinatários">
          <thead>
            <tr>
              <th>Nome</th>
              <th>E-mail</th>
              <th>Situação</th>
              <th>Detalhe</th>
            </tr>
          </thead>
          <tbody>
            {batch.recipients.map((recipient) => (
              <tr key={recipient.id}>
                <td>{recipient.name}</td>
                <td>{recipient.email}</td>
                <td>
                  <Badge bg={STATUS_VARIANT[recipient.status]}>
                    {EMAIL_RECIPIENT_STATUS_LABELS[recipient.status]}
                  </Badge>
                </td>
                <td className="text-break">{recipient.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
