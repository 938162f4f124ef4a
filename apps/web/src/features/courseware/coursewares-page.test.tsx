import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { watchPrintFrames } from '../../testing/print-frames';

const course = { id: 2, name: 'Formação em Coaching', serial: 1 };
const center = { id: 3, name: 'Núcleo Fortaleza', serial: 3 };

function courseware(serial: number) {
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    serial,
    course,
    center,
    subscription: null,
    prints: 0,
    status: 'ISSUED',
    completeSerial: '',
    dateCreated: '2025-01-02T13:04:05.000Z',
    dateUpdated: '2025-01-02T13:04:05.000Z',
  };
}

const rows = [courseware(1), courseware(2), courseware(3)];

/**
 * Each print call waits for the test to answer it, so progress can be seen between them. COURSEWARE
 * prints go to the printer 'Etiquetas' unless `printer` is null (nothing mapped).
 */
function servePrints(printer: string | null = 'Etiquetas') {
  const pending: { id: string; answer: (response: Response) => void }[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/prints/destination', ({ request }) =>
      new URL(request.url).searchParams.get('service') === 'COURSEWARE'
        ? HttpResponse.json({ printer })
        : HttpResponse.json({ error: 'invalid_request' }, { status: 400 }),
    ),
    http.get('/api/courses/select', () => HttpResponse.json({ data: [course] })),
    http.get('/api/centers/select', () => HttpResponse.json({ data: [center] })),
    http.get('/api/courses/2/coursewares/select', () =>
      HttpResponse.json({ data: rows, recordsTotal: 3, recordsFiltered: 3 }),
    ),
    http.post('/api/courses/2/coursewares/print', async ({ request }) => {
      const body = (await request.json()) as { id: string };
      bodies.push(body);
      return new Promise<Response>((answer) => pending.push({ id: body.id, answer }));
    }),
  );
  const printed = () => pending.map((call) => call.id);
  const answer = async (index: number, response: Response) => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(index));
    pending[index]!.answer(response);
  };
  return { printed, answer, bodies };
}

async function openCoursewares() {
  const rendered = await renderPage('COURSEWARES', { permissions: ['Courseware'] });
  await rendered.user.selectOptions(await screen.findByLabelText('Curso'), 'Formação em Coaching');
  const table = await screen.findByRole('table', { name: 'Apostilas' });
  await within(table).findByText('01-003-000001');
  return { ...rendered, table };
}

const job = () => HttpResponse.json({ jobId: 1, printer: 'Etiquetas' });

async function selectAll(user: UserEvent) {
  for (const serial of ['01-003-000001', '01-003-000002', '01-003-000003']) {
    await user.click(screen.getByRole('checkbox', { name: `Selecionar apostila ${serial}` }));
  }
}

describe('Apostilas', { timeout: 20_000 }, () => {
  it('asks for a selection, then prints one label per courseware with progress', async () => {
    const prints = servePrints();
    const { user, table } = await openCoursewares();
    expect(within(table).getAllByText('Emitido')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas' }));
    expect(
      await screen.findByText('Nenhuma apostila foi selecionada para imprimir etiqueta'),
    ).toBeInTheDocument();
    // 'OK' has the focus: Enter closes the notice.
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await selectAll(user);
    await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (3)' }));
    expect(await screen.findByText('Imprimindo - 0/3')).toBeInTheDocument();
    await prints.answer(0, job());
    expect(await screen.findByText('Imprimindo - 1/3')).toBeInTheDocument();
    await prints.answer(1, job());
    expect(await screen.findByText('Imprimindo - 2/3')).toBeInTheDocument();
    await prints.answer(2, job());
    // Queued is not printed: the printer's agent may not be running.
    expect(
      await screen.findByText('Etiquetas na fila da impressora Etiquetas.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Etiquetas impressas corretamente.')).not.toBeInTheDocument();
    expect(prints.printed()).toEqual(rows.map((row) => row.id));
  });

  it('with no printer mapped, prints the whole batch as one PDF, in this tab, once', async () => {
    const prints = servePrints(null);
    const opened = vi.spyOn(window, 'open');
    server.use(
      http.get('/api/prints/files/selos-1.pdf', () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.4 selos').buffer, {
          headers: { 'content-type': 'application/pdf' },
        }),
      ),
    );
    const printedFrames = watchPrintFrames();
    const { user } = await openCoursewares();
    await selectAll(user);
    await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (3)' }));

    await prints.answer(0, HttpResponse.json({ filename: 'selos-1.pdf' }));

    expect(await screen.findByText('Etiquetas impressas corretamente.')).toBeInTheDocument();
    expect(prints.bodies).toEqual([{ ids: rows.map((row) => row.id) }]);
    await waitFor(() => expect(printedFrames()).toHaveLength(1));
    expect(await printedFrames()[0]?.text()).toBe('%PDF-1.4 selos');
    expect(opened).not.toHaveBeenCalled();
  });

  it('cancels between two labels', async () => {
    const prints = servePrints();
    const { user } = await openCoursewares();
    await selectAll(user);
    await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (3)' }));
    await prints.answer(0, job());
    expect(await screen.findByText('Imprimindo - 1/3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await prints.answer(1, job());
    await waitFor(() => expect(screen.queryByText(/Imprimindo - /)).not.toBeInTheDocument());
    expect(prints.printed()).toHaveLength(2);
    expect(screen.queryByText(/Etiquetas (impressas|na fila)/)).not.toBeInTheDocument();
  });

  it('stops at the first failure and shows it without the generic dialog', async () => {
    const prints = servePrints();
    const { user } = await openCoursewares();
    await selectAll(user);
    await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (3)' }));
    await prints.answer(0, job());
    await prints.answer(
      1,
      HttpResponse.json(
        { error: 'conflict', error_description: 'Apostila cancelada não pode ser impressa.' },
        { status: 409 },
      ),
    );
    expect(
      await screen.findByText('Apostila cancelada não pode ser impressa.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Erro!')).toBeInTheDocument();
    expect(screen.queryByText('Ocorreu um erro')).not.toBeInTheDocument();
    expect(prints.printed()).toHaveLength(2);
  });

  it("creates by 'Quantidade' (1 to 100, default 10) for a center", async () => {
    servePrints();
    const inserted: string[] = [];
    server.use(
      http.post('/api/courses/2/coursewares/insert', async ({ request }) => {
        inserted.push(decodeURIComponent(await request.text()));
        return HttpResponse.json({ data: [courseware(4)] });
      }),
    );
    const { user } = await openCoursewares();
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByLabelText('Quantidade');
    expect(quantity).toHaveValue('10');
    await user.clear(quantity);
    await user.type(quantity, '101');
    await user.selectOptions(within(dialog).getByLabelText('Núcleo'), 'Núcleo Fortaleza');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Escolha um valor de 1 a 100');
    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(inserted).toEqual(['data[0][quantity]=25&data[0][center][id]=3']));
  });
});
