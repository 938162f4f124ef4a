import { useCallback, useState } from 'react';
import dayjs from 'dayjs';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import {
  PIX_PSP_CERTIFICATE_MESSAGE,
  PIX_PSP_CLIENT_ID_MESSAGE,
  PIX_PSP_DEVELOPMENT_KEY_WARNING,
  PIX_PSP_SECRET_MESSAGE,
  PIX_PSP_URL_MESSAGE,
  type PixPspSettingsDto,
  type PixPspSettingsInput,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FieldsForm } from '../../../ui/fields-form';
import { required, textValue, type FormField, type FormValues } from '../../../ui/form-field';
import { NoticeToast } from '../../../ui/notice-toast';
import { SETTINGS_SAVED } from '../../../ui/settings-form';
import {
  pixPspCheckRequested,
  pixPspRemoveRequested,
  pixPspSaveRequested,
  pixPspSavedNoticeClosed,
  selectPixPsp,
  type PixPspCheck,
} from '../pix-psp-slice';

const TITLE = 'Confirmação pelo banco (PSP)';
const PSP_NOT_CONNECTED = 'Nenhum PSP conectado: o PIX é confirmado pelo caixa.';
const PEM = '.pem,.crt,.cer,.key,application/x-pem-file';

const CHECK_LABELS: Record<PixPspCheck, string> = {
  test: 'Testar conexão',
  webhook: 'Registrar webhook',
};

type PemField = 'certificatePem' | 'privateKeyPem' | 'caPem';
const PEM_FIELDS: readonly PemField[] = ['certificatePem', 'privateKeyPem', 'caPem'];

const isBlank = (values: FormValues, name: string) => textValue(values[name]).trim() === '';

/**
 * The server's rules (docs/pix.md) checked before sending, with its messages: the secret and the
 * certificate with its key are needed the first time; later, blank ones keep what is stored.
 */
function fieldsFor(settings: PixPspSettingsDto): FormField[] {
  const stored = settings.configured;
  return [
    {
      name: 'baseUrl',
      label: 'Endereço da API Pix',
      type: 'text',
      placeholder: 'https://api.seupsp.com.br/v2',
      maxLength: 500,
      validate: required(PIX_PSP_URL_MESSAGE),
    },
    {
      name: 'tokenUrl',
      label: 'Endereço do token (opcional)',
      type: 'text',
      maxLength: 500,
      help: 'Em branco: o endereço da API seguido de /oauth/token.',
    },
    {
      name: 'clientId',
      label: 'client_id',
      type: 'text',
      maxLength: 255,
      validate: required(PIX_PSP_CLIENT_ID_MESSAGE),
    },
    {
      name: 'clientSecret',
      label: 'client_secret',
      type: 'password',
      maxLength: 1000,
      ...(settings.hasClientSecret
        ? { placeholder: 'guardado — deixe em branco para manter' }
        : { validate: required(PIX_PSP_SECRET_MESSAGE) }),
    },
    {
      name: 'certificatePem',
      label: 'Certificado do cliente (PEM)',
      type: 'file',
      accept: PEM,
      ...(stored ? { help: 'Guardado: deixe em branco para manter.' } : {}),
      // One message for the pair, as the server's.
      validate: (_value, values) =>
        (stored && isBlank(values, 'certificatePem') && isBlank(values, 'privateKeyPem')) ||
        (!isBlank(values, 'certificatePem') && !isBlank(values, 'privateKeyPem'))
          ? null
          : PIX_PSP_CERTIFICATE_MESSAGE,
    },
    {
      name: 'privateKeyPem',
      label: 'Chave privada (PEM, sem senha)',
      type: 'file',
      accept: PEM,
      ...(stored ? { help: 'Guardada: deixe em branco para manter.' } : {}),
    },
    {
      name: 'caPem',
      label: 'CA do PSP (opcional, PEM)',
      type: 'file',
      accept: PEM,
      help: settings.hasCa
        ? 'Guardada: deixe em branco para manter.'
        : 'Só quando o certificado do servidor do PSP não é de uma autoridade pública.',
    },
  ];
}

/** What Salvar sends: the addresses and client_id, and only the secrets and files given. */
function inputOf(values: FormValues): PixPspSettingsInput {
  const given = (name: 'tokenUrl' | 'clientSecret' | PemField) =>
    isBlank(values, name) ? {} : { [name]: textValue(values[name]) };
  return {
    baseUrl: textValue(values.baseUrl).trim(),
    clientId: textValue(values.clientId).trim(),
    ...given('tokenUrl'),
    ...given('clientSecret'),
    ...Object.assign({}, ...PEM_FIELDS.map(given)),
  };
}

function ConnectionStatus({ settings }: { settings: PixPspSettingsDto }) {
  const { certificate } = settings;
  if (!settings.configured || !certificate) return <p>{PSP_NOT_CONNECTED}</p>;
  const validTo = dayjs(certificate.validTo);
  const expired = validTo.isBefore(dayjs());
  return (
    <>
      <p className="mb-2">
        PSP conectado: <strong>{settings.baseUrl}</strong>
      </p>
      <dl className="mb-3">
        <dt>Certificado do cliente</dt>
        <dd>
          {certificate.subject}
          <br />
          <span className="text-body-secondary">emitido por {certificate.issuer}</span>
          <br />
          <span className={expired ? 'text-danger fw-semibold' : undefined}>
            {expired ? 'vencido em' : 'válido até'} {validTo.format('DD/MM/YYYY')}
          </span>
        </dd>
        <dt>CA do PSP</dt>
        <dd>{settings.hasCa ? 'enviada' : 'as autoridades públicas'}</dd>
      </dl>
    </>
  );
}

/**
 * 'Configuração PIX' → the PSP connection (docs/pix.md): a bank confirms the charges instead of
 * the cashier. The secret, the key and the files are never shown back; blank keeps them.
 */
export function PixPspForm() {
  const dispatch = useAppDispatch();
  const { settings, form, saveError, revision, checking, outcome, removing } =
    useAppSelector(selectPixPsp);
  const [confirming, setConfirming] = useState(false);
  const closeNotice = useCallback(() => dispatch(pixPspSavedNoticeClosed()), [dispatch]);
  const check = (which: PixPspCheck) => (
    <Button
      type="button"
      variant="outline-primary"
      disabled={checking !== null || removing}
      onClick={() => dispatch(pixPspCheckRequested(which))}
    >
      {checking === which ? 'Processando' : CHECK_LABELS[which]}
    </Button>
  );

  return (
    <section aria-labelledby="pix-psp-title">
      <h2 className="h5 mb-3" id="pix-psp-title">
        {TITLE}
      </h2>
      <Card className="page-card">
        <Card.Body>
          {settings === null ? (
            <p>Carregando...</p>
          ) : (
            <>
              <ConnectionStatus settings={settings} />
              {settings.developmentKey && (
                <Alert variant="warning">{PIX_PSP_DEVELOPMENT_KEY_WARNING}</Alert>
              )}
              <FieldsForm
                key={revision}
                layout="card"
                idPrefix="pix-psp"
                fields={fieldsFor(settings)}
                initial={{
                  baseUrl: settings.baseUrl,
                  tokenUrl: settings.tokenUrl,
                  clientId: settings.clientId,
                }}
                busy={form.busy}
                error={saveError}
                onSave={(values) => dispatch(pixPspSaveRequested(inputOf(values)))}
              />
              {settings.configured && (
                <div className="border-top mt-3 pt-3">
                  <div className="d-flex flex-wrap gap-2">
                    {check('test')}
                    {check('webhook')}
                    <Button
                      type="button"
                      variant="outline-danger"
                      disabled={removing || checking !== null}
                      onClick={() => setConfirming(true)}
                    >
                      {removing ? 'Processando' : 'Desconectar PSP'}
                    </Button>
                  </div>
                  <div role="status" aria-live="polite">
                    {outcome && (
                      <Alert variant={outcome.ok ? 'success' : 'danger'} className="mt-3 mb-0">
                        <strong>{CHECK_LABELS[outcome.check]}:</strong> {outcome.message}
                      </Alert>
                    )}
                  </div>
                </div>
              )}
            </>
          )}
        </Card.Body>
      </Card>
      <ConfirmDialog
        show={confirming}
        title="Desconectar PSP"
        text="O caixa volta a confirmar o PIX manualmente, com o BR Code da Configuração PIX. As credenciais e o certificado guardados são apagados."
        confirmLabel="Desconectar"
        onConfirm={() => {
          setConfirming(false);
          dispatch(pixPspRemoveRequested());
        }}
        onCancel={() => setConfirming(false)}
      />
      <NoticeToast text={form.saved ? SETTINGS_SAVED : null} onClose={closeNotice} />
    </section>
  );
}
