import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { CERTIFICATE_RULE_MESSAGES } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups } from '../../app/lookups/slice';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmailSendingProgress } from '../../ui/email-sending-progress';
import { EventSelect } from '../../ui/event-select';
import { PageFrame } from '../../ui/page-frame';
import { CertificateList } from './certificate-list';
import { Eligibility, IssueProgress } from './issue-section';
import { RevokeDialog } from './revoke-dialog';
import { RuleForm } from './rule-form';
import {
  askDeclined,
  emailRequested,
  emailRetryRequested,
  eventChosen,
  issueRequested,
  revokeRequested,
  selectCertificates,
} from './slice';
import './area';

/** The questions before issuing and sending, and the revoke dialog. */
function Dialogs() {
  const dispatch = useAppDispatch();
  const { asking, eligibility, certificates, revoking, revokeError } =
    useAppSelector(selectCertificates);
  const earning = eligibility?.earning ?? 0;
  const valid = certificates.filter((certificate) => !certificate.revokedAt).length;
  return (
    <>
      <ConfirmDialog
        show={asking?.kind === 'issue'}
        title="Emitir certificados"
        text={`Emitir os certificados de ${earning} ${earning === 1 ? 'participante' : 'participantes'}? Quem já tem um mantém o código; um nome corrigido gera uma nova versão.`}
        confirmLabel="Emitir"
        onConfirm={() => dispatch(issueRequested())}
        onCancel={() => dispatch(askDeclined())}
      />
      <ConfirmDialog
        show={asking?.kind === 'email'}
        title="Enviar certificados por e-mail"
        text={`Enviar por e-mail, com o PDF anexado, os ${valid} certificados válidos deste evento a quem tem e-mail?`}
        confirmLabel="Enviar"
        onConfirm={() => dispatch(emailRequested())}
        onCancel={() => dispatch(askDeclined())}
      />
      {asking?.kind === 'revoke' && (
        <RevokeDialog
          certificate={asking.certificate}
          busy={revoking !== null}
          error={revokeError}
          onRevoke={(reason) =>
            dispatch(revokeRequested({ code: asking.certificate.code, reason }))
          }
          onCancel={() => dispatch(askDeclined())}
        />
      )}
    </>
  );
}

/**
 * 'Certificados' (issue #44, beyond SPEC.md's menu): an event's rule, who earns a certificate and
 * why the others do not, issuing them, and the certificates issued (PDF, ZIP, e-mail, revoking).
 */
export function CertificatesPage() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedEvent);
  const events = useAppSelector(selectLookups).events ?? [];
  const state = useAppSelector(selectCertificates);
  const { rule, eligibility, certificates, job, issuing, batch, sending, downloading } = state;
  const [chosenEvent, setEventId] = useState<string | null>(null);
  // The selected event until the user picks one: it may arrive after the first render (a reload).
  const eventId = chosenEvent ?? String(selected?.id ?? state.eventId ?? events[0]?.id ?? '');

  useEffect(() => {
    if (eventId !== '') dispatch(eventChosen(Number(eventId)));
  }, [dispatch, eventId]);

  const shown = eventId !== '' && state.eventId === Number(eventId);
  return (
    <PageFrame title="Certificados">
      <Form.Group controlId="certificates-event" className="mb-3 participants-event">
        <Form.Label>Evento</Form.Label>
        <EventSelect
          events={events}
          value={eventId}
          onChange={setEventId}
          emptyLabel="Selecione o evento"
        />
      </Form.Group>
      {shown && !rule && state.loading && <p>Carregando...</p>}
      {shown && rule && (
        <>
          <RuleForm key={`${eventId}-${rule.saved}`} rule={rule} />
          {eligibility ? (
            <Eligibility eligibility={eligibility} issuing={issuing} />
          ) : (
            <Alert variant="info" className="mt-4">
              {CERTIFICATE_RULE_MESSAGES.noRule}
            </Alert>
          )}
          {job && <IssueProgress job={job} />}
          <CertificateList
            certificates={certificates}
            downloading={downloading}
            sending={sending}
          />
          {batch && (
            <Card className="page-card mt-4">
              <Card.Body>
                <h2 className="h5">Envio dos certificados por e-mail</h2>
                {batch.withoutEmail > 0 && (
                  <p>
                    {batch.withoutEmail}{' '}
                    {batch.withoutEmail === 1
                      ? 'certificado válido ficou de fora: o participante não tem'
                      : 'certificados válidos ficaram de fora: os participantes não têm'}{' '}
                    e-mail válido.
                  </p>
                )}
                <EmailSendingProgress
                  batch={batch}
                  sending={sending}
                  onRetry={() => dispatch(emailRetryRequested())}
                />
              </Card.Body>
            </Card>
          )}
        </>
      )}
      <Dialogs />
    </PageFrame>
  );
}
