import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto } from '../../testing/fixtures';

const event = eventDto({ id: 1, name: 'Congresso Nacional 2025' });

describe('Lista de Presença', { timeout: 20_000 }, () => {
  it('loads columns then events, shows HH:mm times and downloads ListaDePresenca.csv', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => {
        calls.push('events');
        return HttpResponse.json({ data: [event] });
      }),
      http.get('/api/attendance/select/columns', ({ request }) => {
        calls.push(`columns?${new URL(request.url).searchParams}`);
        return HttpResponse.json({
          columns: [
            { key: 'total', title: 'Total' },
            { key: 'column_0', title: '10/11' },
            { key: 'column_1', title: '11/11' },
          ],
        });
      }),
      http.get('/api/attendance/select', ({ request }) => {
        calls.push(`rows?${new URL(request.url).searchParams}`);
        return HttpResponse.json({
          data: [
            {
              id: 1,
              cpf: '52998224725',
              name: 'Ana Souza',
              center: 'Núcleo Fortaleza',
              total: 2,
              column_0: '08:05',
              column_1: '9:40',
            },
            {
              id: 2,
              cpf: '11144477735',
              name: '=Bruno',
              center: null,
              total: 1,
              column_0: null,
              column_1: '10:00',
            },
          ],
        });
      }),
    );
    let csv: Blob | null = null;
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        csv = blob;
        return 'blob:presenca';
      },
      revokeObjectURL: vi.fn(),
    });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    const { user } = await renderPage('ATTENDANCE', { permissions: ['Attendance'] });
    expect(
      await screen.findByRole('heading', {
        name: 'Lista de presença no evento Congresso Nacional 2025',
      }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lista de presença' });
    const ana = (await within(table).findByText('Ana Souza')).closest('tr')!;
    expect(ana).toHaveTextContent('529.982.247-25');
    expect(ana).toHaveTextContent('08:05');
    expect(ana).toHaveTextContent('09:40');
    expect(within(table).getByRole('columnheader', { name: /10\/11/ })).toBeInTheDocument();
    expect(calls.slice(0, 2)).toEqual(['columns?eventId=1', 'events']);
    expect(calls).toContain('rows?eventId=1');

    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(clicked).toEqual(['ListaDePresenca.csv']));
    const bytes = new Uint8Array(await (csv as Blob | null)!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('CPF;Nome;Núcleo;10/11;11/11;Total');
    expect(lines).toContain('529.982.247-25;Ana Souza;Núcleo Fortaleza;08:05;09:40;2');
    expect(lines).toContain("111.444.777-35;'=Bruno;;;10:00;1");
  });
});
