import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  KIOSK_ALREADY_MESSAGE,
  KIOSK_PRINT_HANDED_OFFLINE_TITLE,
  newPassPrivateKey,
  offlineLookupKey,
  PASS_PROBLEM_MESSAGES,
  passKeyToHex,
  passPublicKey,
  signPass,
  withCheckDigits,
  type KioskState,
  type OfflineAction,
  type OfflineParticipant,
  type OfflineReplicaDto,
} from '@balcao/contract';
import { App } from '../../App';
import { appStarted } from '../../store/app-actions';
import { makeStore } from '../../app/store';
import { SESSION_STORAGE_KEY, loadSession, toPersisted } from '../../app/session/persistence';
import { renderWithProviders } from '../../testing/render';
import { emptyReplica, server } from '../../testing/server';
import { signedInSession, tokenResponse } from '../../testing/fixtures';
import { watchPrintFrames } from '../../testing/print-frames';
import { deskSyncRequested } from './offline-sync';

const SALT = 'cd'.repeat(32);
const PASS_KEY = newPassPrivateKey();
const EVENT = { id: 1, name: 'Imersão Fortaleza' };

async function guest(id: number, overrides: Partial<OfflineParticipant> = {}) {
  const cpf = withCheckDigits(String(400000000 + id * 1111));
  const participant: OfflineParticipant = {
    id,
    lookupKey: await offlineLookupKey(SALT, cpf),
    name: `Marta Soares ${id}`,
    usualName: null,
    centerId: null,
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

/** The server while up: the kiosk's heartbeat, the replica, and the queue it receives. */
function serveUp(participants: OfflineParticipant[]) {
  const sent: OfflineAction[][] = [];
  const replica: OfflineReplicaDto = {
    ...emptyReplica(EVENT.id),
    event: { ...EVENT, linkCourseware: false, printEnabled: true },
    lookupSalt: SALT,
    passPublicKey: passKeyToHex(passPublicKey(PASS_KEY)),
    participants,
    total: participants.length,
  };
  server.use(
    http.post('/api/token', () =>
      HttpResponse.json(tokenResponse({ username: 'quiosque1', permissions: ['Kiosk'] })),
    ),
    http.post('/api/kiosk/heartbeat', () =>
      HttpResponse.json<KioskState>({ name: 'Quiosque 1', paused: false, event: EVENT }),
    ),
    http.get('/api/offline/replica', () => HttpResponse.json(replica)),
    http.post('/api/offline/actions', async ({ request }) => {
      const { actions } = (await request.json()) as { actions: OfflineAction[] };
      sent.push(actions);
      return HttpResponse.json({
        results: actions.map(({ clientId }) => ({ clientId, outcome: 'applied', message: null })),
      });
    }),
  );
  return sent;
}

const serverDown = () => server.use(http.all('/api/*', () => HttpResponse.error()));

describe('the kiosk without the server', { timeout: 60_000 }, () => {
  it('greets by CPF and by pass from the replica, prints in the browser, refuses a forged pass, and syncs once', async () => {
    const marta = await guest(1);
    const rui = await guest(2, { passVersion: 3 });
    serveUp([marta.participant, rui.participant]);
    const printed = watchPrintFrames();
    const session = signedInSession({ permissions: ['Kiosk'], username: 'quiosque1' });
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(toPersisted(session)));
    const store = makeStore({ session: loadSession() });
    const { user } = renderWithProviders(<App />, { store });
    store.dispatch(appStarted());
    await screen.findByRole('heading', { name: EVENT.name, level: 1 });
    await waitFor(() => expect(store.getState().connection.readAt).not.toBeNull());

    serverDown();
    const field = screen.getByLabelText('CPF ou ingresso');
    await user.type(field, `${marta.cpf}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Olá, Marta Soares 1!' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirmar e imprimir' }));
    expect(await screen.findByRole('heading', { name: KIOSK_PRINT_HANDED_OFFLINE_TITLE }));
    // The truthful rule: no agent reports the print offline, so never 'Retire seu crachá'.
    expect(screen.queryByText('Retire seu crachá')).not.toBeInTheDocument();
    await waitFor(() => expect(printed()).toHaveLength(1));
    expect(await printed()[0]!.text()).toContain('Marta');
    await waitFor(() => expect(store.getState().connection.queued).toBe(1));

    // Again: accredited per the replica and the queue.
    await user.click(screen.getByRole('button', { name: 'Recomeçar' }));
    await user.type(screen.getByLabelText('CPF ou ingresso'), `${marta.cpf}{Enter}`);
    expect(await screen.findByText(KIOSK_ALREADY_MESSAGE)).toBeVisible();

    // A forged pass, then the valid one.
    await user.click(screen.getByRole('button', { name: 'Recomeçar' }));
    const forged = signPass({ eventId: 1, participantId: 2, version: 3 }, newPassPrivateKey());
    await user.type(screen.getByLabelText('CPF ou ingresso'), `${forged}{Enter}`);
    expect(await screen.findByText(PASS_PROBLEM_MESSAGES.forged)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Recomeçar' }));
    const pass = signPass({ eventId: 1, participantId: 2, version: 3 }, PASS_KEY);
    await user.type(screen.getByLabelText('CPF ou ingresso'), `${pass}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Olá, Marta Soares 2!' })).toBeVisible();

    // The server is back: the queue goes once.
    const sent = serveUp([{ ...marta.participant, badge: true, badgePrintCount: 1 }]);
    store.dispatch(deskSyncRequested());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toHaveLength(1);
    expect(sent[0]![0]).toMatchObject({ kind: 'badge', participantId: 1, usualName: 'Marta' });
    await waitFor(() => expect(store.getState().connection.queued).toBe(0));
    store.dispatch(deskSyncRequested());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toHaveLength(1);
  });

  it('stays on the kiosk after a reload with the server down, and finds a CPF there', async () => {
    const ana = await guest(3);
    serveUp([ana.participant]);
    const session = signedInSession({ permissions: ['Kiosk'], username: 'quiosque1' });
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(toPersisted(session)));
    const first = makeStore({ session: loadSession() });
    const visit = renderWithProviders(<App />, { store: first });
    first.dispatch(appStarted());
    await screen.findByRole('heading', { name: EVENT.name, level: 1 });
    await waitFor(() => expect(first.getState().connection.readAt).not.toBeNull());
    visit.unmount();

    serverDown();
    const store = makeStore({ session: loadSession() });
    const { user } = renderWithProviders(<App />, { store });
    store.dispatch(appStarted());
    expect(await screen.findByText('Sem conexão com o servidor')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument();
    // The failing heartbeat is said on the header, never as an error dialog over the keypad.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('CPF ou ingresso'), `${ana.cpf}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Olá, Marta Soares 3!' })).toBeVisible();
  });
});
