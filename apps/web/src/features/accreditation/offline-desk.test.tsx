import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import {
  maskCpf,
  newPassPrivateKey,
  offlineLookupKey,
  PASS_PROBLEM_MESSAGES,
  passKeyToHex,
  passPublicKey,
  signPass,
  withCheckDigits,
  type OfflineAction,
  type OfflineParticipant,
  type OfflineReplicaDto,
} from '@balcao/contract';
import { App } from '../../App';
import { appStarted, connectionRestored, sessionEnded } from '../../store/app-actions';
import { makeStore, type AppStore } from '../../app/store';
import { SESSION_STORAGE_KEY, loadSession, toPersisted } from '../../app/session/persistence';
import { personPause, renderPage, renderWithProviders, selectFrom } from '../../testing/render';
import { emptyReplica, server } from '../../testing/server';
import { eventDto, signedInSession, tokenResponse } from '../../testing/fixtures';
import { watchPrintFrames } from '../../testing/print-frames';
import { readMeta } from './offline-replica';
import { selectAccreditation } from './slice';
import { deskSyncRequested } from './offline-sync';

const SALT = 'ab'.repeat(32);
const PASS_KEY = newPassPrivateKey();
const event = eventDto({ id: 1, name: 'Congresso Nacional 2025', linkCourseware: false });

async function guest(id: number, overrides: Partial<OfflineParticipant> = {}) {
  const cpf = withCheckDigits(String(300000000 + id * 1111));
  const participant: OfflineParticipant = {
    id,
    lookupKey: await offlineLookupKey(SALT, cpf),
    name: `Joana Ribeiro ${id}`,
    usualName: null,
    centerId: 7,
    status: 'OK',
    badge: false,
    badgePrintCount: 0,
    coursewareId: null,
    coursewareSerial: null,
    accreditedAt: null,
    passVersion: 1,
    ...overrides,
  };
  return { cpf, participant };
}

const replicaOf = (participants: OfflineParticipant[]): OfflineReplicaDto => ({
  ...emptyReplica(event.id),
  event: { id: event.id, name: event.name, linkCourseware: false, printEnabled: true },
  lookupSalt: SALT,
  passPublicKey: passKeyToHex(passPublicKey(PASS_KEY)),
  participants,
  centers: [{ id: 7, name: 'Núcleo Fortaleza', city: 'Fortaleza', color: '#2a9d8f' }],
  total: participants.length,
  readAt: '2025-11-10T14:32:00.000Z',
});

/** The server as it answers while up: the event, its replica, and the queue it receives. */
function serveUp(participants: OfflineParticipant[]) {
  const sent: OfflineAction[][] = [];
  server.use(
    http.get('/api/events/selected', () => HttpResponse.json(event)),
    http.get('/api/events/list', () => HttpResponse.json({ data: [event] })),
    http.get('/api/offline/replica', () => HttpResponse.json(replicaOf(participants))),
    http.post('/api/offline/actions', async ({ request }) => {
      const { actions } = (await request.json()) as { actions: OfflineAction[] };
      sent.push(actions);
      return HttpResponse.json({
        results: actions.map((action) => ({
          clientId: action.clientId,
          outcome: 'applied',
          message: null,
        })),
      });
    }),
  );
  return sent;
}

/** The server process stopped: nothing under /api answers. */
const serverDown = () => server.use(http.all('/api/*', () => HttpResponse.error()));

const connection = (store: AppStore) => store.getState().connection;

describe('the accreditation desk without the server', { timeout: 30_000 }, () => {
  it('accredits from the replica, says what it did, and sends the queue once back', async () => {
    const joana = await guest(1);
    serveUp([joana.participant]);
    const printed = watchPrintFrames();
    const { store, user } = await renderPage('SUBSCRIPTION', { permissions: ['Subscription'] });
    await waitFor(() => expect(connection(store).readAt).toBe('2025-11-10T14:32:00.000Z'));

    serverDown();
    await user.type(screen.getByLabelText('CPF'), `${joana.cpf}{Enter}`);
    expect(await screen.findByText('Joana Ribeiro 1')).toBeInTheDocument();
    expect(connection(store).online).toBe(false);
    // The replica holds no CPF: the panel shows the one typed, masked as the desk sees it online.
    expect(selectFrom(store, selectAccreditation).participant?.cpf).toBe(maskCpf(joana.cpf));
    expect(screen.getByText('Participante sem crachá. Imprima o crachá.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await personPause();
    await user.keyboard('{Enter}');
    const panel = await screen.findByText(/Crachá enviado à impressão deste computador/);
    expect(panel).toHaveTextContent(
      'Crachá enviado à impressão deste computador, sem conexão: Joana. O credenciamento será registrado ao sincronizar.',
    );
    expect(screen.queryByText(/Crachá impresso/)).not.toBeInTheDocument();

    await waitFor(() => expect(printed()).toHaveLength(1));
    const page = await printed()[0]!.text();
    expect(page).toContain('Joana');
    await waitFor(() => expect(connection(store).queued).toBe(1));

    // Checked again offline: the replica shows the badge.
    await user.type(screen.getByLabelText('CPF'), `${joana.cpf}{Enter}`);
    expect(await screen.findByText('Participante credenciado.')).toBeInTheDocument();

    // The server is back: the queue goes, in order, with the desk's own time and id.
    const sent = serveUp([{ ...joana.participant, badge: true, badgePrintCount: 1 }]);
    store.dispatch(deskSyncRequested());
    await waitFor(() => expect(sent).toHaveLength(1));
    const [action] = sent[0]!;
    expect(action).toMatchObject({
      kind: 'badge',
      eventId: 1,
      participantId: 1,
      usualName: 'Joana',
      seenPrints: 0,
    });
    expect(action!.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(Date.now() - Date.parse(action!.at)).toBeLessThan(60_000);
    await waitFor(() => expect(connection(store).syncedAt).not.toBeNull());
    expect(connection(store)).toMatchObject({ online: true, queued: 0 });
  });

  it('checks again after a link queued offline only once the server has the link', async () => {
    const joana = await guest(5);
    const sent = serveUp([joana.participant]);
    const { store, user } = await renderPage('SUBSCRIPTION', { permissions: ['Subscription'] });
    await waitFor(() => expect(connection(store).readAt).not.toBeNull());
    serverDown();
    await user.type(screen.getByLabelText('CPF'), `${joana.cpf}{Enter}`);
    expect(await screen.findByText('Joana Ribeiro 5')).toBeInTheDocument();

    // The connection is back while the participant from the replica is on screen. The server
    // takes a moment over the queue, and knows the link only once it has it.
    serveUp([joana.participant]);
    const linked = () => sent.flat().some((action) => action.kind === 'link');
    server.use(
      http.post('/api/offline/actions', async ({ request }) => {
        await delay(300);
        const { actions } = (await request.json()) as { actions: OfflineAction[] };
        sent.push(actions);
        return HttpResponse.json({
          results: actions.map(({ clientId }) => ({ clientId, outcome: 'applied', message: null })),
        });
      }),
      http.get('/api/subscriptions/participant/check', () =>
        HttpResponse.json({
          status: 'WITHOUT_BADGE',
          participant: {
            ...selectFrom(store, selectAccreditation).participant,
            coursewareId: linked() ? '01-001-000005' : null,
            coursewareSerial: linked() ? '01-001-000005' : null,
          },
          event: { id: event.id, name: event.name, linkCourseware: false },
          badgeJobs: { waiting: 0, failed: 0 },
        }),
      ),
    );
    store.dispatch(connectionRestored());
    await user.type(screen.getByLabelText('Código da apostila'), '01-001-000005{Enter}');

    await waitFor(() => expect(linked()).toBe(true));
    await waitFor(() => expect(selectFrom(store, selectAccreditation).checking).toBe(false));
    expect(selectFrom(store, selectAccreditation).offline).toBe(false);
    expect(screen.getByLabelText('Participante')).toHaveTextContent('01-001-000005');
    expect(screen.queryByLabelText('Código da apostila')).not.toBeInTheDocument();
  });

  it('refuses a pending participant offline as the server would', async () => {
    const pending = await guest(2, { status: 'PAYMENT_ERROR' });
    serveUp([pending.participant]);
    const { store, user } = await renderPage('SUBSCRIPTION', { permissions: ['Subscription'] });
    await waitFor(() => expect(connection(store).readAt).not.toBeNull());
    serverDown();
    await user.type(screen.getByLabelText('CPF'), `${pending.cpf}{Enter}`);
    expect(
      await screen.findByText('Participante com pendências. Favor dirigir-se ao comercial.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir crachá' })).toBeDisabled();
  });

  it('checks a scanned pass on the replica: the signature, the event and the version', async () => {
    const lia = await guest(3, { passVersion: 2 });
    serveUp([lia.participant]);
    const { store, user } = await renderPage('SUBSCRIPTION', { permissions: ['Subscription'] });
    await waitFor(() => expect(connection(store).readAt).not.toBeNull());
    serverDown();
    const pass = (claims: { eventId: number; version: number }, key = PASS_KEY) =>
      signPass({ participantId: 3, ...claims }, key);

    await user.type(screen.getByLabelText('CPF'), `${pass({ eventId: 1, version: 2 })}{Enter}`);
    expect(await screen.findByText('Joana Ribeiro 3')).toBeInTheDocument();
    expect(connection(store).online).toBe(false);

    const refusals = [
      [pass({ eventId: 1, version: 1 }), PASS_PROBLEM_MESSAGES.reissued],
      [pass({ eventId: 2, version: 2 }), PASS_PROBLEM_MESSAGES.other_event],
      [pass({ eventId: 1, version: 2 }, newPassPrivateKey()), PASS_PROBLEM_MESSAGES.forged],
    ] as const;
    for (const [text, message] of refusals) {
      await personPause();
      await user.clear(screen.getByLabelText('CPF'));
      await user.type(screen.getByLabelText('CPF'), `${text}{Enter}`);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText('Joana Ribeiro 3')).not.toBeInTheDocument();
    }
  });

  it('says plainly when it has no data of the event yet', async () => {
    serveUp([]);
    server.use(http.get('/api/offline/replica', () => HttpResponse.error()));
    const { user } = await renderPage('SUBSCRIPTION', { permissions: ['Subscription'] });
    serverDown();
    await user.type(screen.getByLabelText('CPF'), `${(await guest(3)).cpf}{Enter}`);
    expect(
      await screen.findByText(
        'Sem conexão com o servidor, e esta mesa ainda não tem os dados do evento: aguarde a conexão voltar.',
      ),
    ).toBeInTheDocument();
  });

  it('opens the desk after a reload with the server down, and wipes the replica at sign-out', async () => {
    const joana = await guest(4);
    serveUp([joana.participant]);
    const session = signedInSession({ permissions: ['Subscription'], adminPage: 'SUBSCRIPTION' });
    // A first visit fills the replica.
    const first = await renderPage('SUBSCRIPTION', { permissions: ['Subscription'] });
    await waitFor(() => expect(connection(first.store).readAt).not.toBeNull());
    first.unmount();

    // The reload: the server is gone, the token cannot be refreshed.
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(toPersisted(session)));
    serverDown();
    const store = makeStore({ session: loadSession() });
    const { user } = renderWithProviders(<App />, { store });
    store.dispatch(appStarted());
    expect(await screen.findByRole('heading', { name: 'Credenciamento' })).toBeInTheDocument();
    expect(await screen.findByText('Sem conexão · 0 na fila')).toBeInTheDocument();
    expect(screen.getByText(/A mesa continua com os dados de/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('CPF'), `${joana.cpf}{Enter}`);
    expect(await screen.findByText('Joana Ribeiro 4')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    server.use(http.post('/api/token', () => HttpResponse.json(tokenResponse())));
    store.dispatch(sessionEnded({ reason: 'logout' }));
    await waitFor(async () => expect(await readMeta()).toBeUndefined());
  });
});
