import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

async function openNewCenter() {
  const rendered = await renderPage('CENTERS', { permissions: ['Center'] });
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
