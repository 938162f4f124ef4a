import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  CERTIFICATE_MESSAGES,
  type AppConfig,
  type CertificateVerificationDto,
} from '@balcao/contract';
import { App } from '../../App';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { signedInSession } from '../../testing/fixtures';

const CODE = 'K7QM-3XRT-9HWA-PZ4C-E2NB';

const VALID: CertificateVerificationDto = {
  status: 'valid',
  code: CODE,
  name: 'Ana Souza',
  event: 'Imersão 2026',
  course: 'Curso Básico',
  hours: 16,
  dates: '10/03/2026 a 12/03/2026',
  issuedAt: '2026-03-13T02:30:00.000Z',
};

/** The verification answers `answer` (and counts what was asked); the event's zone is São Paulo's. */
function serveVerification(answer: () => Response) {
  const asked: string[] = [];
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json<AppConfig>({ appMode: 'production', timeZone: 'America/Sao_Paulo' }),
    ),
    http.get('/api/certificados/verificar/:code', ({ params, request }) => {
      asked.push(`${String(params.code)} ${request.headers.get('authorization') ?? 'sem login'}`);
      return answer();
    }),
  );
  return asked;
}

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(<App />);
}

describe('the public verification page', { timeout: 20_000 }, () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("opened from a QR shows 'Certificado válido' with the name, event, hours and dates, asked without login", async () => {
    const asked = serveVerification(() => HttpResponse.json(VALID));
    openAt(`/verificar/${CODE}`);

    const answer = await screen.findByRole('heading', { name: 'Certificado válido' });
    const card = answer.closest('.alert') as HTMLElement;
    expect(within(card).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(card).getByText('Imersão 2026')).toBeInTheDocument();
    expect(within(card).getByText('16 horas')).toBeInTheDocument();
    expect(within(card).getByText('10/03/2026 a 12/03/2026')).toBeInTheDocument();
    // Issued at 23:30 of the 12th in the event's zone, not the 13th of UTC.
    expect(within(card).getByText('12/03/2026')).toBeInTheDocument();
    expect(asked).toEqual([`${CODE} sem login`]);
    // Neither the login nor the back-office: this page stands alone, out of search engines.
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });

  it('does not open the back-office for a signed-in browser either', async () => {
    serveVerification(() => HttpResponse.json(VALID));
    window.history.replaceState(null, '', `/verificar/${CODE}`);
    renderWithProviders(<App />, {
      preloadedState: { session: signedInSession({ adminPage: null }) },
    });
    await screen.findByRole('heading', { name: 'Certificado válido' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('checks a typed code, however it was typed, and puts it in the address', async () => {
    const asked = serveVerification(() =>
      HttpResponse.json<CertificateVerificationDto>({
        status: 'revoked',
        code: CODE,
        name: null,
        event: 'Imersão 2026',
        revokedAt: '2026-04-02T15:00:00.000Z',
      }),
    );
    const { user } = openAt('/verificar');
    expect(asked).toEqual([]);

    await user.type(screen.getByLabelText('Código do certificado'), 'k7qm 3xrt 9hwa pz4c e2nb');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    const answer = await screen.findByRole('heading', { name: 'Certificado revogado' });
    const card = answer.closest('.alert') as HTMLElement;
    expect(card).toHaveTextContent('revogado em 02/04/2026');
    // Anonymized: no name at all.
    expect(within(card).queryByText('Nome')).not.toBeInTheDocument();
    expect(asked).toEqual([`${CODE} sem login`]);
    expect(window.location.pathname).toBe(`/verificar/${CODE}`);
  });

  it("says 'Código não encontrado' for an unknown code, and for one that cannot be a code without asking", async () => {
    const asked = serveVerification(() =>
      HttpResponse.json({ status: 'not_found' } satisfies CertificateVerificationDto, {
        status: 404,
      }),
    );
    const { user } = openAt('/verificar/K7QM-3XRT-9HWA-PZ4C-E2NC');
    await screen.findByRole('heading', { name: 'Código não encontrado' });
    expect(asked).toHaveLength(1);

    const field = screen.getByLabelText('Código do certificado');
    await user.clear(field);
    await user.type(field, 'K7QM-3XRT-0000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe('/verificar/K7QM-3XRT-9HWA-PZ4C-E2NC'),
    );
    await screen.findByRole('heading', { name: 'Código não encontrado' });
    expect(asked).toHaveLength(1);
  });

  it("answers a flood's 429 with 'Muitas consultas', not with a result", async () => {
    serveVerification(() =>
      HttpResponse.json(
        { error: 'too_many_requests', error_description: 'Too Many Requests' },
        { status: 429 },
      ),
    );
    openAt(`/verificar/${CODE}`);
    expect(await screen.findByText(CERTIFICATE_MESSAGES.tooManyVerifications)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Certificado|Código/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
