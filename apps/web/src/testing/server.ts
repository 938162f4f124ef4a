import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  DEFAULT_LAYOUTS,
  SETUP_STEPS,
  type AppConfig,
  type LayoutDto,
  type OfflineReplicaDto,
  type SetupStatus,
} from '@balcao/contract';
import { TABLE_RESOURCES } from '../app/tables/resources';
import { LOOKUP_URLS } from '../app/lookups/slice';

/** Admin tables and their option lists answer empty unless a test says otherwise. */
const tableLists = [
  ...new Set([...Object.values(TABLE_RESOURCES).map((r) => r.list), ...Object.values(LOOKUP_URLS)]),
].map((url) =>
  http.get(url, () => HttpResponse.json({ data: [], recordsTotal: 0, recordsFiltered: 0 })),
);

/** Calls every signed-in page makes; tests override them with `server.use(...)`. */
export const defaultHandlers = [
  http.get('/api/config', () =>
    HttpResponse.json<AppConfig>({ appMode: 'production', timeZone: 'UTC' }),
  ),
  http.get('/api/events/selected', () =>
    HttpResponse.json(
      { error: 'not_found', error_description: 'Nenhum evento selecionado.' },
      { status: 404 },
    ),
  ),
  // A finished installation: the first-run checklist stays out of the way unless a test says so.
  http.get('/api/system/setup-status', () =>
    HttpResponse.json<SetupStatus>({
      complete: true,
      steps: SETUP_STEPS.map((step) => ({ key: step.key, done: true })),
    }),
  ),
  ...tableLists,
  // No printer mapped: no agent to warn about.
  http.get('/api/prints/status', () => HttpResponse.json({ printers: [] })),
  // 'Usuários': no account held by the login limits.
  http.get('/api/users/login-locks', () => HttpResponse.json({ data: [] })),
  // The accreditation desk's offline replica (docs/offline-desk.md): an event without participants.
  http.get('/api/offline/replica', ({ request }) => {
    const eventId = Number(new URL(request.url).searchParams.get('eventId'));
    return HttpResponse.json(emptyReplica(eventId));
  }),
  http.get('/api/offline/issues', () => HttpResponse.json({ data: [] })),
  http.get('/api/layouts/badge', () =>
    HttpResponse.json<LayoutDto>({
      document: 'badge',
      custom: false,
      layout: DEFAULT_LAYOUTS.badge,
      updatedAt: null,
      updatedBy: null,
      images: {},
    }),
  ),
];

/** GET /api/offline/replica of an event the server holds no participant of. */
export function emptyReplica(eventId: number): OfflineReplicaDto {
  const now = new Date().toISOString();
  return {
    event: { id: eventId, name: 'Evento', linkCourseware: false, printEnabled: true },
    lookupSalt: '0'.repeat(64),
    passPublicKey: '0'.repeat(64),
    full: true,
    nextAfterId: null,
    participants: [],
    removed: [],
    centers: [],
    total: 0,
    cursor: now,
    readAt: now,
  };
}

export const server = setupServer(...defaultHandlers);
