import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureDownloads } from '../../testing/downloads';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto } from '../../testing/fixtures';

const event = eventDto({ id: 1, name: 'Congresso Nacional 2025' });
const csv =
  'nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business\nAna;a@b.c;52998224725;VIP;1;;\n';

describe('Importações', { timeout: 20_000 }, () => {
  it('sends the sheet as a data URL with the event and lists the failed lines', async () => {
    const sent: { sheet: string; eventId: number }[] = [];
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.post('/api/participants/upload', async ({ request }) => {
        sent.push((await request.json()) as { sheet: string; eventId: number });
        return HttpResponse.json({
          fails: [
            { line: 3, error: 'cpf invalido' },
            { line: 7, error: 'situacao desconhecida: 9' },
          ],
          created: 1,
          updated: 2,
          unchanged: 1,
        });
      }),
    );
    const { user } = await renderPage('IMPORT_PARTICIPANTS', {
      permissions: ['ImportParticipants'],
    });
    const file = new File([csv], 'participantes.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('Planilha (.csv ou .xlsx)'), file);
    expect(screen.getByLabelText('Evento')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Importar' }));

    const table = await screen.findByRole('table', { name: 'Linhas com erro' });
    expect(within(table).getByRole('columnheader', { name: /Linha/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Erro/ })).toBeInTheDocument();
    expect(within(table).getByText('CPF inválido').closest('tr')).toHaveTextContent('3');
    expect(within(table).getByText('situacao desconhecida: 9')).toBeInTheDocument();
    expect(screen.getByText('2 linhas não foram importadas.')).toBeInTheDocument();
    expect(screen.getByText('1 criado, 2 atualizados, 1 sem alteração.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.eventId).toBe(1);
    expect(sent[0]!.sheet).toMatch(/^data:text\/csv;base64,/);
    const base64 = sent[0]!.sheet.split(',')[1]!;
    expect(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))).toBe(
      csv,
    );
  });

  it('says how many more failed lines the server counted but did not list', async () => {
    server.use(
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.post('/api/participants/upload', () =>
        HttpResponse.json({
          fails: [
            { line: 2, error: 'cpf invalido' },
            { line: 3, error: 'cpf invalido' },
          ],
          failsOmitted: 199_998,
          created: 0,
          updated: 0,
          unchanged: 0,
        }),
      ),
    );
    const { user } = await renderPage('IMPORT_PARTICIPANTS', {
      permissions: ['ImportParticipants'],
    });
    await user.upload(
      await screen.findByLabelText('Planilha (.csv ou .xlsx)'),
      new File([csv], 'participantes.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(
      await screen.findByText(
        '200.000 linhas não foram importadas. A lista mostra as 2 primeiras.',
      ),
    ).toBeInTheDocument();
  });

  it('says when every line was imported, and when there is no event', async () => {
    server.use(
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.post('/api/produtos/upload', () => HttpResponse.json({ fails: [], created: 2 })),
    );
    const { user } = await renderPage('IMPORT_PRODUCTS', { permissions: ['ImportProducts'] });
    await user.upload(
      await screen.findByLabelText('Planilha (.csv ou .xlsx)'),
      new File(['PRODUTO;VENDA FEBRACIS\n'], 'produtos.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(screen.getByLabelText('Evento'), 'Congresso Nacional 2025');
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(
      await screen.findByText('Todos os produtos e cursos foram cadastrados com sucesso'),
    ).toBeInTheDocument();
  });

  it("shows 'Nenhum evento registrado.' without events", async () => {
    await renderPage('IMPORT_PARTICIPANTS', { permissions: ['ImportParticipants'] });
    expect(await screen.findByText('Nenhum evento registrado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Evento')).not.toBeInTheDocument());
  });

  it('lists the lines saved with a warning beside the failures', async () => {
    server.use(
      http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
      http.post('/api/participants/upload', () =>
        HttpResponse.json({
          fails: [],
          warnings: [
            { line: 4, warning: 'Núcleo não encontrado: Marte; cadastrado no núcleo Fortaleza' },
          ],
          created: 2,
          updated: 0,
          unchanged: 0,
        }),
      ),
    );
    const { user } = await renderPage('IMPORT_PARTICIPANTS', {
      permissions: ['ImportParticipants'],
    });
    await user.upload(
      await screen.findByLabelText('Planilha (.csv ou .xlsx)'),
      new File([csv], 'participantes.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(screen.getByLabelText('Evento'), 'Congresso Nacional 2025');
    await user.click(screen.getByRole('button', { name: 'Importar' }));

    const table = await screen.findByRole('table', { name: 'Linhas com aviso' });
    expect(
      within(table).getByText('Núcleo não encontrado: Marte; cadastrado no núcleo Fortaleza'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 linha foi importada com aviso.')).toBeInTheDocument();
    expect(
      screen.getByText('Todos os participantes foram cadastrados com sucesso'),
    ).toBeInTheDocument();
  });

  it('explains the columns with an example and downloads the model files', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/participants/upload/template', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('format') ?? '');
        return new HttpResponse('modelo', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const downloads = captureDownloads();
    const { user } = await renderPage('IMPORT_PARTICIPANTS', {
      permissions: ['ImportParticipants'],
    });

    const columns = await screen.findByRole('table', { name: 'Colunas da planilha' });
    const nucleo = within(columns).getByText('nucleo_origem').closest('tr')!;
    expect(nucleo).toHaveTextContent('Sim');
    expect(nucleo).toHaveTextContent('001');
    expect(within(columns).getByText('telefone').closest('tr')).toHaveTextContent('Não');

    await user.click(screen.getByRole('button', { name: 'Baixar modelo (.csv)' }));
    await user.click(screen.getByRole('button', { name: 'Baixar modelo (.xlsx)' }));
    await waitFor(() =>
      expect(downloads.names).toEqual(['modelo-participantes.csv', 'modelo-participantes.xlsx']),
    );
    expect(asked).toEqual(['csv', 'xlsx']);
    expect(await downloads.blobs[0]!.text()).toBe('modelo');
  });
});
