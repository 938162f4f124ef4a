import { useCallback } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import {
  EMAIL_BODY_MAX,
  EMAIL_PLACEHOLDERS,
  EMAIL_SUBJECT_MAX,
  PARTICIPANT_STATUSES,
  PARTICIPANT_STATUS_LABELS,
  type EmailBatchDto,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmailSendingProgress } from '../../ui/email-sending-progress';
import { required, textValue, type FieldValue, type FormField } from '../../ui/form-field';
import { SettingsForm } from '../../ui/settings-form';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups } from '../../app/lookups/slice';
import {
  messageChanged,
  previewRequested,
  retryRequested,
  selectEmails,
  sendAsked,
  sendDeclined,
  sendRequested,
  smtpEditCancelled,
  smtpEditStarted,
  smtpSavedNoticeClosed,
  smtpSaveRequested,
  statusToggled,
} from './slice';
import './area';
import { PageFrame } from '../../ui/page-frame';

function validPort(value: FieldValue): string | null {
  const text = textValue(value).trim();
  const port = Number(text);
  return text !== '' && Number.isInteger(port) && port >= 1 && port <= 65535
    ? null
    : 'Informe uma porta de 1 a 65535.';
}

const SMTP_FIELDS: FormField[] = [
  {
    name: 'host',
    label: 'Servidor SMTP',
    type: 'text',
    maxLength: 255,
    autoFocus: true,
    validate: required('Informe o servidor SMTP.'),
  },
  {
    name: 'port',
    label: 'Porta',
    type: 'text',
    maxLength: 255,
    help: '465 usa TLS direto; 587 e 25 usam STARTTLS se oferecido.',
    validate: validPort,
  },
  { name: 'user', label: 'Usuário', type: 'text', maxLength: 255 },
  {
    name: 'password',
    label: 'Senha',
    type: 'password',
    maxLength: 255,
    help: 'Em branco mantém a senha salva.',
  },
  {
    name: 'sender',
    label: 'Remetente',
    type: 'text',
    maxLength: 255,
    help: 'Ex.: Eventos <eventos@exemplo.com.br>',
    validate: required('Informe o remetente.'),
  },
];

function SmtpSettings() {
  const dispatch = useAppDispatch();
  const { smtp, editing, busy, saved } = useAppSelector(selectEmails);
  const closeNotice = useCallback(() => dispatch(smtpSavedNoticeClosed()), [dispatch]);
  return (
    <SettingsForm
      title="Servidor de e-mail (SMTP)"
      titleLevel={2}
      idPrefix="smtp"
      fields={SMTP_FIELDS}
      initial={{
        host: smtp.host,
        port: String(smtp.port),
        user: smtp.user,
        password: '',
        sender: smtp.sender,
      }}
      editing={editing}
      busy={busy}
      saved={saved}
      onSavedClose={closeNotice}
      onEdit={() => dispatch(smtpEditStarted())}
      onSave={(values) =>
        dispatch(
          smtpSaveRequested({
            host: textValue(values.host),
            port: Number(textValue(values.port)),
            user: textValue(values.user),
            password: textValue(values.password),
            sender: textValue(values.sender),
          }),
        )
      }
      onCancel={() => dispatch(smtpEditCancelled())}
      view={
        <dl className="mb-3">
          <dt>Servidor SMTP</dt>
          <dd>{smtp.host ? `${smtp.host}:${smtp.port}` : 'não configurado'}</dd>
          <dt>Usuário</dt>
          <dd>{smtp.user || '—'}</dd>
          <dt>Senha</dt>
          <dd>{smtp.hasPassword ? 'definida' : 'não definida'}</dd>
          <dt>Remetente</dt>
          <dd>{smtp.sender || 'não configurado'}</dd>
        </dl>
      }
    />
  );
}

function BatchProgress({ batch, sending }: { batch: EmailBatchDto; sending: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Card className="page-card mt-4">
      <Card.Body>
        <h2 className="h5">Envio: {batch.subject}</h2>
        <EmailSendingProgress
          batch={batch}
          sending={sending}
          onRetry={() => dispatch(retryRequested())}
        />
      </Card.Body>
    </Card>
  );
}

function MessageEditor() {
  const dispatch = useAppDispatch();
  const { message, preview, previewing, confirming, batch, sending, smtp } =
    useAppSelector(selectEmails);
  const events = useAppSelector(selectLookups).events ?? [];
  const selected = useAppSelector(selectSelectedEvent);
  const eventId = message.eventId ?? (selected ? Number(selected.id) : null);
  const ready =
    eventId !== null &&
    message.statuses.length > 0 &&
    message.subject.trim() !== '' &&
    message.body.trim() !== '';
  const ensureEvent = () => {
    if (message.eventId === null && eventId !== null) dispatch(messageChanged({ eventId }));
  };
  return (
    <>
      <Card className="page-card mt-4">
        <Card.Body>
          <h2 className="h5 mb-3">Mensagem</h2>
          <Form.Group className="mb-3" controlId="email-event">
            <Form.Label>Evento dos destinatários</Form.Label>
            <Form.Select
              value={eventId ?? ''}
              onChange={(event) =>
                dispatch(messageChanged({ eventId: Number(event.target.value) || null }))
              }
            >
              <option value="">Selecione</option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="fs-6">Situação dos participantes</legend>
            {PARTICIPANT_STATUSES.map((status) => (
              <Form.Check
                inline
                key={status}
                id={`email-status-${status}`}
                label={PARTICIPANT_STATUS_LABELS[status]}
                checked={message.statuses.includes(status)}
                onChange={() => dispatch(statusToggled(status))}
              />
            ))}
          </fieldset>
          <Form.Group className="mb-3" controlId="email-subject">
            <Form.Label>Assunto</Form.Label>
            <Form.Control
              maxLength={EMAIL_SUBJECT_MAX}
              value={message.subject}
              onChange={(event) => dispatch(messageChanged({ subject: event.target.value }))}
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId="email-body">
            <Form.Label>Mensagem</Form.Label>
            <Form.Control
              as="textarea"
              rows={8}
              maxLength={EMAIL_BODY_MAX}
              value={message.body}
              onChange={(event) => dispatch(messageChanged({ body: event.target.value }))}
            />
          </Form.Group>
          <p className="small text-body-secondary">
            Campos disponíveis: {EMAIL_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}
          </p>
          <div className="d-flex gap-2">
            <Button
              type="button"
              variant="outline-primary"
              disabled={!ready || previewing}
              onClick={() => {
                ensureEvent();
                dispatch(previewRequested());
              }}
            >
              {previewing ? 'Processando' : 'Pré-visualizar'}
            </Button>
            <Button
              type="button"
              disabled={!ready || sending || !smtp.host}
              onClick={() => {
                ensureEvent();
                dispatch(sendAsked());
              }}
            >
              {sending ? 'Processando' : 'Enviar'}
            </Button>
          </div>
          {!smtp.host && (
            <p className="small text-body-secondary mt-2">
              Configure o servidor SMTP acima para enviar.
            </p>
          )}
        </Card.Body>
      </Card>
      {preview && (
        <Card className="page-card mt-4" aria-label="Pré-visualização">
          <Card.Body>
            <h2 className="h5">Pré-visualização</h2>
            <p>
              {preview.recipients} destinatário(s)
              {preview.withoutEmail > 0 && ` · ${preview.withoutEmail} sem e-mail (não recebem)`}
            </p>
            {preview.sample ? (
              <>
                <p className="mb-1">
                  <strong>Para:</strong> {preview.sample.name} &lt;{preview.sample.email}&gt;
                </p>
                <p className="mb-1">
                  <strong>Assunto:</strong> {preview.sample.subject}
                </p>
                <pre
                  className="border rounded p-2 bg-body-tertiary"
                  style={{ whiteSpace: 'pre-wrap' }}
                >
                  {preview.sample.body}
                </pre>
              </>
            ) : (
              <p>Nenhum participante com e-mail nas situações escolhidas.</p>
            )}
          </Card.Body>
        </Card>
      )}
      {batch && <BatchProgress batch={batch} sending={sending} />}
      <ConfirmDialog
        show={confirming}
        title="Enviar e-mails"
        text="Os e-mails serão enviados a todos os participantes do evento nas situações escolhidas."
        confirmLabel="Enviar"
        onConfirm={() => dispatch(sendRequested())}
        onCancel={() => dispatch(sendDeclined())}
      />
    </>
  );
}

/** 'Enviar e-mails' (System, outside production): SMTP settings, the message and its sending. */
export function EmailsPage() {
  return (
    <PageFrame title="Enviar e-mails">
      <SmtpSettings />
      <MessageEditor />
    </PageFrame>
  );
}
