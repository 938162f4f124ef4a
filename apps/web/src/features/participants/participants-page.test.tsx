import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { withCheckDigits } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto } from '../../testing/fixtures';

const event = eventDto({ id: 1, name: 'Congresso Nacional 2025' });
const other = eventDto({ id: 2, name: 'Imersão 2026', selected: false });

function row(id: number, overrides: Record<string, unknown>) {
  return {
    id,
    eventId: 1,
    cpf: withCheckDigits(String(200000000 + id)),
    name: `Participante ${id}`,
    usualName: null,
    email: null,
    pacote: 'Básico',
    status: 'OK',
    center: { id: 3, name: 'Núcleo Recife' },
    badge: false,
    coursewareId: null,
    badgePrintCount: 0,
    dateCreated: '2025-01-02T13:04:05.000Z',
    dateUpdated: '2025-01-02T13:04:05.000Z',
    ...overrides,
  };
}

describe('Gerenciar Participantes', { timeout: 20_000 }, () => {
  it('shows the chosen event, its confirmed x/y, badge prints and column badges', async () => {
    const asked: string[] = [];
    const inserted: string[] = [];
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event, other] })),
      http.get('/api/centers/select', () =>
        HttpResponse.json({ data: [{ id: 3, name: 'Núcleo Recife' }] }),
      ),
      http.get('/api/events/:eventId/participants/select', ({ params, request }) => {
        asked.push(`${String(params.eventId)}?${new URL(request.url).searchParams}`);
        return HttpResponse.json({
          data: [
            row(1, { status: 'OK', badge: true, coursewareId: 'c'.repeat(36), badgePrintCount: 3 }),
            row(2, { status: 'PAYMENT_ERROR' }),
            row(3, { status: 'FREE', badgePrintCount: 1 }),
          ],
          recordsTotal: 3,
          recordsFiltered: 3,
          confirmed: 1,
          badgePrints: 4,
        });
      }),
      http.post('/api/events/1/participants/insert', async ({ request }) => {
        inserted.push(decodeURIComponent(await request.text()));
        return HttpResponse.json({ data: [row(4, { name: 'Nova Pessoa' })] });
      }),
    );
    const { user } = await renderPage('PARTICIPANTS', { permissions: ['Participant'] });
    expect(
      await screen.findByRole('heading', { name: 'Participantes de Congresso Nacional 2025' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Participantes' });
    await within(table).findByText('Participante 1');
    expect(asked[0]).toBe('1?start=0&length=100&sort=cpf&dir=asc');
    expect(screen.getByLabelText('Confirmados')).toHaveTextContent('1/3');
    expect(screen.getByLabelText('Crachás solicitados')).toHaveTextContent('4');

    const first = within(table).getByText('Participante 1').closest('tr')!;
    expect(within(first).getByText('PAGO')).toBeInTheDocument();
    expect(within(first).getByText('CONFIRMADO')).toBeInTheDocument();
    expect(within(first).getByText('VINCULADO')).toBeInTheDocument();
    const second = within(table).getByText('Participante 2').closest('tr')!;
    expect(within(second).getByText('PENDENTE')).toBeInTheDocument();
    expect(within(second).getByText('A CONFIRMAR')).toBeInTheDocument();
    expect(within(second).queryByText('VINCULADO')).not.toBeInTheDocument();
    expect(within(table).getByText('GRATUIDADE')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('CPF'), '111.111.111-11');
    await user.type(within(dialog).getByLabelText('Nome'), 'Nova Pessoa');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('CPF inválido');
    await user.clear(within(dialog).getByLabelText('CPF'));
    await user.type(within(dialog).getByLabelText('CPF'), withCheckDigits('529982247'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(inserted).toHaveLength(1));
    expect(inserted[0]).toContain('data[0][cpf]=52998224725');
    expect(inserted[0]).toContain('data[0][status]=OK');

    await user.selectOptions(screen.getByLabelText('Evento'), 'Nenhum');
    expect(screen.queryByRole('table', { name: 'Participantes' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Evento'), 'Imersão 2026');
    expect(
      await screen.findByRole('heading', { name: 'Participantes de Imersão 2026' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)).toMatch(/^2\?start=0/));
  });

  it("shows the server's refusal of a bad e-mail or phone beside the field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.post('/api/events/1/participants/insert', () =>
        HttpResponse.json(
          {
            error: 'invalid_request',
            error_description: 'E-mail inválido: use o formato nome@dominio.com.br.',
            fieldErrors: [
              { name: 'email', status: 'E-mail inválido: use o formato nome@dominio.com.br.' },
              {
                name: 'telefone',
                status: 'Telefone inválido: informe DDD e número, como (85) 99999-0000.',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderPage('PARTICIPANTS', { permissions: ['Participant'] });
    await screen.findByRole('table', { name: 'Participantes' });
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('CPF'), withCheckDigits('529982247'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Nova Pessoa');
    await user.type(within(dialog).getByLabelText('E-mail'), 'nova@exemplo');
    await user.type(within(dialog).getByLabelText('Telefone'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(dialog).findByLabelText('E-mail')).toHaveAccessibleDescription(
      'E-mail inválido: use o formato nome@dominio.com.br.',
    );
    expect(within(dialog).getByLabelText('Telefone')).toHaveAccessibleDescription(
      'Telefone inválido: informe DDD e número, como (85) 99999-0000.',
    );
    expect(screen.queryByText('Registro salvo.')).not.toBeInTheDocument();
  });

  it("sends the selected participant's pass and shows each recipient's result", async () => {
    const bodies: unknown[] = [];
    const recipient = {
      id: 1,
      name: 'Participante 1',
      email: 'p1@exemplo.com.br',
      status: 'ENVIADO',
      error: null,
      sentAt: '2025-01-02T13:04:05.000Z',
    };
    const sending = {
      id: 5,
      eventId: 1,
      subject: 'Seu ingresso: {evento}',
      createdAt: '2025-01-02T13:04:05.000Z',
      total: 1,
      sent: 1,
      failed: 0,
      pending: 0,
      done: true,
      recipients: [recipient],
      withoutEmail: 0,
      unpaid: 0,
    };
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.get('/api/centers/select', () => HttpResponse.json({ data: [] })),
      http.get('/api/events/:eventId/participants/select', () =>
        HttpResponse.json({
          data: [row(1, { email: 'p1@exemplo.com.br' }), row(2, { status: 'PAYMENT_ERROR' })],
          recordsTotal: 2,
          recordsFiltered: 2,
          confirmed: 0,
          badgePrints: 0,
        }),
      ),
      http.post('/api/passes/envios', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(sending);
      }),
    );
    const { user } = await renderPage('PARTICIPANTS', { permissions: ['Participant'] });
    const table = await screen.findByRole('table', { name: 'Participantes' });
    await user.click(await within(table).findByText('Participante 1'));
    await user.click(screen.getByRole('button', { name: 'Enviar ingressos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar ingressos' });
    expect(
      within(dialog).getByLabelText('Somente o participante selecionado (Participante 1)'),
    ).toBeChecked();
    await user.click(within(dialog).getByLabelText('Enviar também a quem não está em dia'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(/Envio concluído - 1\/1/)).toBeInTheDocument();
    expect(within(dialog).getByText('p1@exemplo.com.br')).toBeInTheDocument();
    expect(bodies).toEqual([{ participantIds: [1], includeUnpaid: true, eventId: 1 }]);
  });
});
