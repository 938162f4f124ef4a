import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AppConfig } from '@balcao/contract';

/** Calls every signed-in page makes; tests override them with `server.use(...)`. */
export const defaultHandlers = [
  http.get('/api/config', () => HttpResponse.json<AppConfig>({ appMode: 'production' })),
  http.get('/api/events/selected', () =>
    HttpResponse.json(
      { error: 'not_found', error_description: 'Nenhum evento selecionado.' },
      { status: 404 },
    ),
  ),
];

export const server = setupServer(...defaultHandlers);
