import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SETUP_STEPS, type AppConfig, type SetupStatus } from '@balcao/contract';
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
  http.get('/api/config', () => HttpResponse.json<AppConfig>({ appMode: 'production' })),
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
];

export const server = setupServer(...defaultHandlers);
