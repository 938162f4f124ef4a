import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectTotpEnrolmentOnly } from '../../app/session/slice';
import {
  recoveryCodesDismissed,
  securitySettingsSaveRequested,
  selectTotp,
  totpCodeChanged,
  totpConfirmRequested,
  totpDisableRequested,
  totpEnrolRequested,
} from './slice';
import './area';
import { PageFrame } from '../../ui/page-frame';

/** The 6-digit (or recovery) code field: focused, Enter submits its form. */
function CodeField({ label, allowRecovery }: { label: string; allowRecovery?: boolean }) {
  const dispatch = useAppDispatch();
  const { code } = useAppSelector(selectTotp);
  return (
    <Form.Group className="mb-3" controlId="totp-code">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        autoFocus
        autoComplete="one-time-code"
        inputMode={allowRecovery ? 'text' : 'numeric'}
        maxLength={allowRecovery ? 16 : 6}
        value={code}
        onChange={(event) =>
          dispatch(
            totpCodeChanged(
              allowRecovery ? event.target.value : event.target.value.replace(/\D/g, ''),
            ),
          )
        }
      />
    </Form.Group>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const dispatch = useAppDispatch();
  return (
    <Card className="page-card mb-3" border="warning">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Códigos de recuperação
        </Card.Title>
        <p>
          Guarde estes códigos em lugar seguro. Cada um entra <strong>uma única vez</strong> no
          lugar do código do aplicativo, se o celular não estiver à mão. Eles não serão mostrados de
          novo.
        </p>
        <ol className="recovery-codes font-monospace" aria-label="Códigos de recuperação">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <Button autoFocus onClick={() => dispatch(recoveryCodesDismissed())}>
          Continuar
        </Button>
      </Card.Body>
    </Card>
  );
}

function SystemSetting() {
  const dispatch = useAppDispatch();
  const { settings, busy } = useAppSelector(selectTotp);
  if (!settings) return null;
  return (
    <Card className="page-card mt-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Exigência para administradores
        </Card.Title>
        <Form.Check
          type="switch"
          id="require-totp-for-system"
          label="Exigir autenticação em dois fatores dos usuários com a permissão Sistema"
          checked={settings.requireTotpForSystem}
          disabled={busy}
          onChange={(event) =>
            dispatch(securitySettingsSaveRequested({ requireTotpForSystem: event.target.checked }))
          }
        />
        <Form.Text>
          Ao ligar, quem tem a permissão Sistema e ainda não cadastrou o aplicativo sai do sistema
          e, ao entrar de novo, cadastra antes de qualquer outra tela.
        </Form.Text>
      </Card.Body>
    </Card>
  );
}

/** 'Autenticação em dois fatores' (top bar): enrol with a QR code, confirm, disable. */
export function TotpPage() {
  const dispatch = useAppDispatch();
  const { status, enrolment, code, recoveryCodes, busy } = useAppSelector(selectTotp);
  const enrolmentOnly = useAppSelector(selectTotpEnrolmentOnly);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && /^\d{6}$/.test(code)) dispatch(totpConfirmRequested());
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && code.trim() !== '') dispatch(totpDisableRequested());
  };

  return (
    <PageFrame title="Autenticação em dois fatores">
      {enrolmentOnly && (
        <Alert variant="warning">
          A autenticação em dois fatores é obrigatória para o seu usuário. Cadastre o aplicativo
          autenticador para continuar.
        </Alert>
      )}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {status && !recoveryCodes && (
        <Card className="page-card">
          <Card.Body>
            {status.enabled ? (
              <>
                <p>
                  <strong>Ativa.</strong> Ao entrar, o sistema pede o código do aplicativo
                  autenticador depois da senha. Códigos de recuperação restantes:{' '}
                  {status.recoveryCodesLeft}.
                </p>
                {status.required ? (
                  <p className="text-body-secondary mb-0">
                    Obrigatória para usuários com a permissão Sistema: não pode ser desativada.
                  </p>
                ) : (
                  <Form onSubmit={disable} noValidate>
                    <CodeField label="Código do aplicativo ou de recuperação" allowRecovery />
                    <Button type="submit" variant="danger" disabled={busy || code.trim() === ''}>
                      Desativar
                    </Button>
                  </Form>
                )}
              </>
            ) : enrolment ? (
              <Form onSubmit={confirm} noValidate>
                <p>
                  1. No aplicativo autenticador do celular (Google Authenticator, Microsoft
                  Authenticator, FreeOTP...), adicione uma conta lendo o QR code:
                </p>
                <img
                  src={enrolment.qrCode}
                  alt="QR code para o aplicativo autenticador"
                  className="totp-qr mb-2"
                  width={200}
                  height={200}
                />
                <p>
                  Ou digite a chave: <code className="totp-secret">{enrolment.secret}</code>
                </p>
                <p>2. Digite o código de 6 dígitos que o aplicativo mostra:</p>
                <CodeField label="Código de 6 dígitos" />
                <Button type="submit" disabled={busy || !/^\d{6}$/.test(code)}>
                  {busy ? 'Processando...' : 'Confirmar'}
                </Button>
              </Form>
            ) : (
              <>
                <p>
                  Desativada. Com ela ativa, entrar pede, além da senha, o código de 6 dígitos de um
                  aplicativo autenticador no celular.
                </p>
                <Button autoFocus disabled={busy} onClick={() => dispatch(totpEnrolRequested())}>
                  Ativar
                </Button>
              </>
            )}
          </Card.Body>
        </Card>
      )}
      {!enrolmentOnly && !recoveryCodes && <SystemSetting />}
    </PageFrame>
  );
}
