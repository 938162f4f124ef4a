import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NOT_REGISTERED_MESSAGE, withCheckDigits } from '@balcao/contract';
import { personPause, renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto } from '../../testing/fixtures';

const CODE = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const NEW_CODE = '7a2d3c4b-5e6f-4a71-8b8c-0d1e2f3a4b5c';
const event = eventDto({ id: 1, name: 'Congresso Nacional 2025' });

function courseware(status: string) {
  return {
    id: CODE,
    serial: 42,
    course: { id: 2, serial: 1, name: 'Formação' },
    center: { id: 3, serial: 3, name: 'Núcleo Fortaleza' },
    subscription: null,
    prints: 1,
    status,
    completeSerial: '01-003-000042',
    dateCreated: '2025-01-02T13:04:05.000Z',
    dateUpdated: '2025-01-02T13:04:05.000Z',
  };
}

describe('Devolução de Apostilas', { timeout: 20_000 }, () => {
  it('looks the code up at 36 characters and returns a printed courseware', async () => {
    const lookups: string[] = [];
    const returned: string[] = [];
    server.use(
      http.get('/api/coursewares/:id', ({ params }) => {
        lookups.push(String(params.id));
        return HttpResponse.json(courseware('PRINTED'));
      }),
      http.post('/api/courseware/return/:id', ({ params }) => {
        returned.push(String(params.id));
        return HttpResponse.json(courseware('RETURNED'));
      }),
    );
    const { user } = await renderPage('RETURN_COURSEWARE', { permissions: ['ReturnCourseware'] });
    const field = await screen.findByLabelText('Código da apostila');
    await user.type(field, CODE.slice(0, 35));
    expect(lookups).toEqual([]);
    await user.type(field, CODE.slice(35));
    await waitFor(() => expect(lookups).toEqual([CODE]));
    expect(await screen.findByText('01-003-000042')).toBeInTheDocument();
    expect(screen.getByText('Impresso')).toBeInTheDocument();
    const giveBack = screen.getByRole('button', { name: 'Devolver' });
    await waitFor(() => expect(giveBack).toHaveFocus());
    await personPause();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Apostila 01-003-000042 devolvida.')).toBeInTheDocument();
    expect(returned).toEqual([CODE]);
    expect(screen.getByText('Devolvido')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Devolver' })).not.toBeInTheDocument();
  });

  it('looks a typed series up on Enter and shows a refusal in the panel, not a dialog', async () => {
    const lookups: string[] = [];
    server.use(
      http.get('/api/coursewares/:id', ({ params }) => {
        lookups.push(String(params.id));
        return params.id === '01003000042'
          ? HttpResponse.json(courseware('ASSOCIATED'))
          : HttpResponse.json(
              { error: 'not_found', error_description: 'Apostila não encontrada.' },
              { status: 404 },
            );
      }),
    );
    const { user } = await renderPage('RETURN_COURSEWARE', { permissions: ['ReturnCourseware'] });
    const field = await screen.findByLabelText('Código da apostila');
    await user.type(field, '01-003-999999{Enter}');
    expect(await screen.findByText('Apostila não encontrada.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());

    await user.keyboard('01003000042{Enter}'); // a scan replaces the selected code
    expect(await screen.findByText('Associado')).toBeInTheDocument();
    expect(lookups).toEqual(['01-003-999999', '01003000042']);
    expect(screen.queryByText('Apostila não encontrada.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Devolver' })).not.toBeInTheDocument();
  });
});

describe('Troca de Apostila', { timeout: 20_000 }, () => {
  const cpf = withCheckDigits('529982247');
  function serveExchange(exchanged: unknown[]) {
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/subscriptions/participant/check', ({ request }) => {
        if (new URL(request.url).searchParams.get('cpf') !== cpf) {
          return HttpResponse.json(
            { error: 'not_found', error_description: NOT_REGISTERED_MESSAGE },
            { status: 404 },
          );
        }
        return HttpResponse.json({
          status: 'REGISTERED',
          participant: {
            id: 8,
            cpf,
            name: 'Ana Souza',
            coursewareId: CODE,
            coursewareSerial: '01-003-000042',
            status: 'OK',
          },
          event: { id: 1, name: event.name, linkCourseware: true },
        });
      }),
      http.post('/api/subscriptions/courseware/exchange', async ({ request }) => {
        exchanged.push(await request.json());
        return HttpResponse.json({ id: 8, cpf, coursewareId: NEW_CODE });
      }),
    );
  }

  it("refuses a current courseware that is not the participant's, then exchanges", async () => {
    const exchanged: unknown[] = [];
    serveExchange(exchanged);
    const { user } = await renderPage('CHANGE_COURSEWARE', { permissions: ['ChangeCourseware'] });
    expect(
      await within(screen.getByRole('main')).findByText('Congresso Nacional 2025'),
    ).toBeInTheDocument();
    const cpfField = screen.getByLabelText('CPF do participante');
    await user.type(cpfField, `${cpf}{Enter}`);
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    const current = screen.getByLabelText('Apostila atual');
    await waitFor(() => expect(current).toHaveFocus());

    // Another courseware's series: refused in the panel, the cursor stays for the next scan.
    await user.type(current, '01-003-000041{Enter}');
    expect(
      await screen.findByText('A apostila atual não confere com a do participante.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(current).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled();

    // Their own series typed without dashes is accepted, as the QR's id would be.
    await user.clear(current);
    await user.type(current, '01003000042{Enter}');
    const next = screen.getByLabelText('Nova apostila');
    await waitFor(() => expect(next).toHaveFocus());
    expect(
      screen.queryByText('A apostila atual não confere com a do participante.'),
    ).not.toBeInTheDocument();
    await user.type(next, '01-003-000043{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar' })).toHaveFocus());
    await personPause();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Apostila trocada.')).toBeInTheDocument();
    expect(exchanged).toEqual([
      {
        participantId: 8,
        eventId: 1,
        currentCoursewareId: '01003000042',
        newCoursewareId: '01-003-000043',
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(cpfField).toHaveFocus());
    expect(cpfField).toHaveValue('');
    expect(current).toHaveValue('');
  });

  it('still takes the QR id, auto-confirming the current one at 36 characters', async () => {
    const exchanged: unknown[] = [];
    serveExchange(exchanged);
    const { user } = await renderPage('CHANGE_COURSEWARE', { permissions: ['ChangeCourseware'] });
    await user.type(await screen.findByLabelText('CPF do participante'), `${cpf}{Enter}`);
    await user.type(await screen.findByLabelText('Apostila atual'), CODE);
    const next = screen.getByLabelText('Nova apostila');
    await waitFor(() => expect(next).toHaveFocus());
    await user.type(next, `${NEW_CODE}{Enter}`);
    await personPause();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Apostila trocada.')).toBeInTheDocument();
    expect(exchanged).toEqual([
      { participantId: 8, eventId: 1, currentCoursewareId: CODE, newCoursewareId: NEW_CODE },
    ]);
  });

  it("says 'CPF inválido' in the panel and keeps the cursor on the CPF", async () => {
    serveExchange([]);
    const { user } = await renderPage('CHANGE_COURSEWARE', { permissions: ['ChangeCourseware'] });
    const cpfField = await screen.findByLabelText('CPF do participante');
    await user.type(cpfField, '11111111112{Enter}');
    expect(await within(screen.getByRole('status')).findByText('CPF inválido')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(cpfField).toHaveFocus());
  });

  it("shows the server's refusal in the status panel, not in a dialog", async () => {
    serveExchange([]);
    server.use(
      http.post('/api/subscriptions/courseware/exchange', () =>
        HttpResponse.json(
          { error: 'conflict', error_description: 'Apostila já associada a outro participante.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderPage('CHANGE_COURSEWARE', { permissions: ['ChangeCourseware'] });
    await user.type(await screen.findByLabelText('CPF do participante'), `${cpf}{Enter}`);
    await user.type(await screen.findByLabelText('Apostila atual'), CODE);
    await user.type(screen.getByLabelText('Nova apostila'), `${NEW_CODE}{Enter}`);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(
      within(screen.getByRole('status')).getByText('Apostila já associada a outro participante.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nova apostila')).toHaveFocus());
  });
});
