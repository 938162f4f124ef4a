import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  NOT_REGISTERED_MESSAGE,
  PASS_PROBLEM_MESSAGES,
  PENDING_MESSAGE,
  accreditationStatus,
  silentPrinterText,
  withCheckDigits,
  type MappedPrinterStatus,
  type ParticipantDto,
  type PrintJob,
} from '@balcao/contract';
import { App } from '../../App';
import { personPause, renderPage, renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto, signedInSession } from '../../testing/fixtures';
import { formatDateTime } from '../../ui/formats';

const event = eventDto({ id: 1, name: 'Congresso Nacional 2025', linkCourseware: true });
const CODE = '0b7c6a52-3d1e-4c55-9a8e-1f2d3c4b5a69';
const SERIES = '01-007-000042';

function participant(id: number, overrides: Partial<ParticipantDto> = {}): ParticipantDto {
  const held = overrides.coursewareId === undefined ? CODE : overrides.coursewareId;
  return {
    id,
    eventId: 1,
    cpf: withCheckDigits(String(100000000 + id * 1111)),
    name: `Maria Aparecida ${id}`,
    usualName: null,
    email: `maria${id}@exemplo.com.br`,
    telefone: null,
    pacote: 'VIP',
    consultor: null,
    status: 'OK',
    statusOriginal: '1',
    center: { id: 7, name: 'Núcleo Fortaleza' },
    business: null,
    badge: false,
    coursewareId: CODE,
    coursewareSerial: held === null ? null : SERIES,
    badgePrintCount: 0,
    accreditedAt: null,
    dateCreated: '2025-01-02T13:04:05.000Z',
    dateUpdated: '2025-01-02T13:04:05.000Z',
    ...overrides,
  };
}

/** The server's participants of the selected event, by CPF; answers as the contract says. */
function serveDesk(people: ParticipantDto[]) {
  const byCpf = new Map(people.map((p) => [p.cpf, p]));
  const calls = {
    checks: [] as string[],
    prints: [] as unknown[],
    links: [] as unknown[],
    /** The queued badge's job, as GET /api/prints/jobs/9 answers it (the agent takes it at once). */
    job: { status: 'done' as PrintJob['status'], error: null as string | null },
  };
  server.use(
    http.get('/api/prints/jobs/9', () =>
      HttpResponse.json<Partial<PrintJob>>({
        id: 9,
        printer: { id: 1, name: 'Balcão 1' },
        ...calls.job,
      }),
    ),
    http.get('/api/events/selected', () => HttpResponse.json(event)),
    http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
    http.get('/api/subscriptions/participant/check', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const cpf = params.get('cpf') ?? '';
      // The re-check after a link goes by id: the answer's CPF may be masked (issue #17).
      const id = params.get('participantId');
      calls.checks.push(`${id === null ? cpf : `#${id}`}@${params.get('eventId')}`);
      const found =
        id === null ? byCpf.get(cpf) : [...byCpf.values()].find((p) => String(p.id) === id);
      if (!found) {
        return HttpResponse.json(
          { error: 'not_found', error_description: NOT_REGISTERED_MESSAGE },
          { status: 404 },
        );
      }
      return HttpResponse.json({
        status: accreditationStatus(found, event),
        participant: found,
        event: { id: event.id, name: event.name, linkCourseware: event.linkCourseware },
      });
    }),
    http.post('/api/subscriptions/badge/print', async ({ request }) => {
      const body = (await request.json()) as { participantId: number };
      calls.prints.push(body);
      const found = people.find((p) => p.id === body.participantId)!;
      byCpf.set(found.cpf, { ...found, badge: true, badgePrintCount: found.badgePrintCount + 1 });
      return HttpResponse.json({ jobId: 9, printer: 'Balcão 1' });
    }),
    http.post('/api/subscriptions/courseware/link', async ({ request }) => {
      const body = (await request.json()) as { participantId: number; coursewareId: string };
      calls.links.push(body);
      const found = people.find((p) => p.id === body.participantId)!;
      const linked = { ...found, coursewareId: body.coursewareId };
      byCpf.set(found.cpf, linked);
      return HttpResponse.json(linked);
    }),
  );
  return calls;
}

function openDesk(page: 'SUBSCRIPTION' | 'PARTICIPANTS_LIMITED' = 'SUBSCRIPTION') {
  return renderPage(page, { permissions: ['Subscription'] });
}

const cpfField = () => screen.getByLabelText('CPF');

describe('Credenciamento', { timeout: 20_000 }, () => {
  it('shows the selected event and runs a badge-less participant by keyboard only', async () => {
    const maria = participant(1);
    const calls = serveDesk([maria]);
    const { user } = await openDesk();
    expect(
      await within(screen.getByRole('main')).findByText('Congresso Nacional 2025'),
    ).toBeInTheDocument();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Verificar' })).toBeDisabled();

    // A USB barcode scanner types the CPF, then Enter.
    await user.keyboard(`${maria.cpf}{Enter}`);
    const print = await screen.findByRole('button', { name: 'Imprimir crachá' });
    await waitFor(() => expect(print).toHaveFocus());
    expect(calls.checks).toEqual([`${maria.cpf}@1`]);
    expect(screen.getByText('Participante sem crachá. Imprima o crachá.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome no crachá')).toHaveValue('Maria');
    // People read the printed series, never the QR's id.
    expect(screen.getByLabelText('Participante')).toHaveTextContent(SERIES);
    expect(screen.getByLabelText('Participante')).not.toHaveTextContent(CODE);

    await personPause();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cpfField()).toHaveFocus());
    expect(calls.prints).toEqual([{ usualName: 'Maria', participantId: 1, eventId: 1 }]);
    expect(cpfField()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Imprimir crachá' })).not.toBeInTheDocument();
    // Queued for 'Balcão 1': printed once its agent takes the job, not before.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Crachá na fila da impressora Balcão 1: Maria',
    );
    await waitFor(
      () => expect(screen.getByRole('status')).toHaveTextContent('Crachá impresso: Maria'),
      { timeout: 5_000 },
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('impressão)');
  });

  it("never says 'Crachá impresso' while the printer's agent has not taken the badge", async () => {
    const celia = participant(3, { name: 'Célia Duarte' });
    const calls = serveDesk([celia]);
    calls.job = { status: 'queued', error: null };
    const jobChecks: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/prints/jobs/9')) jobChecks.push(request.url);
    });
    // The badge printer's agent never asked for work.
    server.use(
      http.get('/api/prints/status', () =>
        HttpResponse.json<{ printers: MappedPrinterStatus[] }>({
          printers: [{ name: 'Balcão 1', services: ['BADGE'], agentSeenAt: null, silent: true }],
        }),
      ),
    );
    // The shell warns under its top bar too: the whole App.
    const { user } = renderWithProviders(<App />, {
      preloadedState: {
        session: signedInSession({ permissions: ['Subscription'], adminPage: null }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Credenciamento' }));
    const warning = silentPrinterText('Balcão 1');
    // Under the top bar and on the desk.
    await waitFor(() => expect(screen.getAllByText(warning)).toHaveLength(2));
    await waitFor(() => expect(cpfField()).toHaveFocus());
    await user.keyboard(`${celia.cpf}{Enter}`);
    await screen.findByRole('button', { name: 'Imprimir crachá' });
    await personPause();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('status');
    await waitFor(() =>
      expect(panel).toHaveTextContent('Crachá na fila da impressora Balcão 1: Célia'),
    );
    await waitFor(() => expect(jobChecks.length).toBeGreaterThanOrEqual(2), { timeout: 6_000 });
    expect(panel).not.toHaveTextContent('Crachá impresso');

    // The job fails at the printer: the panel says why.
    calls.job = { status: 'failed', error: 'lp: impressora sem papel' };
    await waitFor(
      () =>
        expect(panel).toHaveTextContent(
          'Crachá não impresso na impressora Balcão 1: lp: impressora sem papel.',
        ),
      { timeout: 5_000 },
    );
    server.events.removeAllListeners();
  });

  it('sends a courseware-less participant to the link field, links by Enter, then to printing', async () => {
    const joao = participant(2, { coursewareId: null, name: 'João Batista' });
    const calls = serveDesk([joao]);
    const { user } = await openDesk();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    await user.keyboard(`${joao.cpf}{Enter}`);
    const code = await screen.findByLabelText('Código da apostila');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('maxlength', '36');
    // The badge waits for the courseware.
    expect(screen.getByRole('button', { name: 'Imprimir crachá' })).toBeDisabled();
    expect(screen.getByText('Vincule a apostila antes de imprimir o crachá.')).toBeInTheDocument();

    await user.keyboard(`${CODE}{Enter}`);
    const print = await screen.findByRole('button', { name: 'Imprimir crachá' });
    await waitFor(() => expect(print).toHaveFocus());
    expect(calls.links).toEqual([{ participantId: 2, eventId: 1, coursewareId: CODE }]);
    expect(calls.checks).toEqual([`${joao.cpf}@1`, `#${joao.id}@1`]); // re-checked by id
    expect(screen.queryByLabelText('Código da apostila')).not.toBeInTheDocument();
    expect(print).toBeEnabled();
    expect(screen.queryByText('Vincule a apostila antes de imprimir o crachá.')).toBeNull();
  });

  it('keeps the cursor on the CPF for registered, pending and unknown participants', async () => {
    const done = participant(3, { badge: true, badgePrintCount: 2 });
    const pending = participant(4, { status: 'PAYMENT_ERROR' });
    const unknown = withCheckDigits('987654321');
    serveDesk([done, pending]);
    const { user } = await openDesk();
    await waitFor(() => expect(cpfField()).toHaveFocus());

    await user.keyboard(`${done.cpf}{Enter}`);
    expect(await screen.findByText('Participante credenciado.')).toBeInTheDocument();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    // A reprint stays possible.
    expect(screen.getByRole('button', { name: 'Imprimir crachá' })).toBeEnabled();

    await user.clear(cpfField());
    await user.keyboard(`${pending.cpf}{Enter}`);
    expect(await screen.findByText(PENDING_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Imprimir crachá' })).toBeDisabled();

    await user.keyboard(`{Escape}${unknown}{Enter}`);
    expect(await screen.findByText(NOT_REGISTERED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    expect(cpfField()).toHaveValue('');
    expect(screen.queryByText('Ocorreu um erro')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Participante')).not.toBeInTheDocument();
  });

  it('verifies a CPF read by the camera', async () => {
    const maria = participant(5);
    const calls = serveDesk([maria]);
    const { user } = await openDesk();
    await user.click(await screen.findByRole('button', { name: 'Ler QR Code' }));
    await user.type(await screen.findByLabelText('Imagem da câmera'), `${maria.cpf}{Enter}`);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Imprimir crachá' })).toHaveFocus(),
    );
    expect(calls.checks).toEqual([`${maria.cpf}@1`]);
    await user.click(screen.getByRole('button', { name: 'Fechar câmera' }));
    expect(screen.queryByLabelText('Imagem da câmera')).not.toBeInTheDocument();
  });

  it('says so when no event is selected', async () => {
    await openDesk();
    expect(
      await screen.findByText('Nenhum evento selecionado. Consulte os administradores.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('CPF')).not.toBeInTheDocument();
  });
});

describe('Credenciamento status panel', { timeout: 20_000 }, () => {
  const noDialog = () => expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  it("shows 'CPF inválido' and a refused link in the panel, with the cursor where the next scan goes", async () => {
    const joao = participant(11, { coursewareId: null, name: 'João Batista' });
    serveDesk([joao]);
    server.use(
      http.post('/api/subscriptions/courseware/link', () =>
        HttpResponse.json(
          { error: 'conflict', error_description: 'Esta apostila é de outro curso.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openDesk();
    await waitFor(() => expect(cpfField()).toHaveFocus());

    await user.keyboard('11111111112{Enter}');
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
    noDialog();
    await waitFor(() => expect(cpfField()).toHaveFocus());

    // The next scan replaces the bad CPF and clears the panel.
    await user.keyboard(`${joao.cpf}{Enter}`);
    const code = await screen.findByLabelText('Código da apostila');
    expect(screen.queryByText('CPF inválido')).not.toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
    await user.keyboard('01-002-000009{Enter}');
    expect(await screen.findByText('Esta apostila é de outro curso.')).toBeInTheDocument();
    noDialog();
    await waitFor(() => expect(code).toHaveFocus());
  });

  it('says which badge printed with its reprint count, and refuses a name over 15 characters', async () => {
    const ana = participant(12, { name: 'Ana Lúcia', badge: true, badgePrintCount: 1 });
    const calls = serveDesk([ana]);
    const { user } = await openDesk();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    await user.keyboard(`${ana.cpf}{Enter}`);
    const name = await screen.findByLabelText('Nome no crachá');

    await user.clear(name);
    await user.type(name, 'Ana Lúcia Pereira');
    expect(name).toHaveValue('Ana Lúcia Pereira'); // not cut
    expect(screen.getByText('O nome do crachá deve ter no máximo 15 caracteres.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Imprimir crachá' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(calls.prints).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Ana Lúcia{Enter}');
    expect(
      await screen.findByText('Crachá impresso: Ana Lúcia (2ª impressão)', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    await user.keyboard(`${ana.cpf}{Enter}`);
    await waitFor(() => expect(screen.queryByText(/Crachá impresso/)).not.toBeInTheDocument());
  });

  it('an unexpected failure opens the error dialog; Enter closes it and the cursor is back on the CPF', async () => {
    serveDesk([]);
    server.use(
      http.get('/api/subscriptions/participant/check', () =>
        HttpResponse.json(
          { error: 'server_error', error_description: 'O banco de dados não respondeu.' },
          { status: 503 },
        ),
      ),
    );
    const { user } = await openDesk();
    await waitFor(() => expect(cpfField()).toHaveFocus());
    await user.keyboard(`${withCheckDigits('123456789')}{Enter}`);
    expect(await screen.findByRole('dialog')).toHaveTextContent('O banco de dados não respondeu.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus());
    await personPause();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cpfField()).toHaveFocus());
  });
});

describe('Participantes (limited)', { timeout: 20_000 }, () => {
  it("lists the event's participants and opens the desk with a CPF verified", async () => {
    const maria = participant(6);
    const pending = participant(7, { status: 'PAYMENT_ERROR', name: 'Pedro Pendente' });
    const done = participant(8, {
      name: 'Carla Credenciada',
      badge: true,
      badgePrintCount: 1,
      accreditedAt: '2025-03-10T12:34:56.000Z',
    });
    const calls = serveDesk([maria, pending]);
    server.use(
      http.get('/api/events/1/participants/select', () =>
        HttpResponse.json({ data: [maria, pending, done], recordsTotal: 3, recordsFiltered: 3 }),
      ),
    );
    const { user } = await openDesk('PARTICIPANTS_LIMITED');
    const table = await screen.findByRole('table', { name: 'Participantes' });
    const pendingRow = (await within(table).findByText('Pedro Pendente')).closest('tr')!;
    expect(within(pendingRow).getByText('PENDÊNCIA: CPF')).toBeInTheDocument();
    expect(within(pendingRow).queryByRole('button')).not.toBeInTheDocument();
    const mariaRow = within(table).getByText(maria.name).closest('tr')!;
    expect(mariaRow).toHaveTextContent('maria6@exemplo.com.br');
    expect(mariaRow).toHaveTextContent('Não credenciado');
    // Who is already accredited, and when (the desk's time zone: the test runs in UTC).
    const doneRow = within(table).getByText('Carla Credenciada').closest('tr')!;
    expect(doneRow).toHaveTextContent(formatDateTime('2025-03-10T12:34:56.000Z').slice(0, 16));
    expect(doneRow).not.toHaveTextContent('Não credenciado');

    await user.click(within(mariaRow).getByRole('button', { name: 'ir para credenciamento' }));
    expect(await screen.findByRole('heading', { name: 'Credenciamento' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Imprimir crachá' })).toHaveFocus(),
    );
    expect(calls.checks).toEqual([`${maria.cpf}@1`]);
  });

  it('finds the participant by a scanned pass, and says why a refused pass is refused', async () => {
    const maria = participant(3);
    const calls = serveDesk([maria]);
    const good = `BP1.1.3.1.${'A'.repeat(103)}`;
    const stale = `BP1.1.3.0.${'B'.repeat(103)}`;
    const passes: string[] = [];
    server.use(
      http.get('/api/subscriptions/participant/check', ({ request }) => {
        const pass = new URL(request.url).searchParams.get('pass');
        passes.push(pass ?? '');
        if (pass === good) {
          return HttpResponse.json({
            status: accreditationStatus(maria, event),
            participant: maria,
            event: { id: event.id, name: event.name, linkCourseware: event.linkCourseware },
          });
        }
        return HttpResponse.json(
          { error: 'invalid_request', error_description: PASS_PROBLEM_MESSAGES.reissued },
          { status: 400 },
        );
      }),
    );
    const { user } = await openDesk();
    await waitFor(() => expect(cpfField()).toHaveFocus());

    // A USB scanner types the QR's text into the CPF field, lower case or not, then Enter.
    await user.keyboard(`${good.toLowerCase()}{Enter}`);
    expect(await screen.findByText('Maria Aparecida 3')).toBeInTheDocument();
    expect(passes).toEqual([good]);
    expect(calls.checks).toEqual([]);

    await personPause();
    await user.clear(cpfField());
    await user.type(cpfField(), `${stale}{Enter}`);
    expect(await screen.findByText(PASS_PROBLEM_MESSAGES.reissued)).toBeInTheDocument();
    expect(screen.queryByText('CPF inválido.')).not.toBeInTheDocument();
    expect(screen.queryByText('Maria Aparecida 3')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(passes).toEqual([good, stale]);
  });

  it("shows 'Nenhum evento selecionado' without an event", async () => {
    await openDesk('PARTICIPANTS_LIMITED');
    expect(
      await within(screen.getByRole('main')).findByText('Nenhum evento selecionado'),
    ).toBeInTheDocument();
  });
});

describe(
  'Credenciamento under a USB scanner (keys then Enter, no pause)',
  { timeout: 20_000 },
  () => {
    it('selects a refused courseware code, so the next scan replaces it instead of appending', async () => {
      const joao = participant(21, { coursewareId: null, name: 'João Batista' });
      const calls = serveDesk([joao]);
      server.use(
        http.post('/api/subscriptions/courseware/link', async ({ request }) => {
          const body = (await request.json()) as { coursewareId: string };
          calls.links.push(body);
          return HttpResponse.json(
            {
              error: 'conflict',
              error_description: 'Esta apostila não pode ser vinculada. Situação: Associado.',
            },
            { status: 409 },
          );
        }),
      );
      const { user } = await openDesk();
      await waitFor(() => expect(cpfField()).toHaveFocus());
      await user.keyboard(`${joao.cpf}{Enter}`);
      const code = await screen.findByLabelText('Código da apostila');
      await waitFor(() => expect(code).toHaveFocus());

      await user.keyboard('01-001-000009{Enter}');
      await screen.findByText('Esta apostila não pode ser vinculada. Situação: Associado.');
      await waitFor(() => expect(code).toHaveFocus());
      await user.keyboard('01-001-000019{Enter}');
      await waitFor(() => expect(calls.links).toHaveLength(2));
      expect(calls.links.map((link) => (link as { coursewareId: string }).coursewareId)).toEqual([
        '01-001-000009',
        '01-001-000019',
      ]);
      expect(code).toHaveValue('01-001-000019');
    });

    it("sends a CPF scanned while 'Imprimir crachá' has the focus to the CPF field, printing nothing", async () => {
      const ana = participant(22, { name: 'Ana Lúcia' });
      const bruno = participant(23, { name: 'Bruno Costa' });
      const calls = serveDesk([ana, bruno]);
      const { user } = await openDesk();
      await waitFor(() => expect(cpfField()).toHaveFocus());
      await user.keyboard(`${ana.cpf}{Enter}`);
      const print = await screen.findByRole('button', { name: 'Imprimir crachá' });
      await waitFor(() => expect(print).toHaveFocus());

      await user.keyboard(`${bruno.cpf}{Enter}`);
      await waitFor(() => expect(calls.checks).toEqual([`${ana.cpf}@1`, `${bruno.cpf}@1`]));
      expect(await screen.findByText('Bruno Costa')).toBeInTheDocument();
      expect(calls.prints).toEqual([]);
    });
  },
);
