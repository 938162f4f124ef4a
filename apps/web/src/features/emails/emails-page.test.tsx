import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EmailBatchDto, SmtpConfigDto } from '@balcao/contract';
import { App } from '../../App';
import { renderPage, renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { signedInSession } from '../../testing/fixtures';

const SMTP: SmtpConfigDto = {
  host: 'smtp.exemplo.com.br',
  port: 587,
  user: 'balcao',
  sender: 'eventos@exemplo.com.br',
  hasPassword: true,
};

const recipient = (id: number, email: string, status: 'ENVIADO' | 'FALHOU' | 'PENDENTE') => ({
  id,
  name: `Pessoa ${id}`,
  email,
  status,
  error: status === 'FALHOU' ? '550 Caixa postal inexistente' : null,
  sentAt: null,
});

function batchOf(recipients: ReturnType<typeof recipient>[]): EmailBatchDto {
  const count = (s: string) => recipients.filter((r) => r.status === s).length;
  const pending = count('PENDENTE');
  return {
    id: 7,
    eventId: 1,
    subject: 'Bem-vindo',
    createdAt: '2025-03-10T12:00:00.000Z',
    total: recipients.length,
    sent: count('ENVIADO'),
    failed: count('FALHOU'),
    pending,
    done: pending === 0,
    recipients,
  };
}

type Mode = 'FULL_SGE' | 'production';

function serveEmails(mode: Mode) {
  server.use(
    http.get('/api/config', () => HttpResponse.json({ appMode: mode })),
    http.get('/api/emails/smtp', () => HttpResponse.json(SMTP)),
    http.get('/api/events/list', () => HttpResponse.json([{ id: 1, name: 'Imersão 2025' }])),
  );
}

/** The whole App, for its menu. */
function renderEmails(mode: Mode) {
  serveEmails(mode);
  return renderWithProviders(<App />, {
    preloadedState: {
      session: signedInSession({ adminPage: null }),
      config: { appMode: mode, loaded: true },
    },
  });
}

/** The page, in the mode whose menu offers it. */
function openEmails() {
  serveEmails('FULL_SGE');
  return renderPage('SEND_EMAILS', {
    preloadedState: { config: { appMode: 'FULL_SGE', loaded: true } },
  });
}

describe('Enviar e-mails', { timeout: 20_000 }, () => {
  it('is not in the menu in the production mode', async () => {
    renderEmails('production');
    await screen.findByRole('button', { name: 'Configurar alimentos' });
    expect(screen.queryByRole('button', { name: 'Enviar e-mails' })).not.toBeInTheDocument();
  });

  it('previews, sends with progress and a result per recipient, and retries the failed', async () => {
    const posted: unknown[] = [];
    let polls = 0;
    server.use(
      http.post('/api/emails/previa', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          recipients: 2,
          withoutEmail: 1,
          sample: {
            name: 'Pessoa 1',
            email: 'p1@exemplo.com.br',
            subject: 'Bem-vindo',
            body: 'Olá, Pessoa 1!',
          },
        });
      }),
      http.post('/api/emails/envios', () =>
        HttpResponse.json(
          batchOf([
            recipient(1, 'p1@exemplo.com.br', 'PENDENTE'),
            recipient(2, 'p2@x.br', 'PENDENTE'),
          ]),
        ),
      ),
      http.get('/api/emails/envios/7', () => {
        polls += 1;
        return HttpResponse.json(
          batchOf([
            recipient(1, 'p1@exemplo.com.br', 'ENVIADO'),
            recipient(2, 'p2@x.br', 'FALHOU'),
          ]),
        );
      }),
      http.post('/api/emails/envios/7/reenviar', () =>
        HttpResponse.json(
          batchOf([
            recipient(1, 'p1@exemplo.com.br', 'ENVIADO'),
            recipient(2, 'p2@x.br', 'ENVIADO'),
          ]),
        ),
      ),
    );
    const { user } = await openEmails();
    expect(await screen.findByText('smtp.exemplo.com.br:587')).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Evento dos destinatários'), '1');
    await user.type(screen.getByLabelText('Assunto'), 'Bem-vindo');
    await user.type(screen.getByLabelText('Mensagem'), 'Olá, {{nome}!');
    await user.click(screen.getByRole('button', { name: 'Pré-visualizar' }));
    const preview = await screen.findByLabelText('Pré-visualização');
    expect(preview).toHaveTextContent('2 destinatário(s) · 1 sem e-mail (não recebem)');
    expect(preview).toHaveTextContent('Olá, Pessoa 1!');
    expect(posted).toEqual([
      { eventId: 1, statuses: ['OK'], subject: 'Bem-vindo', body: 'Olá, {nome}!' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enviar e-mails' });
    await user.click(within(confirm).getByRole('button', { name: 'Enviar' }));

    expect(
      await screen.findByText(/Envio concluído - 2\/2/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(polls).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: 'Destinatários' });
    expect(within(table).getByText('p2@x.br').closest('tr')).toHaveTextContent(
      'Falhou550 Caixa postal inexistente',
    );

    await user.click(screen.getByRole('button', { name: 'Reenviar falhas' }));
    await waitFor(() => expect(within(table).queryByText('Falhou')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Reenviar falhas' })).not.toBeInTheDocument();
  });

  it('edits the SMTP settings in the settings-form pattern', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/emails/smtp', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...SMTP, host: 'mail.local' });
      }),
    );
    const { user } = await openEmails();
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.clear(screen.getByLabelText('Servidor SMTP'));
    await user.type(screen.getByLabelText('Servidor SMTP'), 'mail.local');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(sent).toEqual({
      host: 'mail.local',
      port: 587,
      user: 'balcao',
      password: '',
      sender: 'eventos@exemplo.com.br',
    });
    expect(screen.getByText('mail.local:587')).toBeInTheDocument();
  });
});
