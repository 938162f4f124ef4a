import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import {
  CERTIFICATE_CODE_LENGTH,
  CERTIFICATE_VERIFICATION_TITLES,
  certificateHoursText,
  type CertificateVerificationDto,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDate } from '../../ui/formats';
import { selectCertificateCheck, verificationRequested } from './verify-slice';
import { verifyPathCode } from './verify-path';
import './verify-area';

/** What the server answered about one code: never a CPF or an e-mail (it sends none). */
function Answer({ answer }: { answer: CertificateVerificationDto }) {
  const title = CERTIFICATE_VERIFICATION_TITLES[answer.status];
  switch (answer.status) {
    case 'valid':
      return (
        <Alert variant="success" className="mb-0">
          <Alert.Heading as="h2" className="h4">
            {title}
          </Alert.Heading>
          <dl className="verify-facts mb-0">
            <dt>Nome</dt>
            <dd>{answer.name}</dd>
            <dt>Evento</dt>
            <dd>{answer.event}</dd>
            {answer.course && (
              <>
                <dt>Curso</dt>
                <dd>{answer.course}</dd>
              </>
            )}
            <dt>Carga horária</dt>
            <dd>{certificateHoursText(answer.hours)}</dd>
            <dt>Data</dt>
            <dd>{answer.dates}</dd>
            <dt>Emitido em</dt>
            <dd>{formatDate(answer.issuedAt)}</dd>
            <dt>Código</dt>
            <dd className="font-monospace">{answer.code}</dd>
          </dl>
        </Alert>
      );
    case 'revoked':
      return (
        <Alert variant="danger" className="mb-0">
          <Alert.Heading as="h2" className="h4">
            {title}
          </Alert.Heading>
          <p>Este certificado foi revogado em {formatDate(answer.revokedAt)} e não tem validade.</p>
          <dl className="verify-facts mb-0">
            {answer.name && (
              <>
                <dt>Nome</dt>
                <dd>{answer.name}</dd>
              </>
            )}
            <dt>Evento</dt>
            <dd>{answer.event}</dd>
            <dt>Código</dt>
            <dd className="font-monospace">{answer.code}</dd>
          </dl>
        </Alert>
      );
    default:
      return (
        <Alert variant="warning" className="mb-0">
          <Alert.Heading as="h2" className="h4">
            {title}
          </Alert.Heading>
          <p className="mb-0">
            Confira o código impresso no certificado: {CERTIFICATE_CODE_LENGTH} letras e números, em
            grupos de quatro.
          </p>
        </Alert>
      );
  }
}

/**
 * '/verificar' and '/verificar/{code}' (the certificate's QR): anyone checks a certificate
 * without signing in. Outside the back-office (App.tsx) and kept out of search engines.
 */
export function VerifyPage() {
  const dispatch = useAppDispatch();
  const { checking, answer, error } = useAppSelector(selectCertificateCheck);
  const [code, setCode] = useState(() => verifyPathCode(window.location.pathname) ?? '');

  useEffect(() => {
    const fromAddress = verifyPathCode(window.location.pathname);
    if (fromAddress) dispatch(verificationRequested(fromAddress));
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') dispatch(verificationRequested(code));
  };

  return (
    <main className="verify-screen">
      <title>Verificar certificado - Balcão</title>
      <meta name="robots" content="noindex" />
      <Card className="verify-card">
        <Card.Body>
          <h1 className="h3">Verificar certificado</h1>
          <p className="text-body-secondary">
            Digite o código impresso no certificado ou aponte a câmera do celular para o QR Code.
          </p>
          <Form onSubmit={submit} className="mb-3">
            <Form.Group controlId="verify-code" className="mb-2">
              <Form.Label>Código do certificado</Form.Label>
              <Form.Control
                className="font-monospace"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
                maxLength={64}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="search"
              />
            </Form.Group>
            <Button type="submit" disabled={checking || code.trim() === ''} className="w-100">
              {checking ? 'Verificando...' : 'Verificar'}
            </Button>
          </Form>
          <div role="status" aria-live="polite">
            {error && (
              <Alert variant="warning" className="mb-0">
                {error}
              </Alert>
            )}
            {answer && <Answer answer={answer} />}
          </div>
        </Card.Body>
      </Card>
    </main>
  );
}
