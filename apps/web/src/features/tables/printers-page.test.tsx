import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const printer = (apiToken?: string) => ({
  id: 1,
  name: 'Balcão 1',
  serial: 'ZX-1',
  ...(apiToken === undefined ? {} : { apiToken }),
  dateCreated: '2025-01-02T13:04:05.000Z',
  dateUpdated: '2025-01-02T13:04:05.000Z',
});

function servePrinters(row: ReturnType<typeof printer>) {
  server.use(
    http.get('/api/printers/select', () => HttpResponse.json({ data: [row] })),
    http.get('/api/prints/mapping/select', () => HttpResponse.json({ data: [] })),
  );
}

describe('Impressoras page', () => {
  it("copies a printer's API token from its row, without opening 'Editar'", async () => {
    servePrinters(printer('tok-123'));
    const { user } = await renderPage('PRINTERS');
    const table = await screen.findByRole('table', { name: 'Impressoras' });
    const row = (await within(table).findByRole('cell', { name: 'Balcão 1' })).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: 'Copiar token' }));
    await waitFor(() =>
      expect(within(row).getByRole('status')).toHaveTextContent('Token copiado.'),
    );
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('tok-123');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no token action to whom the server sends no token', async () => {
    servePrinters(printer());
    await renderPage('PRINTERS');
    const table = await screen.findByRole('table', { name: 'Impressoras' });
    await within(table).findByRole('cell', { name: 'Balcão 1' });
    expect(within(table).queryByRole('button', { name: 'Copiar token' })).not.toBeInTheDocument();
  });
});
