import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  PIX_PSP_DEVELOPMENT_KEY_WARNING,
  PIX_PSP_KEY_MISMATCH_MESSAGE,
  type PixPspSettingsDto,
} from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { PSP_NOT_CONNECTED } from '../../testing/fake-pix';

const NOT_CONNECTED = PSP_NOT_CONNECTED;

const CONNECTED: PixPspSettingsDto = {
  configured: true,
  baseUrl: 'https://pix.banco.example/api/v2',
  tokenUrl: '',
  clientId: 'balcao-loja',
  hasClientSecret: true,
  certificate: {
    subject: 'CN=balcao-loja, O=Instituto Balcao',
    issuer: 'CN=AC Banco Exemplo',
    validTo: '2027-12-31T12:00:00.000Z',
  },
  hasCa: false,
  developmentKey: false,
};

const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBcert\n-----END CERTIFICATE-----\n';
const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEkey\n-----END PRIVATE KEY-----\n';

const pemFile = (text: string, name: string) =>
  new File([text], name, { type: 'application/x-pem-file' });

/** The page's other calls: no payment method, no PIX key yet. */
function pageAnswers(settings: PixPspSettingsDto) {
  server.use(
    http.get('/api/payment-methods/select', () => HttpResponse.json({ data: [] })),
    http.get('/api/carrinho/pix/config', () =>
      HttpResponse.json({ chave: '', nome: '', cidade: '' }),
    ),
    http.get('/api/pix/psp', () => HttpResponse.json(settings)),
  );
}

async function openPspCard() {
  const rendered = await renderPage('PAYMENT_METHODS');
  const heading = await screen.findByRole('heading', {
    name: 'Confirmação pelo banco (PSP)',
    level: 2,
  });
  return { ...rendered, card: within(heading.closest('section')!) };
}

describe('Confirmação pelo banco (PSP)', { timeout: 20_000 }, () => {
  it('shows that no PSP is connected, and connects one with the PEM files read in the browser', async () => {
    const sent: unknown[] = [];
    pageAnswers(NOT_CONNECTED);
    server.use(
      http.put('/api/pix/psp', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(CONNECTED);
      }),
    );
    const { user, card } = await openPspCard();
    expect(
      await card.findByText('Nenhum PSP conectado: o PIX é confirmado pelo caixa.'),
    ).toBeInTheDocument();
    // Nothing to test or disconnect yet.
    expect(card.queryByRole('button', { name: 'Testar conexão' })).not.toBeInTheDocument();

    await user.upload(
      card.getByLabelText('Certificado do cliente (PEM)'),
      pemFile(CERTIFICATE, 'cliente.pem'),
    );
    await user.upload(
      card.getByLabelText('Chave privada (PEM, sem senha)'),
      pemFile(PRIVATE_KEY, 'cliente.key'),
    );
    await user.type(card.getByLabelText('Endereço da API Pix'), 'https://pix.banco.example/api/v2');
    await user.type(card.getByLabelText('client_id'), 'balcao-loja');
    const secret = card.getByLabelText('client_secret');
    expect(secret).toHaveAttribute('type', 'password');
    // Enter in a field is Salvar.
    await user.type(secret, 's3gredo{Enter}');

    expect(await card.findByText('https://pix.banco.example/api/v2')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        baseUrl: 'https://pix.banco.example/api/v2',
        clientId: 'balcao-loja',
        clientSecret: 's3gredo',
        certificatePem: CERTIFICATE,
        privateKeyPem: PRIVATE_KEY,
      },
    ]);
    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(card.getByText('CN=balcao-loja, O=Instituto Balcao')).toBeInTheDocument();
    expect(card.getByText(/válido até 31\/12\/2027/)).toBeInTheDocument();
    // The secret is never shown back: the field starts blank, saying one is kept.
    expect(card.getByLabelText('client_secret')).toHaveValue('');
    expect(card.getByLabelText('client_secret')).toHaveAttribute(
      'placeholder',
      'guardado — deixe em branco para manter',
    );
  });

  it('keeps what is left blank and shows the server’s refusal in the form', async () => {
    const sent: unknown[] = [];
    pageAnswers(CONNECTED);
    server.use(
      http.put('/api/pix/psp', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (sent.length === 1) return HttpResponse.json(CONNECTED);
        return HttpResponse.json(
          { error: 'invalid_request', error_description: PIX_PSP_KEY_MISMATCH_MESSAGE },
          { status: 400 },
        );
      }),
    );
    const { user, card } = await openPspCard();
    expect(await card.findByLabelText('Endereço da API Pix')).toHaveValue(CONNECTED.baseUrl);
    expect(card.getByLabelText('client_id')).toHaveValue('balcao-loja');

    // Nothing new: the secret, certificate, key and CA stay as stored.
    await user.click(card.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ baseUrl: CONNECTED.baseUrl, clientId: 'balcao-loja' });
    await screen.findByText('Configuração salva!');

    await user.upload(
      card.getByLabelText('Certificado do cliente (PEM)'),
      pemFile(CERTIFICATE, 'novo.pem'),
    );
    await user.upload(
      card.getByLabelText('Chave privada (PEM, sem senha)'),
      pemFile(PRIVATE_KEY, 'outra.key'),
    );
    await user.type(
      card.getByLabelText('Endereço do token (opcional)'),
      'https://pix.banco.example/oauth',
    );
    await user.click(card.getByRole('button', { name: 'Salvar' }));

    expect(await card.findByRole('alert')).toHaveTextContent(PIX_PSP_KEY_MISMATCH_MESSAGE);
    expect(sent[1]).toEqual({
      baseUrl: CONNECTED.baseUrl,
      clientId: 'balcao-loja',
      tokenUrl: 'https://pix.banco.example/oauth',
      certificatePem: CERTIFICATE,
      privateKeyPem: PRIVATE_KEY,
    });
    // In the form, not in the error dialog; what was typed stays for the next try.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card.getByLabelText('Endereço do token (opcional)')).toHaveValue(
      'https://pix.banco.example/oauth',
    );
  });

  it('asks for the secret and the certificate the first time, before sending', async () => {
    let sent = false;
    pageAnswers(NOT_CONNECTED);
    server.use(
      http.put('/api/pix/psp', () => {
        sent = true;
        return HttpResponse.json(CONNECTED);
      }),
    );
    const { user, card } = await openPspCard();
    await user.type(await card.findByLabelText('Endereço da API Pix'), 'https://pix.banco.example');
    await user.type(card.getByLabelText('client_id'), 'balcao-loja{Enter}');

    const alert = await card.findByRole('alert');
    expect(alert).toHaveTextContent('Informe o client_secret fornecido pelo PSP.');
    expect(alert).toHaveTextContent(
      'Envie o certificado do cliente (PEM) e a sua chave privada (PEM, sem senha).',
    );
    expect(sent).toBe(false);
  });

  it("shows the PSP's answer to 'Testar conexão' and 'Registrar webhook'", async () => {
    pageAnswers(CONNECTED);
    server.use(
      http.post('/api/pix/psp/test', () =>
        HttpResponse.json({ ok: false, message: 'O PSP recusou o certificado do cliente.' }),
      ),
      http.post('/api/pix/psp/webhook', () =>
        HttpResponse.json({
          ok: true,
          message: 'Webhook registrado no PSP para a chave loja@balcao.org.',
        }),
      ),
    );
    const { user, card } = await openPspCard();

    await user.click(await card.findByRole('button', { name: 'Testar conexão' }));
    const refused = await card.findByText('O PSP recusou o certificado do cliente.');
    expect(refused.closest('.alert')).toHaveClass('alert-danger');

    await user.click(card.getByRole('button', { name: 'Registrar webhook' }));
    const registered = await card.findByText(
      'Webhook registrado no PSP para a chave loja@balcao.org.',
    );
    expect(registered.closest('.alert')).toHaveClass('alert-success');
    expect(card.queryByText('O PSP recusou o certificado do cliente.')).not.toBeInTheDocument();
  });

  it('warns while the secrets would be sealed under the development key (no BALCAO_TOTP_KEY)', async () => {
    pageAnswers({ ...CONNECTED, developmentKey: true });
    const { card } = await openPspCard();
    expect(await card.findByText(PIX_PSP_DEVELOPMENT_KEY_WARNING)).toBeInTheDocument();
  });

  it('says nothing of the key when BALCAO_TOTP_KEY is set', async () => {
    pageAnswers(CONNECTED);
    const { card } = await openPspCard();
    await card.findByText('CA do PSP');
    expect(card.queryByText(PIX_PSP_DEVELOPMENT_KEY_WARNING)).toBeNull();
  });

  it('asks before disconnecting, then deletes the connection', async () => {
    let deleted = 0;
    pageAnswers(CONNECTED);
    server.use(
      http.delete('/api/pix/psp', () => {
        deleted += 1;
        return HttpResponse.json(NOT_CONNECTED);
      }),
    );
    const { user, card } = await openPspCard();

    await user.click(await card.findByRole('button', { name: 'Desconectar PSP' }));
    let dialog = await screen.findByRole('dialog', { name: 'Desconectar PSP' });
    expect(dialog).toHaveTextContent('O caixa volta a confirmar o PIX manualmente');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toBe(0);

    await user.click(card.getByRole('button', { name: 'Desconectar PSP' }));
    dialog = await screen.findByRole('dialog', { name: 'Desconectar PSP' });
    await user.click(within(dialog).getByRole('button', { name: 'Desconectar' }));

    expect(
      await card.findByText('Nenhum PSP conectado: o PIX é confirmado pelo caixa.'),
    ).toBeInTheDocument();
    expect(deleted).toBe(1);
    expect(card.getByLabelText('Endereço da API Pix')).toHaveValue('');
  });
});
