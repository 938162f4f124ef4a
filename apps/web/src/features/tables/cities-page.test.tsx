import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { pageRequested } from '../../app/navigation/slice';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const brasil = { id: 3, name: 'Brasil' };
const fortaleza = {
  id: 4,
  name: 'Fortaleza',
  country: brasil,
  dateCreated: '2025-01-02T13:04:05.000Z',
  dateUpdated: '2025-01-02T13:04:05.000Z',
};

function decoded(body: string): string {
  return decodeURIComponent(body.replace(/\+/g, ' '));
}

/** Opens Cidades, as its menu item does, with these countries and cities. */
async function openCities() {
  let countryLoads = 0;
  server.use(
    http.get('/api/countries/select', () => {
      countryLoads += 1;
      return HttpResponse.json({
        data: [
          { id: 1, name: 'Argentina' },
          { ...brasil, dateCreated: '', dateUpdated: '' },
        ],
      });
    }),
    http.get('/api/cities/select', () => HttpResponse.json({ data: [fortaleza] })),
  );
  const rendered = await renderPage('CITIES');
  const table = await screen.findByRole('table', { name: 'Cidades' });
  await within(table).findByRole('cell', { name: 'Fortaleza' });
  return { ...rendered, table, countryLoads: () => countryLoads };
}

describe('Cidades page', () => {
  // Table save failures are only logged (SPEC.md section 8): keep the test output quiet.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('loads the countries, lists the cities and creates a city with the form protocol', async () => {
    let posted: { body: string; type: string | null } | null = null;
    server.use(
      http.post('/api/cities/insert', async ({ request }) => {
        posted = { body: await request.text(), type: request.headers.get('Content-Type') };
        return HttpResponse.json({
          data: [{ ...fortaleza, id: 9, name: 'Rio de Janeiro' }],
        });
      }),
    );
    const { user, table, countryLoads, store } = await openCities();
    expect(countryLoads()).toBe(1);
    expect(screen.getByRole('heading', { name: 'Cidades' })).toBeInTheDocument();
    const row = within(table).getByRole('cell', { name: 'Fortaleza' }).closest('tr');
    expect(row).toHaveTextContent('Brasil');
    expect(row).toHaveTextContent('02/01/2025');
    expect(screen.getByText('Mostrando 1 até 1 de 1 registros')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo registro' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Rio de Janeiro');
    await user.selectOptions(within(dialog).getByLabelText('País'), 'Brasil');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(table).findByRole('cell', { name: 'Rio de Janeiro' })).toBeInTheDocument();
    expect(posted).not.toBeNull();
    expect(decoded(posted!.body)).toBe('data[0][name]=Rio de Janeiro&data[0][country][id]=3');
    expect(posted!.type).toContain('application/x-www-form-urlencoded');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Mostrando 1 até 2 de 2 registros')).toBeInTheDocument();
    expect(screen.getByText('Registro salvo.').closest('[role="status"]')).not.toBeNull();
    // The confirmation stays with its page: away and back, as the menu asks for pages.
    act(() => store.dispatch(pageRequested('COUNTRIES')));
    await screen.findByRole('table', { name: 'Países' });
    act(() => store.dispatch(pageRequested('CITIES')));
    await screen.findByRole('table', { name: 'Cidades' });
    expect(screen.queryByText('Registro salvo.')).not.toBeInTheDocument();
  });

  it("shows the server's fieldErrors in the editor, not in the error dialog", async () => {
    server.use(
      http.post('/api/cities/insert', () =>
        HttpResponse.json(
          {
            error: 'invalid_request',
            error_description: 'Já existe uma cidade com este nome neste país.',
            fieldErrors: [
              { name: 'name', status: 'Já existe uma cidade com este nome neste país.' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user, store } = await openCities();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo registro' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Fortaleza');
    await user.selectOptions(within(dialog).getByLabelText('País'), 'Brasil');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const name = within(dialog).getByLabelText('Nome');
    await waitFor(() => expect(name).toHaveClass('is-invalid'));
    expect(name).toHaveAccessibleDescription('Já existe uma cidade com este nome neste país.');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Ocorreu um erro' })).not.toBeInTheDocument();
    expect(store.getState().errors.description).toBeNull();
  });

  it('edits with data[{id}], and removes after the confirmation, showing a refusal in the editor', async () => {
    let updated = '';
    let removals = 0;
    server.use(
      http.post('/api/cities/update/4', async ({ request }) => {
        updated = decoded(await request.text());
        return HttpResponse.json({ data: [{ ...fortaleza, name: 'Fortaleza do Ceará' }] });
      }),
      http.post('/api/cities/delete/4', () => {
        removals += 1;
        return removals === 1
          ? HttpResponse.json(
              {
                error: 'conflict',
                error_description: 'Esta cidade tem núcleos cadastrados e não pode ser removida.',
              },
              { status: 409 },
            )
          : HttpResponse.json({ data: [] });
      }),
    );
    const { user, table, store } = await openCities();
    await user.click(within(table).getByRole('cell', { name: 'Fortaleza' }));
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar registro' });
    expect(within(dialog).getByLabelText('País')).toHaveValue('3');
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Fortaleza do Ceará');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(table).findByRole('cell', { name: 'Fortaleza do Ceará' }),
    ).toBeInTheDocument();
    expect(updated).toBe('data[4][name]=Fortaleza do Ceará&data[4][country][id]=3');

    // The edited row stays selected.
    expect(
      within(table).getByRole('cell', { name: 'Fortaleza do Ceará' }).closest('tr'),
    ).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    dialog = await screen.findByRole('dialog', { name: 'Remover registro' });
    expect(dialog).toHaveTextContent('Deseja remover este município?');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Esta cidade tem núcleos cadastrados e não pode ser removida.',
    );
    expect(store.getState().errors.description).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.getByText('Nenhum registro encontrado')).toBeInTheDocument());
    expect(removals).toBe(2);
    expect(screen.getByText('Registro removido.')).toBeInTheDocument();
  });

  it("says 'Um erro fatal aconteceu' in the editor when the server does not explain", async () => {
    server.use(http.post('/api/cities/insert', () => new HttpResponse('boom', { status: 500 })));
    const { user } = await openCities();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo registro' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Natal');
    await user.selectOptions(within(dialog).getByLabelText('País'), 'Brasil');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Um erro fatal aconteceu');
    expect(screen.queryByText('Registro salvo.')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Ocorreu um erro' })).not.toBeInTheDocument();
  });
});
