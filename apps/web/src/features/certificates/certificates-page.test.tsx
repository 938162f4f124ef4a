import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  CERTIFICATE_RULE_MESSAGES,
  type CertificateCandidateDto,
  type CertificateDto,
  type CertificateEligibilityDto,
  type CertificateIssueJobDto,
  type CertificateRuleDto,
  type CertificateRuleRequest,
  type CertificateSendingDto,
} from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const ANA_CODE = 'K7QM-3XRT-9HWA-PZ4C-E2NB';

/**
 * The certificates of event 1 as a server keeps them: a rule, two participants (Ana came both
 * days, Bruno one), the issuing job polled once before it is done, and revoking.
 */
function fakeCertificates() {
  let rule: CertificateRuleDto = {
    eventId: 1,
    hours: 8,
    criterion: 'accredited',
    minDays: null,
    saved: false,
  };
  let certificates: CertificateDto[] = [];
  let polls = 0;
  const posted = {
    rule: [] as unknown[],
    revoke: [] as unknown[],
    issues: 0,
    sendings: 0,
    resends: 0,
  };
  /** Ana's e-mail as the sending reports it; Bruno, without a certificate, is not in it. */
  const sending = (status: 'PENDENTE' | 'FALHOU' | 'ENVIADO'): CertificateSendingDto => ({
    id: 9,
    eventId: 1,
    subject: 'Seu certificado: Imersão 2026',
    createdAt: '2026-03-13T12:05:00.000Z',
    total: 1,
    sent: status === 'ENVIADO' ? 1 : 0,
    failed: status === 'FALHOU' ? 1 : 0,
    pending: status === 'PENDENTE' ? 1 : 0,
    done: status !== 'PENDENTE',
    withoutEmail: 0,
    recipients: [
      {
        id: 1,
        name: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        status,
        error: status === 'FALHOU' ? '550 Caixa postal cheia' : null,
        sentAt: null,
      },
    ],
  });
  const candidates = (): CertificateCandidateDto[] => {
    const required = rule.criterion === 'min_days' ? (rule.minDays ?? 1) : 1;
    return [
      { participantId: 10, name: 'Ana Souza', daysPresent: 2 },
      { participantId: 11, name: 'Bruno Lima', daysPresent: 1 },
    ].map((person) => {
      const earns = person.daysPresent >= required;
      return {
        ...person,
        earns,
        reason: earns ? null : `Presente em ${person.daysPresent} dia; a regra pede ${required}.`,
        code: certificates.find((c) => c.participantId === person.participantId)?.code ?? null,
      };
    });
  };
  const job = (done: boolean): CertificateIssueJobDto => ({
    id: 5,
    eventId: 1,
    createdAt: '2026-03-13T12:00:00.000Z',
    total: 2,
    processed: done ? 2 : 0,
    done,
    counts: {
      issued: done ? 1 : 0,
      reissued: 0,
      unchanged: 0,
      not_earned: done ? 1 : 0,
      failed: 0,
    },
    results: done
      ? [
          {
            participantId: 10,
            name: 'Ana Souza',
            outcome: 'issued',
            code: ANA_CODE,
            message: null,
          },
          {
            participantId: 11,
            name: 'Bruno Lima',
            outcome: 'not_earned',
            code: null,
            message: 'Presente em 1 dia; a regra pede 2.',
          },
        ]
      : [],
  });
  server.use(
    http.get('/api/events/list', () => HttpResponse.json([{ id: 1, name: 'Imersão 2026' }])),
    http.get('/api/certificados/eventos/1/regra', () => HttpResponse.json(rule)),
    http.get('/api/certificados/eventos/1/elegiveis', () => {
      if (!rule.saved) {
        return HttpResponse.json(
          { error: 'invalid_request', error_description: CERTIFICATE_RULE_MESSAGES.noRule },
          { status: 400 },
        );
      }
      const list = candidates();
      return HttpResponse.json<CertificateEligibilityDto>({
        rule,
        eventDays: ['2026-03-10', '2026-03-11'],
        earning: list.filter((c) => c.earns).length,
        notEarning: list.filter((c) => !c.earns).length,
        candidates: list,
      });
    }),
    http.get('/api/certificados/eventos/1', () => HttpResponse.json({ eventId: 1, certificates })),
    http.put('/api/certificados/eventos/1/regra', async ({ request }) => {
      const body = (await request.json()) as CertificateRuleRequest;
      posted.rule.push(body);
      rule = { ...rule, ...body, saved: true };
      return HttpResponse.json(rule);
    }),
    http.post('/api/certificados/eventos/1/emissoes', () => {
      posted.issues += 1;
      return HttpResponse.json(job(false), { status: 202 });
    }),
    http.get('/api/certificados/emissoes/5', () => {
      polls += 1;
      certificates = [
        {
          code: ANA_CODE,
          participantId: 10,
          name: 'Ana Souza',
          version: 1,
          issuedAt: '2026-03-13T12:00:01.000Z',
          updatedAt: '2026-03-13T12:00:01.000Z',
          revokedAt: null,
          revokedReason: null,
          emailedAt: null,
        },
      ];
      return HttpResponse.json(job(true));
    }),
    http.post('/api/certificados/eventos/1/enviar', () => {
      posted.sendings += 1;
      return HttpResponse.json(sending('PENDENTE'));
    }),
    http.get('/api/certificados/envios/9', () => HttpResponse.json(sending('FALHOU'))),
    http.post('/api/certificados/envios/9/reenviar', () => {
      posted.resends += 1;
      return HttpResponse.json(sending('ENVIADO'));
    }),
    http.post('/api/certificados/:code/revogar', async ({ params, request }) => {
      const body = (await request.json()) as { reason: string };
      posted.revoke.push({ code: params.code, ...body });
      certificates = certificates.map((c) =>
        c.code === params.code
          ? { ...c, revokedAt: '2026-03-20T15:00:00.000Z', revokedReason: body.reason }
          : c,
      );
      return HttpResponse.json(certificates.find((c) => c.code === params.code));
    }),
  );
  return { posted, polls: () => polls };
}

describe('Certificados', { timeout: 30_000 }, () => {
  it('saves the rule, previews who earns one and why not, issues with progress and a result per person', async () => {
    const fake = fakeCertificates();
    const { user } = await renderPage('CERTIFICATES', { permissions: ['Event'] });

    // No rule saved yet: suggested values, and nothing to issue.
    expect(await screen.findByText(/ainda não tem regra salva/)).toBeInTheDocument();
    expect(screen.getByText(CERTIFICATE_RULE_MESSAGES.noRule)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Emitir certificados' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.clear(screen.getByLabelText('Carga horária (horas)'));
    await user.type(screen.getByLabelText('Carga horária (horas)'), '16');
    await user.selectOptions(screen.getByLabelText('Quem recebe'), 'min_days');
    await user.clear(screen.getByLabelText('Mínimo de dias presentes'));
    await user.type(screen.getByLabelText('Mínimo de dias presentes'), '2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(fake.posted.rule).toEqual([{ hours: 16, criterion: 'min_days', minDays: 2 }]);
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          /^1 participante recebe o certificado; 1 participante não recebe\./.test(
            element.textContent ?? '',
          ),
      ),
    ).toBeInTheDocument();
    const people = screen.getByRole('table', { name: 'Participantes e o certificado' });
    expect(within(people).getByText('Bruno Lima').closest('tr')).toHaveTextContent(
      'Presente em 1 dia; a regra pede 2.',
    );

    await user.click(screen.getByRole('button', { name: 'Emitir certificados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Emitir certificados' });
    expect(confirm).toHaveTextContent('Emitir os certificados de 1 participante?');
    await user.click(within(confirm).getByRole('button', { name: 'Emitir' }));

    // Polled until done: each person's result, then the list as the server now has it.
    expect(await screen.findByText(/Emissão concluída - 2\/2/)).toBeInTheDocument();
    expect(fake.posted.issues).toBe(1);
    expect(fake.polls()).toBeGreaterThan(0);
    const results = screen.getByRole('table', { name: 'Resultado da emissão' });
    expect(within(results).getByText('Ana Souza').closest('tr')).toHaveTextContent(
      `Emitido${ANA_CODE}`,
    );
    expect(within(results).getByText('Bruno Lima').closest('tr')).toHaveTextContent('Não recebe');
    const issued = await screen.findByRole('table', { name: 'Certificados emitidos' });
    await waitFor(() => expect(within(issued).getByText(ANA_CODE)).toBeInTheDocument());
    expect(within(issued).getByText('Ana Souza').closest('tr')).toHaveTextContent('Válido');
  });

  it('revokes a certificate with a reason, asked in a dialog, and shows what the server says', async () => {
    const fake = fakeCertificates();
    const { user } = await renderPage('CERTIFICATES', { permissions: ['Event'] });
    // Issue first, so there is one to revoke.
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Configuração salva!');
    await user.click(await screen.findByRole('button', { name: 'Emitir certificados' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Emitir' }),
    );
    const issued = await screen.findByRole('table', { name: 'Certificados emitidos' });
    const row = await within(issued).findByText('Ana Souza');

    await user.click(row);
    await user.click(screen.getByRole('button', { name: 'Revogar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar certificado' });
    // No reason, no revoking.
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    expect(within(dialog).getByText(/Informe o motivo da revogação/)).toBeVisible();
    expect(fake.posted.revoke).toEqual([]);

    await user.type(within(dialog).getByLabelText('Motivo'), 'Emitido por engano');
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.posted.revoke).toEqual([{ code: ANA_CODE, reason: 'Emitido por engano' }]);
    expect(within(issued).getByText('Ana Souza').closest('tr')).toHaveTextContent(
      'Revogado 20/03/2026 15:00:00: Emitido por engano',
    );
    // Revoked: no PDF, no second revoking.
    expect(screen.getByRole('button', { name: 'Baixar PDF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revogar' })).toBeDisabled();
  });

  it('sends the certificates by e-mail with a result per recipient, and retries the failed', async () => {
    const fake = fakeCertificates();
    const { user } = await renderPage('CERTIFICATES', { permissions: ['Event'] });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await user.click(await screen.findByRole('button', { name: 'Emitir certificados' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Emitir' }),
    );
    const issued = await screen.findByRole('table', { name: 'Certificados emitidos' });
    await within(issued).findByText('Ana Souza');

    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enviar certificados por e-mail' });
    await user.click(within(confirm).getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText(/Envio concluído - 1\/1/)).toBeInTheDocument();
    expect(fake.posted.sendings).toBe(1);
    const recipients = screen.getByRole('table', { name: 'Destinatários' });
    expect(within(recipients).getByText('Ana Souza').closest('tr')).toHaveTextContent(
      'Falhou550 Caixa postal cheia',
    );
    await user.click(screen.getByRole('button', { name: 'Reenviar falhas' }));
    await waitFor(() => expect(within(recipients).queryByText('Falhou')).not.toBeInTheDocument());
    expect(within(recipients).getByText('Ana Souza').closest('tr')).toHaveTextContent('Enviado');
    expect(fake.posted.resends).toBe(1);
    expect(screen.queryByRole('button', { name: 'Reenviar falhas' })).not.toBeInTheDocument();
  });
});
