import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto, signedInSession } from '../../testing/fixtures';
import type { Permission } from '@balcao/contract';

const congresso = eventDto({ id: 1, name: 'Congresso Nacional 2025' });
const encontro = eventDto({ id: 2, name: 'Encontro Regional 2026', selected: false });

/** A server holding two events, the first selected; counts the selected-event lookups. */
function twoEvents() {
  let selectedId = 1;
  let lookups = 0;
  const posted: unknown[] = [];
  const events = () => [congresso, encontro].map((e) => ({ ...e, selected: e.id === selectedId }));
  server.use(
    http.get('/api/events/list', () => HttpResponse.json({ data: events() })),
    http.get('/api/events/selected', () => {
      lookups += 1;
      return HttpResponse.json(events().find((e) => e.selected));
    }),
    http.post('/api/events/select', async ({ request }) => {
      const body = (await request.json()) as { id: number };
      posted.push(body);
      selectedId = body.id;
      return HttpResponse.json(events().find((e) => e.selected));
    }),
  );
  return { posted, lookups: () => lookups };
}

function renderAs(permissions: Permission[]) {
  return renderWithProviders(<App />, {
    preloadedState: { session: signedInSession({ permissions, adminPage: null }) },
  });
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('choosing the event', () => {
  it("marks the selected event on Eventos and selects another with 'Selecionar'", async () => {
    const { posted } = twoEvents();
    const { user } = renderAs(['Event']);
    await user.click(screen.getByRole('button', { name: 'Eventos' }));
    const table = await screen.findByRole('table', { name: 'Eventos' });
    await within(table).findByRole('cell', { name: 'Encontro Regional 2026' });

    const first = rowOf(table, 'Congresso Nacional 2025');
    expect(within(first).getByText('Selecionado')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Selecionar' })).not.toBeInTheDocument();

    // It moves every desk: the top bar's confirmation asks first; 'Voltar' leaves it alone.
    const select = () =>
      user.click(
        within(rowOf(table, 'Encontro Regional 2026')).getByRole('button', { name: 'Selecionar' }),
      );
    await select();
    let dialog = await screen.findByRole('dialog', { name: 'Trocar evento' });
    expect(dialog).toHaveTextContent(
      'Todos os balcões e relatórios passam para o evento Encontro Regional 2026.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([]);
    expect(within(first).getByText('Selecionado')).toBeInTheDocument();

    await select();
    dialog = await screen.findByRole('dialog', { name: 'Trocar evento' });
    await user.click(within(dialog).getByRole('button', { name: 'Trocar evento' }));

    await waitFor(() => expect(posted).toEqual([{ id: 2 }]));
    const reloaded = await screen.findByRole('table', { name: 'Eventos' });
    await waitFor(() =>
      expect(
        within(rowOf(reloaded, 'Encontro Regional 2026')).getByText('Selecionado'),
      ).toBeInTheDocument(),
    );
    expect(
      within(rowOf(reloaded, 'Congresso Nacional 2025')).getByRole('button', {
        name: 'Selecionar',
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Evento')).toHaveValue('2');
  });

  it("switches from the top bar's 'Evento' and reloads the open page for the new event", async () => {
    const { posted, lookups } = twoEvents();
    const { user, store } = renderAs(['Event', 'ImportParticipants']);
    await user.click(screen.getByRole('button', { name: 'Importar Participantes' }));
    await screen.findByRole('heading', { name: 'Importar Participantes' });
    const select = screen.getByLabelText('Evento', { selector: '#topbar-event' });
    await waitFor(() => expect(select).toHaveValue('1'));
    const before = lookups();

    // Every desk moves with it: a confirmation naming the event first; Escape leaves it alone.
    await user.selectOptions(select, 'Encontro Regional 2026');
    let dialog = await screen.findByRole('dialog', { name: 'Trocar evento' });
    expect(dialog).toHaveTextContent(
      'Todos os balcões e relatórios passam para o evento Encontro Regional 2026.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([]);
    expect(select).toHaveValue('1');

    await user.selectOptions(select, 'Encontro Regional 2026');
    dialog = await screen.findByRole('dialog', { name: 'Trocar evento' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Trocar evento' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');

    await waitFor(() => expect(store.getState().events.selected?.id).toBe(2));
    expect(posted).toEqual([{ id: 2 }]);
    await screen.findByRole('heading', { name: 'Importar Participantes' });
    await waitFor(() => expect(lookups()).toBe(before + 1));
    expect(select).toHaveValue('2');
  });

  it('shows the event as text, without a switch, to a desk that may not select events', async () => {
    twoEvents();
    const { user } = renderAs(['Subscription']);
    await user.click(screen.getByRole('button', { name: 'Configurar webcam' }));
    expect(await screen.findByTitle('Evento selecionado')).toHaveTextContent(
      'Congresso Nacional 2025',
    );
    expect(screen.queryByRole('combobox', { name: 'Evento' })).not.toBeInTheDocument();
  });
});
