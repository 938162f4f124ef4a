import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
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

/**
 * A sending's progress and its result per recipient, with 'Reenviar falhas' once it is done
 * and some failed: 'Enviar e-mails' and 'Enviar ingressos' show theirs alike.
 */
export function EmailSendingProgress({
  batch,
  sending,
  onRetry,
}: {
  batch: EmailBatchDto;
  sending: boolean;
  onRetry: () => void;
}) {
  const finished = batch.sent + batch.failed;
  return (
    <>
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
    </>
  );
}
