import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { signedInSession } from '../../testing/fixtures';

async function openNewCenter() {
  const rendered = renderWithProviders(<App />, {
    preloadedState: { session: signedInSession({ permissions: ['Center'], adminPage: null }) },
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Núcleos' }));
  await screen.findByRole('table', { name: 'Núcleos' });
  await rendered.user.click(screen.getByRole('button', { name: 'Novo' }));
  return screen.findByRole('dialog', { name: 'Novo registro' });
}

describe('Núcleos editor', () => {
  it('says where to register a city when there is none to choose', async () => {
    const dialog = await openNewCenter();
    expect(within(dialog).getByText('Cadastre uma cidade em Cidades')).toBeInTheDocument();
  });

  it('offers the cities without that hint once one exists', async () => {
    server.use(
      http.get('/api/cities/select', () =>
        HttpResponse.json({ data: [{ id: 4, name: 'Fortaleza' }] }),
      ),
    );
    const dialog = await openNewCenter();
    expect(within(dialog).getByRole('option', { name: 'Fortaleza' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Cadastre uma cidade em Cidades')).not.toBeInTheDocument();
  });
});
